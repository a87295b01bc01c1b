import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// `renditions --shard I/N --store DIR` run as separate processes, as a batch engine runs them,
/// then `build --rendition-store DIR`.
@Suite("Rendition shards and the rendition store, end to end", .serialized)
struct RenditionStoreEndToEndTests {
    /// `count` sample photos (nine: in three folders).
    static func photos(_ count: Int = 9) throws -> TemporaryFolder {
        let work = try TemporaryFolder()
        let names = try FileManager.default.subpathsOfDirectory(
            atPath: Repository.sampleImages.path
        ).filter { $0.hasSuffix(".jpg") }.sorted().prefix(count)
        for name in names {
            try work.write(
                "photos/" + name,
                Data(contentsOf: Repository.sampleImages.appending(path: name)))
        }
        return work
    }

    /// Every file below `root` (relative path → bytes), the hidden `.incoming` folder aside.
    static func files(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root)
        where !path.hasPrefix(".incoming") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
        }
        return files
    }

    /// The incoming folders runs left in the store.
    static func incoming(_ store: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: store + "/.incoming")) ?? []
    }

    static func shard(_ binary: URL, _ photos: String, _ shard: String, _ store: String) throws
        -> ProcessRun
    {
        try ProcessRun(binary, ["renditions", photos, "--shard", shard, "--store", store])
    }

    /// The shards `shards` (such as "0/4") run at once, each its own process.
    static func shardsAtOnce(_ shards: [String], _ photos: String, _ store: String) throws
        -> [ProcessRun]
    {
        let binary = try #require(Repository.binary, "the executable was not built")
        let runs = Mutex<[ProcessRun]>([])
        DispatchQueue.concurrentPerform(iterations: shards.count) { index in
            if let run = try? Self.shard(binary, photos, shards[index], store) {
                runs.withLock { $0.append(run) }
            }
        }
        return runs.withLock { $0 }
    }

    /// A plain build (no store) of `work`'s photos into `work/plain`, the reference.
    static func buildPlain(_ work: TemporaryFolder) throws {
        let plain = CapturedRun([
            "build", work.path + "/photos", "-o", work.path + "/plain", "--quiet",
        ])
        try #require(plain.exitCode == .success, "\(plain.error)")
    }

    /// The renditions of the site at `site`, by the names a store gives them.
    static func renditions(ofSite site: String) throws -> [String: Data] {
        try files(site + "/renditions")
    }

    @Test("Four shards as four processes, then a build that encodes nothing and equals a plain one")
    func fourShards() throws {
        let binary = try #require(Repository.binary, "the executable was not built")
        let work = try Self.photos()
        let photos = work.path + "/photos"
        let store = work.path + "/store"
        let finished = try Self.shardsAtOnce(["0/4", "1/4", "2/4", "3/4"], photos, store)
        #expect(finished.count == 4 && finished.allSatisfy { $0.status == 0 })
        let encoded = finished.compactMap { run in
            SiteRendererTestsShim.match(#"photos → .*: (\d+) encoded"#, run.output).flatMap {
                Int($0)
            }
        }
        #expect(encoded.count == 4 && encoded.reduce(0, +) == 9, "\(finished.map(\.output))")
        #expect(encoded.filter { $0 > 0 }.count >= 2, "the photos spread over the shards")
        #expect(Self.incoming(store).isEmpty, "each run takes its incoming folder away")

        let fromStore = CapturedRun([
            "build", photos, "-o", work.path + "/from-store", "--rendition-store", store,
        ])
        #expect(fromStore.exitCode == .success, "\(fromStore.error)")
        #expect(
            fromStore.output.contains("9 photos' renditions from the rendition store, 0 encoded"),
            "\(fromStore.output)")
        try Self.buildPlain(work)
        let site = try Self.files(work.path + "/plain")
        #expect(try Self.files(work.path + "/from-store") == site, "byte for byte")
        // The store holds exactly the site's renditions, under the same names.
        #expect(try Self.files(store) == Self.renditions(ofSite: work.path + "/plain"))
        // A second run of a shard finds everything in the store.
        let again = try Self.shard(binary, photos, "0/4", store)
        #expect(again.status == 0 && again.output.contains(" 0 encoded"), "\(again.output)")
    }

    @Test("A shard killed mid-way leaves no file under its name half written; its re-run finishes")
    func killedShard() throws {
        let binary = try #require(Repository.binary, "the executable was not built")
        let work = try Self.photos()
        let photos = work.path + "/photos"
        let store = work.path + "/store"
        try Self.buildPlain(work)
        let expected = try Self.renditions(ofSite: work.path + "/plain")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["renditions", photos, "--shard", "0/1", "--store", store, "-j", "1"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it once some renditions are there and others are still to come.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && (try? Self.files(store).count) ?? 0 < 3 {
            Thread.sleep(forTimeInterval: 0.01)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let left = try Self.files(store)
        #expect(left.count < expected.count, "killed before the end")
        for (name, bytes) in left {
            #expect(expected[name] == bytes, "\(name) is whole")
        }
        #expect(Self.incoming(store).count == 1, "the killed run's temporaries are fenced off")

        let rerun = try Self.shard(binary, photos, "0/1", store)
        #expect(rerun.status == 0, "\(rerun.error)")
        #expect(Self.incoming(store).isEmpty, "the re-run removed the killed run's temporaries")
        #expect(try Self.files(store) == expected)
    }

    @Test("Two runs of the same shard at once (a retry beside the first) both succeed")
    func retriedShard() throws {
        let work = try Self.photos()
        let photos = work.path + "/photos"
        let store = work.path + "/store"
        let runs = try Self.shardsAtOnce(["1/2", "1/2", "0/2"], photos, store)
        #expect(runs.count == 3 && runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.error))")
        let build = CapturedRun([
            "build", photos, "-o", work.path + "/site", "--rendition-store", store,
        ])
        #expect(build.output.contains(", 0 encoded"), "\(build.output)")
        #expect(Self.incoming(store).isEmpty)
        // Every file whole: the store is exactly a plain build's renditions.
        try Self.buildPlain(work)
        #expect(try Self.files(store) == Self.renditions(ofSite: work.path + "/plain"))
    }

    @Test("--prune removes what no photo uses, and only that")
    func prune() throws {
        let binary = try #require(Repository.binary, "the executable was not built")
        let work = try Self.photos()
        let photos = work.path + "/photos"
        let store = work.path + "/store"
        #expect(try Self.shard(binary, photos, "0/1", store).status == 0)
        let before = try Self.files(store)
        // One photo leaves the folder; a file of another option set is in the store too.
        let gone = try #require(
            try FileManager.default.subpathsOfDirectory(atPath: photos).sorted().last {
                $0.hasSuffix(".jpg")
            })
        try FileManager.default.removeItem(atPath: photos + "/" + gone)
        try Data("x".utf8).write(to: URL(fileURLWithPath: store + "/0123456789abcdef0123-640.jpg"))
        try Data("own".utf8).write(to: URL(fileURLWithPath: store + "/README.txt"))
        let pruned = CapturedRun(["renditions", photos, "--store", store, "--prune"])
        #expect(pruned.exitCode == .success, "\(pruned.error)")
        let after = try Self.files(store)
        #expect(after["README.txt"] != nil, "a file of another name is left alone")
        #expect(after["0123456789abcdef0123-640.jpg"] == nil)
        let removed = Set(before.keys).subtracting(after.keys)
        #expect(!removed.isEmpty && removed.allSatisfy { before[$0] != nil })
        // What is left is exactly what a build of the remaining photos uses.
        let build = CapturedRun([
            "build", photos, "-o", work.path + "/site", "--rendition-store", store,
        ])
        #expect(build.output.contains(", 0 encoded"), "\(build.output)")
        let used = try Self.renditions(ofSite: work.path + "/site").keys
        #expect(
            Set(used)
                == Set(after.keys).subtracting(["README.txt"]))
    }

    /// A store file spoilt in one of the ways a store's name alone would not tell.
    enum BadFile: String, CaseIterable, Sendable {
        case symbolicLinkOutside, empty, html, otherSize, truncated

        /// What the warning says about it.
        var reason: String {
            switch self {
            case .symbolicLinkOutside: "it is a symbolic link"
            case .empty: "the file is empty"
            case .html: "its bytes are no image (not JPEG)"
            case .otherSize: "pixels where its name and the photo make it"
            case .truncated: "the JPEG is incomplete"
            }
        }

        /// Spoils the JPEG `name` in `store`; `wider` is another rendition of the same photo.
        func spoil(_ name: String, wider: String, in store: String, outside: String) throws {
            let path = store + "/" + name
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try FileManager.default.removeItem(atPath: path)
            switch self {
            case .symbolicLinkOutside:
                try Data("root:secret".utf8).write(to: URL(fileURLWithPath: outside))
                try FileManager.default.createSymbolicLink(
                    atPath: path, withDestinationPath: outside)
            case .empty:
                try Data().write(to: URL(fileURLWithPath: path))
            case .html:
                try Data("<!doctype html><p>not a photo</p>".utf8).write(
                    to: URL(fileURLWithPath: path))
            case .otherSize:
                try FileManager.default.copyItem(atPath: store + "/" + wider, toPath: path)
            case .truncated:
                try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
            }
        }
    }

    @Test(
        "A spoilt store file is not published: a warning, the photo encoded again, a plain build's site, exit 0; no later build keeps it",
        arguments: BadFile.allCases)
    func spoiltFile(_ bad: BadFile) throws {
        let work = try Self.photos(3)
        let photos = work.path + "/photos"
        let store = work.path + "/store"
        let site = work.path + "/site"
        let fill = CapturedRun(["renditions", photos, "--shard", "0/1", "--store", store])
        try #require(fill.exitCode == .success, "\(fill.error)")
        let jpegs = try FileManager.default.contentsOfDirectory(atPath: store)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        let name = jpegs[0]
        let wider = try #require(jpegs.first { $0 != name && $0.prefix(20) == name.prefix(20) })
        try bad.spoil(name, wider: wider, in: store, outside: work.path + "/shadow")

        let build = CapturedRun(["build", photos, "-o", site, "--rendition-store", store])
        #expect(build.exitCode == .success, "\(build.error)")
        let warnings = build.error.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "\(build.error)")
        #expect(
            warnings.first?.contains(store + "/" + name + ": not used from the rendition store: ")
                == true, "\(build.error)")
        #expect(warnings.first?.contains(bad.reason) == true, "\(build.error)")
        #expect(warnings.first?.contains("waterfall-site renditions") == true, "the fix")
        #expect(
            build.output.contains("2 photos' renditions from the rendition store, 1 encoded"),
            "\(build.output)")
        try Self.buildPlain(work)
        let plain = try Self.files(work.path + "/plain")
        #expect(try Self.files(site) == plain, "the photo's renditions encoded, byte for byte")
        let published = try FileManager.default.attributesOfItem(
            atPath: site + "/renditions/" + name)
        #expect(published[.type] as? FileAttributeType == .typeRegular)

        // A later build without the store starts from the site: nothing bad is there to keep.
        let later = CapturedRun(["build", photos, "-o", site])
        #expect(later.exitCode == .success && later.error.isEmpty, "\(later.error)")
        #expect(try Self.files(site) == plain)
        // A shard run checks the store's own files too, and replaces the spoilt one.
        let refill = CapturedRun(["renditions", photos, "--shard", "0/1", "--store", store])
        #expect(refill.exitCode == .success)
        #expect(refill.error.contains(store + "/" + name + ": not a usable rendition: "))
        #expect(try Self.files(store) == Self.renditions(ofSite: work.path + "/plain"))
    }

    @Test(
        "A spoilt file in the previous site is not reused by a build that reads it (--no-cache)",
        arguments: BadFile.allCases)
    func spoiltPreviousSite(_ bad: BadFile) throws {
        let work = try Self.photos(3)
        let photos = work.path + "/photos"
        try Self.buildPlain(work)
        let expected = try Self.files(work.path + "/plain")
        let renditions = work.path + "/plain/renditions"
        let jpegs = try FileManager.default.contentsOfDirectory(atPath: renditions)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        let name = jpegs[0]
        let wider = try #require(jpegs.first { $0 != name && $0.prefix(20) == name.prefix(20) })
        try bad.spoil(name, wider: wider, in: renditions, outside: work.path + "/shadow")

        let rebuild = CapturedRun(["build", photos, "-o", work.path + "/plain", "--no-cache"])
        #expect(rebuild.exitCode == .success, "\(rebuild.error)")
        #expect(
            rebuild.error.contains(
                renditions + "/" + name + ": not reused from the previous site: "),
            "\(rebuild.error)")
        #expect(rebuild.error.contains(bad.reason), "\(rebuild.error)")
        #expect(try Self.files(work.path + "/plain") == expected)
    }

    @Test("Usage errors name the option and exit 64")
    func usage() throws {
        for (arguments, message) in [
            (["renditions", "x", "--shard", "4/4", "--store", "s"], "--shard"),
            (["renditions", "x", "--shard", "0/4"], "--store"),
            (["renditions", "x", "--store", "s"], "either --shard I/N or --prune"),
            (["renditions", "x", "--store", "s", "--shard", "0/2", "--prune"], "either"),
        ] {
            let run = CapturedRun(arguments)
            #expect(run.exitCode == .usage, "\(arguments)")
            #expect(run.error.contains(message), "\(run.error)")
        }
        let work = try TemporaryFolder()
        let off = CapturedRun([
            "renditions", Repository.sampleImages.path, "--store", work.path + "/store",
            "--shard", "0/2", "--no-renditions",
        ])
        #expect(off.exitCode == .usage && off.error.contains("--no-renditions"), "\(off.error)")
        #expect(!FileManager.default.fileExists(atPath: work.path + "/store"))
        let missing = CapturedRun([
            "build", Repository.sampleImages.path, "-o", work.path + "/site",
            "--rendition-store", work.path + "/none",
        ])
        #expect(missing.exitCode == .failure && missing.error.contains("--rendition-store"))
        #expect(!FileManager.default.fileExists(atPath: work.path + "/site"), "before the scan")
    }
}
