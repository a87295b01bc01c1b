import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

@Suite("metadata.csv")
struct MetadataTableTests {
    private func parse(_ text: String) throws -> PhotoMetadata {
        try MetadataTable.parse(Array(text.utf8))
    }

    private func problem(_ text: String) -> String {
        do {
            _ = try MetadataTable.parse(Array(text.utf8))
            return "(no error)"
        } catch {
            return error.description
        }
    }

    @Test("Quotes, doubled quotes, separators and line breaks inside fields")
    func quoting() throws {
        let metadata = try parse(
            "path,title,caption\r\n\"a,b.jpg\",\"Say \"\"hi\"\"\",\"two\r\nlines, one cell\"\r\nc.jpg,,plain\r\n"
        )
        #expect(metadata.photos["a,b.jpg"]?.title == "Say \"hi\"")
        #expect(metadata.photos["a,b.jpg"]?.caption == "two\nlines, one cell")
        #expect(metadata.photos["c.jpg"] == PhotoMetadata.Entry(caption: "plain"))
    }

    @Test(
        "Semicolons when the header uses them, a byte order mark, LF line ends, any column order and case"
    )
    func spreadsheetDialects() throws {
        let metadata = try MetadataTable.parse(
            [0xEF, 0xBB, 0xBF] + Array("Price; PATH ;Title\n€24,50;Ceramics/bowl.jpg;Bowl\n\n".utf8)
        )
        #expect(
            metadata.photos["Ceramics/bowl.jpg"]
                == PhotoMetadata.Entry(title: "Bowl", price: "€24,50"))
    }

    @Test(
        "Folder rows (path ending in /) give section fields as JSON does; empty cells are left out; blank lines skipped"
    )
    func sections() throws {
        let withOptions = try parse(
            "path,footer,columns,insets\nTravel/,Seen on the road,\"0:1,800:2\",\"16,32\"\n./,Top,3,\n"
        )
        #expect(withOptions.sections["Travel"]?.options.footer == "Seen on the road")
        #expect(withOptions.sections["Travel"]?.options.columns?.map(\.columns) == [1, 2])
        #expect(withOptions.sections["Travel"]?.options.insets?.left == 32)
        #expect(withOptions.sections[""]?.options.columns?.map(\.columns) == [3])
        let metadata = try parse(
            "path,title,alt\nCeramics/,Hand-made ceramics,\n\nCeramics/cup.jpg,,\n,,\n")
        #expect(metadata.sections.mapValues(\.title) == ["Ceramics": "Hand-made ceramics"])
        #expect(metadata.photos["Ceramics/cup.jpg"] == PhotoMetadata.Entry())
    }

    @Test("The structured-data columns are read in any case, as metadata.json's keys")
    func structuredDataColumns() throws {
        let metadata = try parse(
            "path,price,Currency,credittext,License\na.jpg,24.50,CHF,Studio Fig,https://example.com/terms\n"
        )
        let entry = try #require(metadata.photos["a.jpg"])
        #expect(entry.currency == "CHF")
        #expect(entry.rights?.creditText == "Studio Fig")
        #expect(entry.rights?.license == "https://example.com/terms")
        #expect(!MetadataTable.columns.contains("currency"), "init's starter table leaves it out")
    }

    @Test(
        "Bad tables name the row and column",
        arguments: [
            (
                "path,titel\na.jpg,x\n",
                "the header, column B: unknown column 'titel' (did you mean 'title'? known: path, title, alt, caption, price, link, badge, availability, tags, footer, columns, insets"
            ),
            ("title\nx\n", "the header has no 'path' column"),
            ("path,title,title\n", "the header, column C: column 'title' appears twice"),
            (
                "path,title\na.jpg,\"never closed\n",
                "row 2 (line 2), column B: a quoted field is never closed"
            ),
            (
                "path,title\na.jpg,\"x\"y\n",
                "row 2 (line 2), column B: text after the closing quote"
            ),
            (
                "path,title\na.jpg,x \"y\"\n",
                "row 2 (line 2), column B: a quote inside a field that does not start with one"
            ),
            ("path,title\na.jpg,x,extra\n", "row 2 (line 2) has 3 cells, the header 2"),
            ("path,title\n\"multi\nline.jpg\",x\nb.jpg,x,y\n", "row 3 (line 4) has 3 cells"),
            ("path,title\n,Orphan title\n", "row 2 (line 2), column A ('path'): the path is empty"),
            ("path,title\na.jpg,x\n./a.jpg,y\n", "row 3 (line 3): './a.jpg' is already on row 2"),
            (
                "path,link\na.jpg,javascript:alert(1)\n",
                "row 2 (line 2), column B ('link'): must be an http(s) URL"
            ),
            (
                "path,alt\nCeramics/,Bowls\n",
                "row 2 (line 2), column B ('alt'): a folder's row (path ending in '/') can only fill title, footer, columns, insets"
            ),
            (
                "",
                "is empty; the first row names the columns: path,title,alt,caption,price,link,badge,availability,tags,footer,columns,insets"
            ),
            (
                "path,columns\nCeramics/,many\n",
                "row 2 (line 2), column B ('columns'): must be a column count or a list"
            ),
        ])
    func badTables(text: String, message: String) {
        let description = problem(text)
        #expect(description.contains(message), "got: \(description)")
    }

    @Test("Text that is not UTF-8 is refused with the fix")
    func notUTF8() {
        #expect(throws: MetadataTable.Problem.self) {
            try MetadataTable.parse(Array("path,title\na.jpg,".utf8) + [0xE9, 10])
        }
    }

    @Test(
        "Fields written by init read back as they were",
        arguments: ["plain", "a,b", "say \"hi\"", "two\nlines", " padded "])
    func fieldRoundTrip(value: String) throws {
        let text =
            "path,caption\r\na.jpg," + CSVText.field(value, separator: UInt8(ascii: ",")) + "\r\n"
        #expect(try parse(text).photos["a.jpg"]?.caption == value.trimmed)
    }

    @Test(
        "A name a spreadsheet would run as a formula is written after a ', and read back without it",
        arguments: [
            ("=HYPERLINK(1).jpg", "'=HYPERLINK(1).jpg"), ("+1.jpg", "'+1.jpg"),
            ("-1.jpg", "'-1.jpg"), ("@SUM.jpg", "'@SUM.jpg"), ("\tab.jpg", "'\tab.jpg"),
            ("'=kept.jpg", "''=kept.jpg"), ("it's.jpg", "it's.jpg"),
            ("a-b.jpg", "a-b.jpg"),
        ])
    func formulaNames(name: String, written: String) throws {
        let cell = CSVText.field(name, separator: UInt8(ascii: ","))
        #expect(cell == written)
        let metadata = try parse("path,title\r\n\(cell),T\r\n")
        #expect(metadata.photos[name]?.title == "T", "\(metadata.photos.keys)")
        // A lone CR reads back as a line break in any CSV reader, so it is checked written only.
        #expect(CSVText.field("\rcr.jpg", separator: UInt8(ascii: ",")) == "\"'\rcr.jpg\"")
    }

    @Test(
        "A control character in a cell is refused naming the row, column and character; tabs and line breaks are text",
        arguments: [
            (
                "path,title\na.jpg,x\u{0}y\n",
                "row 2 (line 2), column B ('title'), character 2: the cell holds the control character U+0000 (NUL)"
            ),
            (
                "path,caption\na.jpg,ok\nb.jpg,\"bell\u{7}\"\n",
                "row 3 (line 3), column B ('caption'), character 5: the cell holds the control character U+0007 (BEL)"
            ),
            (
                "path,title\na\u{0}.jpg,x\n",
                "row 2 (line 2), column A ('path'), character 2: the cell holds the control character U+0000 (NUL), which no file name can hold"
            ),
        ])
    func controlCharacters(text: String, message: String) throws {
        let description = problem(text)
        #expect(description.contains(message), "got: \(description)")
        let allowed = try parse("path,caption\na\u{1}.jpg,\"tab\there\r\nnext\"\n")
        #expect(allowed.photos["a\u{1}.jpg"]?.caption == "tab\there\nnext")
    }

    @Test("Spreadsheet column letters")
    func letters() {
        #expect(
            [1, 2, 26, 27, 52, 703].map(CSVText.columnLetters) == [
                "A", "B", "Z", "AA", "AZ", "AAA",
            ])
    }

    @Test(
        "Built from CSV: captions and section titles on the page; both files present is an error unless --metadata picks one"
    )
    func buildFromCSV() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/Ceramics/cups.jpg", Repository.samplePhoto())
        try folder.write(
            "photos/metadata.csv",
            "path;title;caption\nCeramics/;Hand-made;\nCeramics/cups.jpg;Cups;\"Stoneware; 18 cm\"\n"
        )
        let output = folder.url.appending(path: "site").path
        let built = CapturedRun([
            "build", folder.url.appending(path: "photos").path, "-o", output, "--no-renditions",
            "--quiet",
        ])
        #expect(built.exitCode == .success, "\(built.error)")
        let page = try String(
            contentsOf: folder.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(
            page.contains("Hand-made") && page.contains("Cups") && page.contains("Stoneware; 18 cm")
        )

        try folder.write(
            "photos/metadata.json", #"{"photos": {"Ceramics/cups.jpg": {"title": "From JSON"}}}"#)
        let both = CapturedRun([
            "build", folder.url.appending(path: "photos").path, "-o", output, "--no-renditions",
            "--quiet",
        ])
        #expect(both.exitCode == .failure)
        #expect(
            both.error.contains(
                "holds both metadata.json and metadata.csv; remove one, or choose one with --metadata FILE"
            ))
        let picked = CapturedRun([
            "build", folder.url.appending(path: "photos").path, "-o", output, "--no-renditions",
            "--quiet",
            "--metadata", folder.url.appending(path: "photos/metadata.json").path,
        ])
        #expect(picked.exitCode == .success)
        #expect(
            try String(contentsOf: folder.url.appending(path: "site/index.html"), encoding: .utf8)
                .contains("From JSON"))
    }
}
