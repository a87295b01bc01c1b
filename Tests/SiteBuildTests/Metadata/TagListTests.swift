import PhotoScanner
import Testing

@testable import SiteBuild

@Suite("Tags in the metadata")
struct TagListTests {
    @Test("A comma-separated string or a JSON list; trimmed, each once by slug, in order")
    func parsing() throws {
        #expect(
            try TagList.tags(.string(" blue , Stoneware,, blue!,gifts "))
                == ["blue", "Stoneware", "gifts"])
        #expect(try TagList.tags(.array([.string("Red"), .string("red ")])) == ["Red"])
        #expect(try TagList.tags(.string("")) == [])
    }

    @Test("A number, a list of numbers or a tag of 61 characters is refused, saying why")
    func refused() {
        for value: JSONValue in [
            .number(3), .array([.number(1)]), .string(String(repeating: "x", count: 61)),
        ] {
            #expect(throws: PhotoMetadata.FieldProblem.self) { try TagList.tags(value) }
        }
    }

    @Test("A photo's tags reach the catalogue, which groups them by slug in slug order")
    func catalogueTags() throws {
        var metadata = PhotoMetadata()
        try metadata.addPhoto("a.jpg", [("tags", .string("Blue, gifts"))])
        try metadata.addPhoto("b.jpg", [("tags", .array([.string("blue")]))])
        let catalogue = Catalogue(
            photos: ["a.jpg", "b.jpg", "c.jpg"].map(CatalogueTests.photo), metadata: metadata,
            pageSize: 10)
        #expect(
            catalogue.tags() == [
                CatalogueTag(name: "Blue", positions: [0, 1]),
                CatalogueTag(name: "gifts", positions: [0]),
            ])
        #expect(
            TagIndexPages.covers(catalogue.tags()) == [1, 0],
            "the one-product tag chooses first; the other takes the photo left")
    }
}
