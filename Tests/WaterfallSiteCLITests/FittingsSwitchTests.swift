import Foundation
import TestSupport
import Testing

/// `WATERFALL_SITE_NO_FITTINGS=1` (Sources/ProcessFittings) on the built binary: the switch
/// changes how `scan --json` writes its records (one thread fewer, seen through strace) and
/// nothing that any command writes.
@Suite("Process fittings switch", .serialized)
struct FittingsSwitchTests {
    let binary: URL
    static let off = ["WATERFALL_SITE_NO_FITTINGS": "1"]
    static let strace = ["/usr/bin/strace", "/bin/strace"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// 2,400 small photos in 12 folders: enough records (a thousand a run) for two threads.
    static func photos() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for index in 0..<2_400 {
            try folder.write(
                "folder \(index % 12)/photo \(index).png",
                GeneratedPhoto.png(width: 1 + index % 7, height: 1 + index % 5, seed: index % 3))
        }
        return folder
    }

    /// How many threads `arguments` started, from strace's record of its clone calls.
    func threadsStarted(_ arguments: [String], in folder: URL, off: Bool) throws -> Int {
        let log = folder.appending(path: "strace-\(UUID().uuidString).txt")
        let run = try ProcessRun(
            URL(fileURLWithPath: try #require(Self.strace)),
            ["-f", "-qq", "-e", "trace=clone,clone3", "-o", log.path, binary.path] + arguments,
            in: folder, environment: off ? Self.off : [:])
        #expect(run.status == 0, "stderr: \(run.error)")
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("clone") && $0.contains("CLONE_THREAD") }.count
    }

    @Test(
        "with the switch, scan --json writes its records without a thread of their own",
        .enabled(if: strace != nil, "strace is not installed (scripts/install-dependencies.sh)"))
    func switchChangesBehaviour() throws {
        let photos = try Self.photos()
        let scan = ["scan", photos.path, "--json", "--jobs", "2"]
        let on = try threadsStarted(scan, in: photos.url, off: false)
        let off = try threadsStarted(scan, in: photos.url, off: true)
        #expect(on == off + 1, "threads started: \(on) with the fittings, \(off) without")
    }

    @Test("scan --json and the site are byte for byte the same with the fittings off")
    func sameBytes() throws {
        let photos = try Self.photos()
        let scan = ["scan", photos.path, "--json", "--jobs", "2"]
        let on = try ProcessRun(binary, scan)
        let off = try ProcessRun(binary, scan, environment: Self.off)
        #expect(on.status == 0 && off.status == 0)
        #expect(on.output.count > 2_400 * 100 && on.output == off.output)

        let work = try TemporaryFolder()
        for (site, environment) in [("site-on", [:]), ("site-off", Self.off)] {
            let run = try ProcessRun(
                binary,
                ["build", Repository.sampleImages.path, "-o", site, "--quiet", "--no-renditions"],
                in: work.url, environment: environment)
            #expect(run.status == 0 && run.output.isEmpty && run.error.isEmpty, "\(run.error)")
        }
        #expect(
            try EndToEndTests.tree(work.url.appending(path: "site-on"))
                == EndToEndTests.tree(work.url.appending(path: "site-off")))
    }
}
