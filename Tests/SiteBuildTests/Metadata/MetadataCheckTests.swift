import Foundation
import InputFiles
import MasonryLayout
import SiteRenderer
import TestSupport
import Testing

@testable import SiteBuild

/// The metadata warnings `check` lists and `build` prints, and the readers' listing of every bad
/// entry for `check`.
@Suite("Checked metadata")
struct MetadataCheckTests {
    static func table(_ text: String) throws -> PhotoMetadata {
        try MetadataTable.parse(Array(text.utf8))
    }

    static func warnings(_ text: String, photos: [String]) throws -> [MetadataProblem] {
        MetadataCheck(metadata: try table(text), file: "metadata.csv", photoPaths: photos)
            .warnings()
    }

    /// A JSON file's photos, as `metadata.json` gives them.
    static func json(_ photos: [(String, [(String, String)])]) throws -> PhotoMetadata {
        var metadata = PhotoMetadata()
        for (path, fields) in photos {
            try metadata.addPhoto(path, fields.map { (key: $0.0, value: .string($0.1)) })
        }
        return metadata
    }

    @Test("A priced photo with no title is named by row and column; one with a title is not")
    func pricedWithoutTitle() throws {
        let warnings = try Self.warnings(
            "path,title,alt,price\na.jpg,,A red bowl,€24\nb.jpg,Blue bowl,,€30\nc.jpg,,,\n",
            photos: ["a.jpg", "b.jpg", "c.jpg"])
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.entry == "a.jpg" && warning.field == "title")
        #expect(
            warning.line.hasPrefix(
                "warning: metadata file 'metadata.csv': row 2 (line 2), column B ('title'): has a price but no title"
            ))
    }

    @Test(
        "A priced photo with neither alt text nor a title gets both warnings, the table's columns named even when missing"
    )
    func pricedWithoutDescription() throws {
        let warnings = try Self.warnings("path,price\nshelf/a.jpg,€24\n", photos: ["shelf/a.jpg"])
        #expect(warnings.map(\.field) == ["title", "alt"])
        #expect(
            warnings[1].text.contains("row 2 (line 2), column 'alt': has a price but no alt text"))
    }

    @Test("JSON entries are named by their key and field")
    func jsonPlaces() throws {
        let metadata = try Self.json([("Ceramics/mug.jpg", [("price", "€24"), ("alt", "A mug")])])
        let warnings = MetadataCheck(
            metadata: metadata, file: "metadata.json", photoPaths: ["Ceramics/mug.jpg"]
        ).warnings()
        #expect(
            warnings.map(\.text) == [
                "metadata file 'metadata.json': photo 'Ceramics/mug.jpg' key 'title': has a price but no title, so the shop shows it as its file name or a number; give it a title"
            ])
    }

    @Test("A row naming no photo, and a folder row without photos, are warnings on the path")
    func rowsNamingNothing() throws {
        let warnings = try Self.warnings(
            "path,title\nBowls/,Bowls\nBowls/gone.jpg,Gone\nCups/,Cups\nCups/a.jpg,A\n",
            photos: ["Cups/a.jpg"])
        #expect(warnings.map(\.entry) == ["Bowls", "Bowls/gone.jpg"])
        #expect(warnings.allSatisfy { $0.field == "path" })
        #expect(
            warnings[0].text.hasSuffix("no photos in folder 'Bowls'; its section entry is unused"))
        #expect(
            warnings[1].text
                == "metadata file 'metadata.csv': row 3 (line 3), column A ('path'): no photo 'Bowls/gone.jpg' was found; its entry is unused"
        )
        // A priced row naming no photo is said to be unused, not to lack a title.
        let unused = try Self.warnings("path,price\ngone.jpg,€3\n", photos: ["a.jpg"])
        #expect(unused.map(\.field) == ["path"])
    }

    @Test("The top-level row's title is unused and says what to do instead; its footer is used")
    func topLevelRow() throws {
        let titled = try Self.warnings("path,title,footer\n./,Top,Bottom\n", photos: ["a.jpg"])
        #expect(titled.map(\.field) == ["title"])
        #expect(titled[0].entry == "")
        #expect(titled[0].text.contains("row 2 (line 2), column B ('title')"))
        #expect(titled[0].text.contains("the site's title"))
        #expect(try Self.warnings("path,footer\n./,Bottom\n", photos: ["a.jpg"]).isEmpty)
        // Without top-level photos the row names no photos at all: that warning, not this one.
        let empty = try Self.warnings("path,title\n./,Top\n", photos: ["Cups/a.jpg"])
        #expect(empty.map(\.field) == ["path"])
        var metadata = PhotoMetadata()
        try metadata.addSection(".", [(key: "title", value: .string("Top"))])
        let json = MetadataCheck(metadata: metadata, file: "m.json", photoPaths: ["a.jpg"])
        #expect(json.warnings().map(\.text).first?.contains("section '.' key 'title'") == true)
    }

    @Test("Warnings come in the file's row order, each row's in the rules' order")
    func order() throws {
        let warnings = try Self.warnings(
            "path,title,price\nz.jpg,,€1\ngone.jpg,G,\n./,Top,\na.jpg,,€2\n",
            photos: ["a.jpg", "z.jpg"])
        #expect(
            warnings.map { "\($0.entry ?? "?"):\($0.field ?? "")" } == [
                "z.jpg:title", "z.jpg:alt", "gone.jpg:path", ":title", "a.jpg:title", "a.jpg:alt",
            ])
    }

    @Test("A clean table has no warnings")
    func clean() throws {
        #expect(
            try Self.warnings(
                "path,title,alt,price\n./,,,\nCups/,Cups,,\nCups/a.jpg,A,An A,€2\nb.jpg,B,,\n",
                photos: ["Cups/a.jpg", "b.jpg"]
            ).isEmpty)
    }

    @Test("Every sale the build refuses is an error naming its row, not just the first")
    func saleErrors() throws {
        let metadata = try Self.table(
            "path,price,compareAtPrice\na.jpg,€10,€5\nb.jpg,€10,€20\nc.jpg,,€9\n")
        let errors = MetadataCheck(
            metadata: metadata, file: "metadata.csv", photoPaths: ["a.jpg", "b.jpg", "c.jpg"]
        ).saleErrors(currency: nil, language: "en")
        #expect(errors.map(\.entry) == ["a.jpg", "c.jpg"])
        #expect(errors.allSatisfy { $0.severity == .error && $0.field == "compareAtPrice" })
        #expect(
            errors[0].line.hasPrefix(
                "error: metadata file 'metadata.csv': row 2 (line 2), column C ('compareAtPrice'): "
            ))
    }

    @Test(
        "Every section whose own layout cannot fit the gallery is an error naming its row and column"
    )
    func sectionLayouts() throws {
        let metadata = try Self.table(
            "path,columns,insets\nA/,2,\nB/,400,\n./,,\"0,400\"\nC/,,\n")
        let renderer = try SiteRenderer(
            theme: Theme.builtIn(),
            options: SiteOptions(
                title: "",
                layout: LayoutOptions(breakpoints: [Breakpoint(minimumWidth: 320, columns: 2)])))
        let errors = MetadataCheck(metadata: metadata, file: "m.csv", photoPaths: [])
            .sectionLayoutErrors(renderer)
        #expect(errors.map(\.entry) == ["B", ""])
        #expect(errors.map(\.field) == ["columns", "insets"])
        #expect(
            errors[0].text.hasPrefix(
                "metadata file 'm.csv': row 3 (line 3), column B ('columns'): 400 columns are"))
    }

    @Test(
        "A table read for check hands over every bad row and keeps the good ones; the build's reading throws the first, in the same words"
    )
    func everyBadRow() throws {
        let text =
            "path,title,link,availability\na.jpg,A,www.shop.example/a,\nb.jpg,B,,\nc.jpg,C,,soon\n"
        var collected: [String] = []
        let metadata = try MetadataTable.parse(Array(text.utf8)) { collected.append($0) }
        #expect(collected.count == 2)
        #expect(collected[0].hasPrefix("row 2 (line 2), column C ('link'): "))
        #expect(collected[1].hasPrefix("row 4 (line 4), column D ('availability'): "))
        #expect(metadata.photos.keys.sorted() == ["b.jpg"])
        #expect(throws: MetadataTable.Problem.self) { try Self.table(text) }
        do throws(MetadataTable.Problem) {
            _ = try MetadataTable.parse(Array(text.utf8))
        } catch {
            #expect(error.description == collected[0])
        }
    }

    @Test("A JSON file read for check hands over every bad photo and section")
    func everyBadEntry() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "metadata.json",
            #"{"photos": {"a.jpg": {"link": "www.shop.example/a"}, "b.jpg": {"title": "B"}, "c.jpg": 3},"#
                + #" "sections": {"Cups": {"columns": "many"}}}"#)
        var collected: [String] = []
        let metadata = try PhotoMetadata.load(file, rule: InputFileRule(followsLinks: false)) {
            collected.append($0)
        }
        #expect(collected.count == 3)
        #expect(collected[0].contains("photo 'a.jpg' key 'link'"))
        #expect(collected[1].contains("photo 'c.jpg' must be an object"))
        #expect(collected[2].contains("section 'Cups' key 'columns'"))
        #expect(metadata.photos.keys.sorted() == ["b.jpg"])
        // Without collecting, the first bad entry fails the load, naming the file and the entry.
        let thrown = #expect(throws: SiteBuildError.self) {
            try PhotoMetadata.load(file, rule: InputFileRule(followsLinks: false))
        }
        guard case .invalidMetadata(let path, let reason) = thrown else {
            Issue.record("expected .invalidMetadata, got \(String(describing: thrown))")
            return
        }
        #expect("metadata file '\(path)': \(reason)" == collected[0])
    }
}
