import Foundation
import TestSupport
import Testing

@testable import WaterfallSiteCLI

/// `serve` end to end: the built binary, on 127.0.0.1, watching a temporary photos folder.
@Suite("serve: watch, rebuild, live reload", .serialized)
struct ServeCommandTests {
    /// Seconds to wait for a rebuild to show: a bound against hanging, not a speed target.
    static let patience = 90.0

    /// A photos folder with two photos in two sections and a caption in metadata.json.
    private func photos() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("photos/Ceramics/cups.jpg", Repository.samplePhoto())
        try folder.write("photos/wall-clock.jpg", Repository.samplePhoto("wall-clock.jpg"))
        try folder.write(
            "photos/metadata.json",
            #"{"photos": {"Ceramics/cups.jpg": {"caption": "First caption"}}}"#)
        return folder
    }

    private func serve(_ folder: TemporaryFolder, _ extra: [String] = []) throws -> ServeProcess {
        try ServeProcess(
            [
                folder.url.appending(path: "photos").path, "-o",
                folder.url.appending(path: "site").path, "--port", "0", "--no-renditions",
            ] + extra)
    }

    @Test("Pages get the reload script as served; the files on disk never do")
    func injection() throws {
        let folder = try photos()
        let server = try serve(folder)
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.body.contains("First caption"))
        #expect(page.body.contains("new EventSource(\"/.waterfall-site/events\")"))
        let onDisk = try String(
            contentsOf: folder.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(!onDisk.contains("<script"))
        #expect(try server.get("/assets/waterfall.css").body.contains("EventSource") == false)
        #expect(server.interrupt() == 0)
        #expect(server.error.contains("Stopped serving."))
    }

