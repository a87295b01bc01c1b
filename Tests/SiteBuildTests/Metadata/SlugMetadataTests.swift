import Testing

@testable import SiteBuild

@Suite("The slug column")
struct SlugMetadataTests {
    @Test(
        "A slug is its own slug: lower-case letters and digits of any script, single hyphens",
        arguments: ["everyday-mug", "mug2", "京都-2019", "tasse-à-café"])
    func valid(slug: String) throws {
        #expect(PhotoMetadata.slugProblem(slug) == nil)
        var metadata = PhotoMetadata()
        try metadata.addPhoto("a.jpg", [(key: "slug", value: .string(slug))])
        #expect(metadata.photos["a.jpg"]?.slug == slug)
    }

    @Test(
        "Anything else is an error of the slug key that says what to write",
        arguments: [
            ("Everyday Mug", "write 'everyday-mug'"), ("mug--2", "write 'mug-2'"),
            ("-mug", "write 'mug'"), ("mug.html", "write 'mug-html'"),
            ("items/mug", "write 'items-mug'"), ("!!!", "use letters or digits"),
        ])
    func invalid(slug: String, fix: String) {
        var metadata = PhotoMetadata()
        do {
            try metadata.addPhoto("a.jpg", [(key: "slug", value: .string(slug))])
            Issue.record("'\(slug)' was accepted")
        } catch {
            #expect(error.key == "slug")
            #expect(error.problem.contains("got '\(slug)'") && error.problem.contains(fix))
        }
    }

    @Test("A CSV row's bad slug names the file, the row, the column and the fix")
    func tableError() {
        let table = "path,title,slug\na.jpg,Mug,everyday-mug\nb.jpg,Cup,Blue Cup\n"
        do {
            _ = try MetadataTable.parse(Array(table.utf8))
            Issue.record("the bad slug was accepted")
        } catch {
            #expect(
                error.description.hasPrefix("row 3 (line 3), column C ('slug'): must be"),
                "\(error.description)")
            #expect(error.description.hasSuffix("got 'Blue Cup'; write 'blue-cup'"))
        }
    }
}
