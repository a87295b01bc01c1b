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

    /// Whether every name in `path` fits the file system's limit.
    private func fits(_ path: String) -> Bool {
        path.split(separator: "/").allSatisfy { $0.utf8.count <= 255 }
    }

    @Test(
        "A name too long for its page's name is cut at a character's edge and ends in a stable hash of the whole"
    )
    func longNames() {
        // 246 bytes of name: the slug doubles each letter's bytes as it lower-cases it.
        let dotted = String(repeating: "\u{130}", count: 123) + ".jpg"
        let long = String(repeating: "a", count: 247) + ".jpg"
        let sibling = String(repeating: "a", count: 247) + "b.jpg"
        let paths = ItemPaths.paths(for: [dotted, long, sibling, "short.jpg"])
        #expect(paths.allSatisfy(fits), "\(paths.map(\.utf8.count))")
        #expect(Set(paths).count == 4)
        #expect(paths[3] == "items/short.html")
        // Whole characters only: the cut name is the two-scalar "i̇" repeated, then the hash.
        let name = paths[0].dropFirst("items/".count).dropLast(".html".count + 9)
        #expect(!name.isEmpty && name.allSatisfy { $0 == "i\u{307}" }, "\(name)")
        #expect(paths[0].dropLast(5).suffix(9).first == "-")
        #expect(ItemPaths.paths(for: [dotted, long, sibling, "short.jpg"]) == paths)
        #expect(ItemPaths.paths(for: [long])[0] == paths[1], "the same in any company")
    }

    @Test("Long names whose slugs meet still get their own hash, within the limit")
    func longCollisions() {
        let name = String(repeating: "a", count: 247)
        let paths = ItemPaths.paths(for: [name + ".jpg", name.uppercased() + ".png"])
        #expect(paths[0] != paths[1])
        #expect(paths.allSatisfy(fits), "\(paths.map(\.utf8.count))")
    }

    @Test(
        "Folders too deep for the site's share of the path limit become one folder, stable and apart"
    )
    func deepFolders() {
        let part = String(repeating: "f", count: 200)
        let deep = Array(repeating: part, count: 19).joined(separator: "/")
        let photos = [
            deep + "/x/y-z/" + part + ".jpg", deep + "/x-y/z/" + part + ".jpg",
            deep + "/x-y/z/other.jpg", String(repeating: "g", count: 300) + "/a.jpg",
        ]
        let paths = ItemPaths.paths(for: photos)
        #expect(paths.allSatisfy { $0.utf8.count <= 1024 && fits($0) }, "\(paths)")
        #expect(Set(paths).count == 4)
        let folders = paths.map { $0.split(separator: "/").dropLast().joined(separator: "/") }
        #expect(folders[0] != folders[1] && folders[1] == folders[2])
        #expect(folders[3].hasPrefix("items/ggg") && folders[3].utf8.count == 6 + 255)
        #expect(photos.map(ItemPaths.plainPath) == paths)
    }

    @Test("The slug names the page, else the title's slug, else the file name; folders as ever")
    func chosenNames() {
        let photos = ["Ceramics/IMG_4521.jpg", "Ceramics/IMG_4522.jpg", "Ceramics/IMG_4523.jpg"]
        let naming = [
            ItemPaths.Naming(slug: "blue-mug", title: "Everyday mug"),
            ItemPaths.Naming(title: "Tasse à café, Grün"), nil,
        ]
        #expect(
            ItemPaths.paths(for: photos) { naming[$0] } == [
                "items/ceramics/blue-mug.html", "items/ceramics/tasse-à-café-grün.html",
                "items/ceramics/img-4523.html",
            ])
        // A title with nothing to make a slug of leaves the file name.
        #expect(
            ItemPaths.paths(for: ["a/IMG_1.jpg"]) { _ in ItemPaths.Naming(title: "★ ★") } == [
                "items/a/img-1.html"
            ])
    }

    @Test("Equal titles each get a hash of their photo's path; a chosen slug keeps its path")
    func titleCollisions() {
        let photos = ["Shop/a.jpg", "Shop/b.jpg", "Shop/c.jpg", "Other/d.jpg"]
        let paths = ItemPaths.paths(for: photos) { _ in ItemPaths.Naming(title: "Mug") }
        #expect(Set(paths).count == 4)
        #expect(paths[3] == "items/other/mug.html", "another folder meets no one")
        for index in 0..<3 {
            #expect(
                paths[index]
                    == "items/shop/mug-" + NameLength.hash(photos[index], digits: 6) + ".html")
        }
        // The same whatever else is in the folder, and whatever comes before.
        let more = ItemPaths.paths(for: ["Shop/0.jpg"] + photos) { index in
            index == 0 ? nil : ItemPaths.Naming(title: "Mug")
        }
        #expect(Array(more.dropFirst()) == paths)
        // The owner's slug wins over derived names; two equal slugs are both hashed.
        let chosen = ItemPaths.paths(for: ["Shop/a.jpg", "Shop/b.jpg", "Shop/mug.jpg"]) { index in
            index == 0 ? ItemPaths.Naming(slug: "mug") : ItemPaths.Naming(title: "Mug")
        }
        #expect(chosen[0] == "items/shop/mug.html")
        #expect(chosen[1].hasPrefix("items/shop/mug-") && chosen[2].hasPrefix("items/shop/mug-"))
        #expect(Set(chosen).count == 3)
        let twice = ItemPaths.paths(for: ["Shop/a.jpg", "Shop/b.jpg"]) { _ in
            ItemPaths.Naming(slug: "mug")
        }
        #expect(twice[0] != twice[1] && twice.allSatisfy { $0.hasPrefix("items/shop/mug-") })
    }

    @Test("A title too long for a name is cut with a hash, within the limit")
    func longTitles() {
        let title = String(repeating: "Mug ", count: 100)
        let paths = ItemPaths.paths(for: ["Shop/a.jpg"]) { _ in ItemPaths.Naming(title: title) }
        #expect(paths[0].hasPrefix("items/shop/mug-mug-") && fits(paths[0]), "\(paths)")
    }
}
