import Foundation
import TestSupport
import Testing

@testable import SiteBuild

/// Where the build's records live and when they move, in-process: beside the output, never in it,
/// replaced only together with the site they describe.
@Suite("Output folder records")
struct OutputFolderTests {
    /// A previous build in `work/site`, with records beside it that say `previous`.
    static func previousBuild() throws -> (work: TemporaryFolder, output: OutputFolder) {
        let work = try TemporaryFolder()
        try work.write("site/" + OutputFolder.markerName, OutputFolder.markerText)
        try work.write("site/index.html", "previous site")
        try work.write(".site" + BuildCache.fileName, "previous")
        return (work, OutputFolder(work.url.appending(path: "site")))
    }

    func text(_ work: TemporaryFolder, _ path: String) -> String? {
        try? String(contentsOf: work.url.appending(path: path), encoding: .utf8)
    }

    @Test("New records wait beside the staging folder and replace the previous ones with the site")
    func recordsMoveWithTheSwap() throws {
        let (work, output) = try Self.previousBuild()
        #expect(output.records.lastPathComponent == ".site.waterfall-site-cache")
        #expect(output.recordsToLoad?.path == output.records.path)
        try output.prepareStaging()
        try output.write("new site", to: "index.html")
        try output.stageRecords(Data("new".utf8))
        #expect(
            text(work, ".site.waterfall-site-cache") == "previous",
            "the previous site is still in place")
        try output.swapIn(records: true)
        #expect(text(work, "site/index.html") == "new site")
        #expect(text(work, ".site.waterfall-site-cache") == "new")
        #expect(!FileManager.default.fileExists(atPath: output.stagedRecords.path))
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "site" + "/" + BuildCache.fileName).path))
    }

    @Test(
        "Without new records the previous ones stay; a failed build leaves them and removes its own"
    )
    func recordsKeptOrLeft() throws {
        let (work, output) = try Self.previousBuild()
        try output.prepareStaging()
        try output.write("same site", to: "index.html")
        try output.swapIn(records: false)
        #expect(text(work, ".site.waterfall-site-cache") == "previous")

        let failing = OutputFolder(work.url.appending(path: "site"))
        try failing.prepareStaging()
        try failing.stageRecords(Data("never swapped in".utf8))
        failing.removeStaging()
        #expect(text(work, ".site.waterfall-site-cache") == "previous")
        #expect(!FileManager.default.fileExists(atPath: failing.stagedRecords.path))
    }

    @Test(
        "Records an older version kept inside the site are read first; none are read for a folder that is no build"
    )
    func recordsToLoad() throws {
        let (work, output) = try Self.previousBuild()
        try work.write("site/" + BuildCache.fileName, "inside")
        #expect(output.recordsToLoad?.path == output.url.path + "/" + BuildCache.fileName)
        try FileManager.default.removeItem(
            at: work.url.appending(path: "site/" + OutputFolder.markerName))
        #expect(OutputFolder(work.url.appending(path: "site")).recordsToLoad == nil)
    }
}