    // How fast is the benchmark's to say (Benchmarks/run.sh, part serve); the waits here only
    // keep a broken watcher from hanging the run, long enough for a machine busy with other tests.
    @Test("A caption edit and an added photo show on the served page, with no restart")
    func rebuildsOnChange() throws {
        let folder = try photos()
        let server = try serve(folder)
        try folder.write(
            "photos/metadata.json",
            #"{"photos": {"Ceramics/cups.jpg": {"caption": "Second caption"}}}"#)
        try server.waitForPage(within: Self.patience) { $0.contains("Second caption") }
        try folder.write(
            "photos/Ceramics/new-bowl.jpg", Repository.samplePhoto("Ceramics/red-bowl-with-fig.jpg")
        )
        try server.waitForPage(within: Self.patience) { $0.contains("new-bowl.jpg") }
        #expect(server.error.contains("rebuilding"))
    }

    @Test(
        "The watcher survives the photos folder being renamed away and back, or deleted and re-created"
    )
    func folderReplaced() throws {
        let folder = try photos()
        let server = try serve(folder)
        let photosFolder = folder.url.appending(path: "photos")
        let aside = folder.url.appending(path: "photos-aside")
        try FileManager.default.moveItem(at: photosFolder, to: aside)
        try server.wait(for: "a failed rebuild", timeout: Self.patience) { _ in
            server.error.contains("does not exist") ? true : nil
        }
        // The previous site is still served.
        #expect(try server.get("/").body.contains("First caption"))
        try FileManager.default.moveItem(at: aside, to: photosFolder)
        try folder.write(
            "photos/metadata.json",
            #"{"photos": {"Ceramics/cups.jpg": {"caption": "After the move"}}}"#)
        try server.waitForPage(within: Self.patience) { $0.contains("After the move") }

        let failuresBefore = server.error.components(separatedBy: "does not exist").count
        try FileManager.default.removeItem(at: photosFolder)
        // Re-create it only once serve has seen it gone (a failed rebuild), so the re-creation is
        // a change of its own and not part of the deletion's events.
        try server.wait(for: "a failed rebuild after the deletion", timeout: Self.patience) { _ in
            server.error.components(separatedBy: "does not exist").count > failuresBefore
                ? true : nil
        }
        try folder.write("photos/Ceramics/cups.jpg", Repository.samplePhoto())
        try folder.write(
            "photos/metadata.json", #"{"photos": {"Ceramics/cups.jpg": {"caption": "Re-created"}}}"#
        )
        try server.waitForPage(within: Self.patience) {
            $0.contains("Re-created") && !$0.contains("wall-clock")
        }
    }

    @Test(
        "Rebuilds from the records read while serve waited equal a --no-cache build, also after a build from elsewhere replaced them"
    )
    func preloadedRecordsNeverMislead() throws {
        let binary = try #require(Repository.binary)
        let folder = try photos()
        // One photo a page: the wall clock's page is kept while its records say it is unchanged.
        let options = ["--no-renditions", "--page-size", "1"]
        let server = try serve(folder, ["--page-size", "1"])
        for caption in ["Second", "Third"] {
            try folder.write(
                "photos/metadata.json",
                #"{"photos": {"Ceramics/cups.jpg": {"caption": "\#(caption)"}}}"#)
            try server.waitForPage("/page-2.html", within: Self.patience) { $0.contains(caption) }
        }
        // A build from another terminal, with other options, replaces the site and its records
        // (the output is not watched); it may have to wait for serve to finish its swap.
        var other = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--column-spacing", "40"] + options,
            in: folder.url)
        // Retried until a deadline rather than a number of times: a slow machine's swap is longer.
        let deadline = Date().addingTimeInterval(Self.patience)
        while other.error.contains("busy") && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            other = try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--column-spacing", "40"] + options,
                in: folder.url)
        }
        #expect(other.status == 0, "\(other.error)")
        try folder.write(
            "photos/metadata.json", #"{"photos": {"Ceramics/cups.jpg": {"caption": "Fourth"}}}"#)
        try server.waitForPage("/page-2.html", within: Self.patience) { $0.contains("Fourth") }
        #expect(server.interrupt() == 0)

        let fresh = try ProcessRun(
            binary, ["build", "photos", "-o", "fresh", "--no-cache"] + options, in: folder.url)
        #expect(fresh.status == 0, "\(fresh.error)")
        let site = try EndToEndTests.tree(folder.url.appending(path: "site"))
        let reference = try EndToEndTests.tree(folder.url.appending(path: "fresh"))
        #expect(site.keys.sorted() == reference.keys.sorted())
        for (name, bytes) in reference where site[name] != bytes {
            Issue.record("\(name) differs from a build without the cache")
        }
    }

    @Test(
        "A failed rebuild is reported and the previous site keeps being served; the next good one replaces it"
    )
    func failedRebuild() throws {
        let folder = try photos()
        let server = try serve(folder)
        try folder.write(
            "photos/metadata.json", #"{"photos": {"Ceramics/cups.jpg": {"caption": 5}}}"#)
        try server.wait(for: "the error", timeout: Self.patience) { _ in
            server.error.contains("The previous site is still being served") ? true : nil
        }
        #expect(server.error.contains("key 'caption' must be a string"))
        let page = try server.get("/")
        #expect(page.status == 200 && page.body.contains("First caption"))
        try folder.write(
            "photos/metadata.json", #"{"photos": {"Ceramics/cups.jpg": {"caption": "Fixed"}}}"#)
        try server.waitForPage(within: Self.patience) { $0.contains("Fixed") }
        #expect(server.interrupt() == 0)
    }

    @Test("A taken port: the next free one is used and named")
    func portTaken() throws {
        let folder = try photos()
        let first = try serve(folder)
        let second = try ServeProcess([
            folder.url.appending(path: "photos").path, "-o",
            folder.url.appending(path: "site2").path, "--port", "\(first.port)", "--no-renditions",
        ])
        #expect(second.port != first.port)
        #expect(
            second.error.contains(
                "port \(first.port) is in use; serving on port \(second.port) instead"))
        #expect(try second.get("/").status == 200)
    }

    @Test(
        "Bad server options are usage errors",
        arguments: [
            (["--host", "example.com"], "option '--host' expects an IP address"),
            (
                ["--port", "70000"],
                "option '--port' expects a whole number from 0 to 65,535, got '70000'"
            ),
            (["--prot", "1"], "unknown option '--prot' (did you mean '--port'?)"),
        ])
    func badOptions(arguments: [String], message: String) {
        let run = CapturedRun(["serve", "photos"] + arguments)
        #expect(run.exitCode == .usage)
        #expect(run.error.contains(message), "stderr was: \(run.error)")
        #expect(run.error.contains("Usage: waterfall-site serve"))
    }
}
