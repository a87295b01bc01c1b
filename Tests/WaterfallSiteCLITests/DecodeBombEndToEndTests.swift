import Foundation
import TestSupport
import Testing

/// Decompression bombs through the built binary, measured: a container that claims a small size
/// around a huge frame is skipped by name at the scan, before any decoder runs; bombs inside the
/// pixel limit are decoded, but `--decode-memory` keeps `-j 4` from holding four at once. The
/// peak memory (max RSS) of the child is what `/usr/bin/time` reports.
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

    @Test(
        "Four 5000x5000 WebP bombs at -j 4 under --decode-memory 300MB are decoded one at a time",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func budgetBoundsJobs() throws {
        let work = try TemporaryFolder()
        for variant in 0..<4 {
            _ = try work.write(
                "photos/bomb\(variant).webp", DecodeBombs.webp(side: 5000, variant: UInt8(variant)))
        }
        let (single, alone) = try measured(
            ["build", "photos", "-o", "one", "-j", "1", "--decode-memory", "300MB"], in: work)
        #expect(single.status == 0, "\(single.error)")
        let (run, peak) = try measured(
            ["build", "photos", "-o", "four", "-j", "4", "--decode-memory", "300MB"], in: work)
        #expect(run.status == 0, "\(run.error)")
        // One bomb's decode holds about 200 MB (libwebp's ARGB frame and the RGB output); two
        // at once would pass 330 MB.
        #expect(peak < 280 << 20, "peak \(peak >> 20) MB at -j 4, \(alone >> 20) MB at -j 1")
    }

    @Test("--decode-memory and decodeMemory take bytes or a unit; anything else names the option")
    func optionParsing() throws {
        let work = try TemporaryFolder()
        _ = try work.write("photos/cups.jpg", try Repository.samplePhoto())
        let bad = try ProcessRun(
            binary, ["build", "photos", "--decode-memory", "lots"], in: work.url)
        #expect(bad.status == 64)
        #expect(
            bad.error.contains("option '--decode-memory' expects a number of bytes"), "\(bad.error)"
        )
        _ = try work.write("photos/waterfall.json", #"{"decodeMemory": "1KB"}"#)
        let small = try ProcessRun(binary, ["build", "photos", "-o", "site"], in: work.url)
        #expect(small.status == 1)
        #expect(
            small.error.contains("key 'decodeMemory' must be a number of bytes"), "\(small.error)")
        _ = try work.write("photos/waterfall.json", #"{"decodeMemory": "2GB"}"#)
        let good = try ProcessRun(binary, ["build", "photos", "-o", "site"], in: work.url)
        #expect(good.status == 0, "\(good.error)")
    }
}
