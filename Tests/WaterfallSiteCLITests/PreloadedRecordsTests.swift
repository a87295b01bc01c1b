import Foundation
import TestSupport
import Testing

@testable import SiteBuild

/// The records `serve` reads ahead stand in for the file only while it is the file they were
/// read from.
@Suite("Preloaded records", .serialized)
struct PreloadedRecordsTests {
    @Test("The records read ahead are the file's while it is unchanged, and nothing once replaced")
    func standInOnlyForTheFileRead() throws {
        let binary = try #require(Repository.binary)
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try work.write("photos/Sub/b.jpg", try Repository.samplePhoto("wall-clock.jpg"))
        let build = ["build", "photos", "-o", "site", "--no-renditions", "--page-size", "1"]
        #expect(try ProcessRun(binary, build, in: work.url).status == 0)
        let records = work.url.appending(path: ".site.waterfall-site-cache")

        let preloaded = PreloadedRecords(recordsOf: work.url.appending(path: "site"))
        #expect(preloaded.path == records.path)
        let loaded = try #require(preloaded.loaded(for: records))
        let direct = BuildCache.load(from: records)
        #expect(loaded.warning == nil && direct.warning == nil)
        let cache = try #require(loaded.cache)
        #expect(cache.pages == direct.cache?.pages && cache.pages.count == 2)
        #expect(cache.scan.entries.map(\.photo.relativePath) == ["a.jpg", "Sub/b.jpg"])
        #expect(preloaded.loaded(for: work.url.appending(path: "other-cache")) == nil)

        // Another build replaces the file: what was read ahead no longer answers for it.
        #expect(
            try ProcessRun(binary, build + ["--column-spacing", "40"], in: work.url).status == 0)
        #expect(preloaded.loaded(for: records) == nil)
        #expect(PreloadedRecords(path: records.path).loaded(for: records)?.cache != nil)

        // No file: nothing read ahead, and the build reads (or misses) it itself.
        let missing = work.url.appending(path: "missing-cache")
        #expect(PreloadedRecords(path: missing.path).loaded(for: missing) == nil)
    }
}
