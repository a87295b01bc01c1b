import Foundation
import TestSupport
import Testing

@testable import WaterfallSiteCLI

@Suite("init")
struct InitCommandTests {
    @Test(
        "init → fill in the CSV → build shows the captions; waterfall.json has the defaults and is read back"
    )
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/Ceramics/cups.jpg", Repository.samplePhoto())
        try folder.write("photos/wall-clock.jpg", Repository.samplePhoto("wall-clock.jpg"))
        let photos = folder.url.appending(path: "photos")
        let run = CapturedRun(["init", photos.path])
        #expect(run.exitCode == .success, "\(run.error)")
        #expect(run.output.contains("metadata.csv: 2 photos and 1 folder"))
        let table = try String(contentsOf: photos.appending(path: "metadata.csv"), encoding: .utf8)
        #expect(
            table
                == "path,title,alt,caption,price,link,badge,availability,tags,footer,columns,insets\r\nwall-clock.jpg,,,,,,,,,,,\r\nCeramics/,,,,,,,,,,,\r\nCeramics/cups.jpg,,,,,,,,,,,\r\n"
        )
        let settings = try BuildCommand.settings(
            from: ArgumentList([photos.path], options: BuildCommand.options, command: "build"))
        #expect(settings.title == "Photos" && settings.pageSize == 500 && settings.quality == 82)

        // As a spreadsheet would save it after editing.
        let edited = table.replacingOccurrences(
            of: "Ceramics/,,,,,,,,,,,", with: "Ceramics/,Hand-made cups,,,,,,,,Fired in our kiln,1,"
        )
        .replacingOccurrences(
            of: "Ceramics/cups.jpg,,,,,,,,,,,",
            with:
                "Ceramics/cups.jpg,Cups,,\"Stoneware, 9 cm\",€12,https://shop.example/cups,New,sold out,\"blue, stoneware\",,,"
        )
        try folder.write("photos/metadata.csv", edited)
        let built = CapturedRun([
            "build", photos.path, "-o", folder.url.appending(path: "site").path, "--no-renditions",
            "--quiet",
        ])
        #expect(built.exitCode == .success, "\(built.error)")
        let page = try String(
            contentsOf: folder.url.appending(path: "site/index.html"), encoding: .utf8)
        for text in [
            "Hand-made cups", "Fired in our kiln", "Cups", "Stoneware, 9 cm", "€12",
            #"<span class="wf-badge">New</span>"#, "Sold out",
        ] { #expect(page.contains(text), "\(text)") }
        let item = try String(
            contentsOf: folder.url.appending(path: "site/items/ceramics/cups.html"), encoding: .utf8
        )
        #expect(item.contains(#"href="https://shop.example/cups""#))
        // Its tags link their pages, and each tag page shows it.
        #expect(item.contains(#"<a href="../../tags/blue.html" dir="auto">blue</a>"#))
        let tagPage = try String(
            contentsOf: folder.url.appending(path: "site/tags/stoneware.html"), encoding: .utf8)
        #expect(tagPage.contains(#"href="../items/ceramics/cups.html""#))
    }

    @Test("A FIFO as metadata.csv is refused as not a regular file, never read (it would hang)")
    func fifoTable() throws {
        let binary = try #require(Repository.binary, "the waterfall-site executable was not built")
        let folder = try TemporaryFolder()
        let photos = folder.url.appending(path: "photos")
        try folder.write("photos/a.jpg", Repository.samplePhoto())
        let table = photos.appending(path: "metadata.csv")
        try #require(mkfifo(table.path, 0o644) == 0)
        let run = try ProcessRun(binary, ["init", photos.path])
        #expect(run.status == 1)
        #expect(
            run.error.contains("metadata file '\(table.path)': not a regular file (a FIFO)"),
            "\(run.error)")
    }

    @Test(
        "Run again, it never overwrites: it adds rows for new photos in the file's own separator and says how many"
    )
    func addsRows() throws {
        let folder = try TemporaryFolder()
        let photos = folder.url.appending(path: "photos")
        try folder.write("photos/a.jpg", Repository.samplePhoto())
        try folder.write("photos/waterfall.json", #"{"title": "Mine"}"#)
        try folder.write("photos/metadata.csv", "Path;Title\r\na.jpg;Kept\r\n")
        try folder.write("photos/Travel/b.jpg", Repository.samplePhoto("wall-clock.jpg"))
        let run = CapturedRun(["init", photos.path])
        #expect(run.exitCode == .success, "\(run.error)")
        #expect(run.output.contains("waterfall.json exists; left as it is"))
        #expect(run.output.contains("Added 1 photo and 1 folder to"))
        #expect(run.output.contains("(1 already listed)"))
        #expect(
            try String(contentsOf: photos.appending(path: "waterfall.json"), encoding: .utf8)
                == #"{"title": "Mine"}"#)
        #expect(
            try String(contentsOf: photos.appending(path: "metadata.csv"), encoding: .utf8)
                == "Path;Title\r\na.jpg;Kept\r\nTravel/;\r\nTravel/b.jpg;\r\n")
        let again = CapturedRun(["init", photos.path])
        #expect(
            again.output.contains(
                "already lists every photo (2 photos and 1 folder); nothing added"))
    }

    @Test("With a metadata.json, no CSV is written; a broken CSV is not added to")
    func otherFiles() throws {
        let folder = try TemporaryFolder()
        let photos = folder.url.appending(path: "photos")
        try folder.write("photos/a.jpg", Repository.samplePhoto())
        try folder.write("photos/metadata.json", "{}")
        let run = CapturedRun(["init", photos.path])
        #expect(run.output.contains("metadata.json exists, so no metadata.csv was written"))
        #expect(
            !FileManager.default.fileExists(atPath: photos.appending(path: "metadata.csv").path))
        try FileManager.default.removeItem(at: photos.appending(path: "metadata.json"))
        try folder.write("photos/metadata.csv", "path,nonsense\n")
        let broken = CapturedRun(["init", photos.path])
        #expect(broken.exitCode == .failure)
        #expect(broken.error.contains("unknown column 'nonsense'"))
        #expect(broken.error.contains("fix it before init adds rows to it"))
    }

    @Test(
        "Names a spreadsheet would run as formulas are written after a ' (built binary), and the filled-in rows still match their photos"
    )
    func formulaNames() throws {
        let binary = try #require(Repository.binary)
        let folder = try TemporaryFolder()
        let photos = folder.url.appending(path: "photos")
        for name in ["=cmd.jpg", "+1.jpg", "-2.jpg", "@sum.jpg"] {
            try folder.write("photos/\(name)", Repository.samplePhoto())
        }
        let run = try ProcessRun(binary, ["init", photos.path])
        #expect(run.status == 0, "\(run.error)")
        let table = try String(contentsOf: photos.appending(path: "metadata.csv"), encoding: .utf8)
        let paths = table.split(separator: "\r\n").dropFirst().map { $0.prefix { $0 != "," } }
        #expect(paths.sorted() == ["'+1.jpg", "'-2.jpg", "'=cmd.jpg", "'@sum.jpg"], "\(table)")
        try folder.write(
            "photos/metadata.csv",
            table.replacingOccurrences(of: "'=cmd.jpg,", with: "'=cmd.jpg,Formula title"))
        let built = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--no-renditions", "--quiet"],
            in: folder.url)
        #expect(built.status == 0, "\(built.error)")
        let page = try String(
            contentsOf: folder.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(page.contains("Formula title"))
        let again = try ProcessRun(binary, ["init", photos.path])
        #expect(again.output.contains("already lists every photo"), "\(again.output)")
    }
}
