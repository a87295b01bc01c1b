import Foundation
import Testing

/// `WATERFALL_SITE_NO_FITTINGS=1` (Sources/ProcessFittings): the built binary, traced by strace,
/// stops restarting itself for huge pages and starting threads away from its own processor, and
/// writes the same bytes as with the fittings on.
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

    /// The system calls named in `calls` that `arguments` made, one line each, from strace.
    func traced(_ calls: String, _ arguments: [String], in folder: URL, off: Bool) throws
        -> [Substring]
    {
        let log = folder.appending(path: "strace-\(UUID().uuidString).txt")
        let run = try ProcessRun(
            URL(fileURLWithPath: try #require(Self.strace)),
            ["-f", "-qq", "-e", "trace=\(calls)", "-o", log.path, binary.path] + arguments,
            in: folder, environment: off ? Self.off : [:])
        #expect(run.status == 0, "stderr: \(run.error)")
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    }

    @Test(
        "with the switch, build does not restart itself and threads are not started elsewhere",
        .enabled(if: strace != nil, "strace is not installed (scripts/install-dependencies.sh)"))
    func switchChangesBehaviour() throws {
        let work = try TemporaryFolder()
        let build = ["build", Repository.sampleImages.path, "-o", "site", "--quiet"]
        let scan = ["scan", Repository.sampleImages.path, "--json", "--jobs", "2"]
        let restartsWhenOn =
            (try? String(
                contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8))?
            .contains("[madvise]") == true
        let onExecs = try traced("execve", build, in: work.url, off: false)
            .filter { $0.contains("execve(") && !$0.contains("strace") }
        let offExecs = try traced("execve", build, in: work.url, off: true)
            .filter { $0.contains("execve(") && !$0.contains("strace") }
        #expect(onExecs.count == (restartsWhenOn ? 2 : 1), "\(onExecs)")
        #expect(offExecs.count == 1, "\(offExecs)")
        #expect(onExecs.last?.contains("/proc/self/exe") == restartsWhenOn)

        let processors = ProcessInfo.processInfo.activeProcessorCount
        let onAffinity = try traced("sched_setaffinity", scan, in: work.url, off: false)
            .filter { $0.contains("sched_setaffinity(") }
        let offAffinity = try traced("sched_setaffinity", scan, in: work.url, off: true)
            .filter { $0.contains("sched_setaffinity(") }
        #expect(onAffinity.isEmpty == (processors < 2), "\(onAffinity)")
        #expect(offAffinity.isEmpty, "\(offAffinity)")
    }

    @Test("the site and scan --json are byte for byte the same with the fittings off")
    func sameBytes() throws {
        let work = try TemporaryFolder()
        for (site, environment) in [("site-on", [:]), ("site-off", Self.off)] {
            let run = try ProcessRun(
                binary, ["build", Repository.sampleImages.path, "-o", site, "--quiet"],
                in: work.url, environment: environment)
            #expect(run.status == 0 && run.output.isEmpty && run.error.isEmpty, "\(run.error)")
        }
        #expect(
            try EndToEndTests.tree(work.url.appending(path: "site-on"))
                == EndToEndTests.tree(work.url.appending(path: "site-off")))

        let scan = ["scan", Repository.sampleImages.path, "--json", "--jobs", "2"]
        let on = try ProcessRun(binary, scan, in: work.url)
        let off = try ProcessRun(binary, scan, in: work.url, environment: Self.off)
        #expect(on.status == 0 && off.status == 0)
        #expect(!on.output.isEmpty && on.output == off.output)
    }
}
