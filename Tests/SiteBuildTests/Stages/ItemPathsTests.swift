import Testing

@testable import SiteBuild

@Suite("Item page paths")
struct ItemPathsTests {
    @Test("Readable slugs of the folders and the name, any script kept, separators as hyphens")
    func slugs() {
        #expect(
            ItemPaths.paths(for: [
                "Ceramics/red-bowl-with-fig.jpg", "Travel/harbour at dusk.jpg", "Marigold.JPG",
                "Café/Crème brûlée.png", "Travel/Japan 2019/京都.jpg", "!!!.jpg", "a/.hidden",
            ]) == [
                "items/ceramics/red-bowl-with-fig.html", "items/travel/harbour-at-dusk.html",
                "items/marigold.html", "items/café/crème-brûlée.html",
                "items/travel/japan-2019/京都.html", "items/photo.html", "items/a/hidden.html",
            ])
    }

    @Test("A name spelled decomposed (as a Mac writes it) gets the composed form's slug")
    func composedSlugs() {
        let paths = ItemPaths.paths(for: ["Cafe\u{301}/Cre\u{300}me.jpg", "Caf\u{E9}/x.jpg"])
        #expect(
            paths.map { Array($0.utf8) } == [
                Array("items/caf\u{E9}/cr\u{E8}me.html".utf8), Array("items/caf\u{E9}/x.html".utf8),
            ])
    }

    @Test("Folder slugs kept from photo to photo give each the path it gets alone")
    func folderByFolder() {
        let photos = [
            "a.jpg", "Ceramics/Red Bowl.jpg", "Ceramics/Blue Cup.png", "Ceramics/Sub/x.jpg",
            "Ceramics/x.jpg", "Ärger/Schön.JPG", ".hidden", "f/.dotfile", "f/", "g/h/i/j.k.jpg",
            "caf%E9/%FF.jpg", "Ceramics/Red Bowl.v2.jpg", "", "a//b.jpg", "/root.jpg",
        ]
        #expect(ItemPaths.paths(for: photos) == photos.map(ItemPaths.plainPath))
    }

    @Test("Names that meet in one slug each get a hash of their own path, the same in any company")
    func collisions() {
        let pair = ItemPaths.paths(for: ["red-bowl.jpg", "Red Bowl.png", "cup.jpg"])
        #expect(pair[0] != pair[1])
        #expect(pair[0].hasPrefix("items/red-bowl-") && pair[1].hasPrefix("items/red-bowl-"))
        #expect(pair[2] == "items/cup.html")
        // Adding photos that meet no one leaves every path as it was.
        let more = ItemPaths.paths(for: [
            "new.jpg", "red-bowl.jpg", "Red Bowl.png", "cup.jpg", "z.jpg",
        ])
        #expect(Array(more[1...3]) == pair)
    }

    @Test("A name that is not UTF-8 (an escaped path) gets a page whose path is valid UTF-8")
    func invalidUTF8() {
        // FileNameText escapes the byte 0xFF as %FF; the page path shows its bytes, not the escape.
        let paths = ItemPaths.paths(for: ["Shop/bowl%FF.jpg", "Shop/bowl-plain.jpg"])
        #expect(paths[0].utf8.allSatisfy { $0 != UInt8(ascii: "%") })
        #expect(paths[0].hasPrefix("items/shop/bowl"))
        #expect(Set(paths).count == 2)
    }
}
