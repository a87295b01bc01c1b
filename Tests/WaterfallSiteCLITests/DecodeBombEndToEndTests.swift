import Foundation
import TestSupport
import Testing

/// Decompression bombs through the built binary, measured: a container that claims a small size
/// around a huge frame is skipped by name at the scan, before any decoder runs. The peak memory
/// (max RSS) of the child is what `/usr/bin/time` reports.
@Suite("Decompression bombs: refused or decoded in bounded memory", .serialized)
struct DecodeBombEndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// The command's result and its peak resident memory in bytes.
    func measured(_ arguments: [String], in folder: TemporaryFolder) throws -> (ProcessRun, Int) {
        let report = folder.url.appending(path: "rss.txt")
        let run = try ProcessRun(
            URL(fileURLWithPath: "/usr/bin/time"),
            ["-f", "%M", "-o", report.path, binary.path] + arguments, in: folder.url)
        let kilobytes = try String(contentsOf: report, encoding: .utf8)
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (run, try #require(kilobytes) * 1024)
    }

    @Test(
        "An AVIF whose ispe says 100x100 around a 17000x17000 AV1 frame is skipped by name, in little memory",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func ispeBombSkipped() throws {
        let work = try TemporaryFolder()
        _ = try work.write("photos/bomb.avif", DecodeBombs.ispeClaimingSmall)
        _ = try work.write("photos/cups.jpg", try Repository.samplePhoto())
        let (run, peak) = try measured(["build", "photos", "-o", "site", "-j", "2"], in: work)
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.error.contains(
                "bomb.avif: AVIF sizes disagree: ispe says 100x100 but the AV1 sequence header codes 17000x17000"
            ), "\(run.error)")
        #expect(peak < 300 << 20, "peak \(peak >> 20) MB")
    }
}
