import Foundation
import TestSupport
import Testing

/// A rebuild takes the previous site's originals folder over instead of placing every original
/// again; whatever happened in between, the result must equal a fresh build.
@Suite("Carried originals folder", .serialized)
struct CarriedFolderTests {
    let binary: URL
    let work: TemporaryFolder

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
        work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try work.write("photos/b.png", try Repository.samplePhoto("Ceramics/espresso-cup.png"))
        try work.write("photos/Sub/c.jpg", try Repository.samplePhoto("dogs-at-the-door.jpg"))
    }

    private func build(_ output: String, _ extra: [String] = []) throws -> ProcessRun {
        let run = try ProcessRun(
            binary, ["build", "photos", "-o", output, "--quiet"] + extra, in: work.url)
        #expect(run.status == 0, "\(run.error)")
        return run
    }

    /// Builds `site` as a rebuild and `fresh` from nothing, and requires the same files.
    private func expectRebuildEqualsFresh(_ step: String, _ extra: [String] = ["--no-renditions"])
        throws
    {
        _ = try build("site", extra)
        try? FileManager.default.removeItem(at: work.url.appending(path: "fresh"))
        _ = try build("fresh", extra)
        let site = try EndToEndTests.tree(work.url.appending(path: "site"))
        let fresh = try EndToEndTests.tree(work.url.appending(path: "fresh"))
        #expect(site.keys.sorted() == fresh.keys.sorted(), "\(step): the same files")
        for (name, bytes) in fresh where site[name] != bytes {
            Issue.record("\(step): \(name) differs from a fresh build")
        }
    }

    private func inode(_ relativePath: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(
            atPath: work.url.appending(path: relativePath).path)
        return try #require(attributes[.systemFileNumber] as? Int)
    }

    @Test("An unchanged rebuild keeps the originals folder itself; changes inside it arrive")
    func keepsTheFolder() throws {
        try expectRebuildEqualsFresh("first build")
        let folder = try inode("site/photos")
        try expectRebuildEqualsFresh("nothing changed")
        #expect(
            try inode("site/photos") == folder,
            "the previous originals folder was taken over, not rebuilt")

        try work.write("photos/a.jpg", try Repository.samplePhoto("Travel/wooden-pier.jpg"))
        try work.write("photos/New/d.jpg", try Repository.samplePhoto("wall-clock.jpg"))
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/Sub/c.jpg"))
        try expectRebuildEqualsFresh("changed, added and deleted")
        #expect(try inode("site/photos") == folder)
        #expect(
            try inode("site/photos/a.jpg") == inode("photos/a.jpg"),
            "the changed original is the new file")
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "site/photos/Sub").path), "an emptied folder goes")
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: work.url.appending(path: "site").path
            ).allSatisfy { !$0.hasPrefix(".incoming") },
            "no waiting room is published")
    }

    @Test("A photo that becomes a folder of the same name: everything is placed again")
    func fileBecomesFolder() throws {
        try expectRebuildEqualsFresh("first build")
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/a.jpg"))
        try work.write("photos/a.jpg/e.jpg", try Repository.samplePhoto("wall-clock.jpg"))
        try expectRebuildEqualsFresh("a.jpg is now a folder")
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/a.jpg"))
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try expectRebuildEqualsFresh("and a photo again")
    }

    @Test("Originals that stop being published (--no-original-link) leave the site, and come back")
    func publishedOriginalsFollowTheOptions() throws {
        try expectRebuildEqualsFresh("with originals", ["--renditions"])
        try expectRebuildEqualsFresh("without originals", ["--renditions", "--no-original-link"])
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "site/photos/a.jpg").path))
        try expectRebuildEqualsFresh("with originals again", ["--renditions"])
    }

    @Test(
        "A build killed during its swap: the next build puts the previous site back together first")
    func killedSwapIsRepaired() throws {
        try expectRebuildEqualsFresh("first build")
        // As a build killed after taking the originals folder over: the folder sits in its
        // staging folder (named after a process that cannot exist: pid_max is at most 4,194,304)
        // with the marker.
        let staging = ".site.staging-4999999"
        try FileManager.default.createDirectory(
            at: work.url.appending(path: staging), withIntermediateDirectories: true)
        try work.write("\(staging)/.carried-folders", "photos\n")
        try FileManager.default.moveItem(
            at: work.url.appending(path: "site/photos"),
            to: work.url.appending(path: "\(staging)/photos"))
        try expectRebuildEqualsFresh("after a kill in the swap")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: staging).path))

        // As a build killed between moving the previous site aside and moving the new one in.
        try FileManager.default.moveItem(
            at: work.url.appending(path: "site"),
            to: work.url.appending(path: ".site.previous-4999999"))
        try work.write("photos/Sub/c.jpg", try Repository.samplePhoto("Travel/wooden-pier.jpg"))
        let run = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.output.contains("2 unchanged photos not read again"),
            "the previous site and its cache came back: \(run.output)")
        try expectRebuildEqualsFresh("after a kill between the renames")
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: ".site.previous-4999999").path))
    }

    @Test(
        "A rebuild with renditions takes the renditions folder over: only what changed is written or removed"
    )
    func renditionsFolderIsCarried() throws {
        try work.write("photos/Sub/twin.jpg", try Repository.samplePhoto("dogs-at-the-door.jpg"))
        try expectRebuildEqualsFresh("first build", ["--renditions"])
        let folder = try inode("site/renditions")
        func renditions() throws -> Set<String> {
            Set(
                try FileManager.default.contentsOfDirectory(
                    atPath: work.url.appending(path: "site/renditions").path))
        }
        let first = try renditions()
        let kept = try first.map { try inode("site/renditions/\($0)") }

        try expectRebuildEqualsFresh("nothing changed", ["--renditions"])
        #expect(
            try inode("site/renditions") == folder, "the previous renditions folder was taken over")
        #expect(
            try first.map { try inode("site/renditions/\($0)") } == kept,
            "no rendition was written again")

        // c.jpg and twin.jpg have the same bytes, hence the same renditions: deleting one keeps them.
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/Sub/c.jpg"))
        try expectRebuildEqualsFresh("one of two twins deleted", ["--renditions"])
        #expect(try renditions() == first)

        try work.write("photos/a.jpg", try Repository.samplePhoto("Travel/wooden-pier.jpg"))
        try expectRebuildEqualsFresh("a photo changed", ["--renditions"])
        let changed = try renditions()
        #expect(
            !changed.isEmpty && changed != first && !changed.isSuperset(of: first),
            "the old photo's renditions went")
        #expect(try inode("site/renditions") == folder)
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "site/.incoming-renditions").path))

        // Other widths for every photo: one column makes every tile wider.
        try expectRebuildEqualsFresh("other layout", ["--renditions", "--breakpoints", "0:1"])
    }
}
