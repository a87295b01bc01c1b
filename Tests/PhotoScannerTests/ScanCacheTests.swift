import Foundation
import Testing

@testable import PhotoScanner

@Suite("Scan cache")
struct ScanCacheTests {
    static func entry(_ path: String, size: Int64 = 1) -> ScanCache.Entry {
        let identity = FileIdentity(
            device: 1, inode: UInt64(path.utf8.count), size: size, modified: 0)
        return ScanCache.Entry(
            identity: identity,
            photo: ScannedPhoto(
                relativePath: path, format: .jpeg, storedWidth: 1, storedHeight: 1, orientation: 1,
                byteSize: size,
                identity: identity),
            warning: nil)
    }

    @Test("Stepping through the walk and the cache together pairs exactly the equal paths")
    func positionsPairEqualPaths() {
        let cache = ScanCache(
            entries: ["a.jpg", "b/c.jpg", "b/d2.jpg", "b/d10.jpg", "e.jpg", "z/y.png"].map {
                Self.entry($0)
            })
        // Added (a0, b/d3), gone (b/c, e), kept (a, b/d2, b/d10, z/y), and one that sorts last.
        let walk = ["a.jpg", "a0.jpg", "b/d2.jpg", "b/d3.jpg", "b/d10.jpg", "z/y.png", "zz.jpg"]
        #expect(cache.positions(of: walk) == [0, nil, 2, nil, 3, 5, nil])
        #expect(cache.positions(of: []) == [])
        #expect(ScanCache().positions(of: walk) == Array(repeating: nil, count: walk.count))
    }

    @Test("A path pairs only with the same bytes, not with its other Unicode form")
    func positionsPairBytes() {
        let composed = "Caf\u{E9}/a.jpg"
        let decomposed = "Cafe\u{301}/a.jpg"
        #expect(composed == decomposed, "one String to Swift")
        #expect(!composed.hasSameBytes(as: decomposed) && composed.hasSameBytes(as: composed))
        #expect("".hasSameBytes(as: "") && !"a".hasSameBytes(as: "ab"))
        let cache = ScanCache(entries: [Self.entry(composed)])
        #expect(cache.positions(of: [decomposed]) == [nil])
        #expect(cache.positions(of: [composed]) == [0])
    }

    @Test("A cache in another order never pairs different paths")
    func disorderedCacheIsOnlySlower() {
        let paths = ["b.jpg", "a.jpg", "c.jpg", "a.jpg"]
        let cache = ScanCache(entries: paths.map { Self.entry($0) })
        let walk = ["a.jpg", "b.jpg", "c.jpg"]
        for (path, position) in zip(walk, cache.positions(of: walk)) {
            if let position { #expect(cache.entries[position].photo.relativePath == path) }
        }
    }

    @Test("A rescan with the cache reads only what changed and returns the same result")
    func rescanUsesTheCache() throws {
        let folder = try ParallelScanTests.makeMixedFolder()
        let first = try folder.scan(jobs: 2)
        let cache = ScanCache(first)
        let again = try PhotoScanner(jobs: 2).scan(folder.url, cache: cache)
        #expect(again.cachedCount == first.photos.count)
        #expect(again.photos == first.photos && again.diagnostics == first.diagnostics)

        // A new file between two cached ones, and one cached file gone.
        try folder.write("day0/img0b.png", FixtureBytes.png(width: 7, height: 9))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("day1/img1.png"))
        let changed = try PhotoScanner(jobs: 2).scan(folder.url, cache: cache)
        #expect(changed.cachedCount == first.photos.count - 1)
        #expect(
            changed
                == (try PhotoScanner(jobs: 1).scan(folder.url)).withCachedCount(changed.cachedCount)
        )
    }
}

extension ScanResult {
    func withCachedCount(_ count: Int) -> ScanResult {
        var result = self
        result.cachedCount = count
        return result
    }
}
