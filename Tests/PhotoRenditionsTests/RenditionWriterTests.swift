import CImageRenditions
import Foundation
import MasonryLayout
import Testing

@testable import PhotoRenditions

@Suite("Rendition writer: names, reuse, diagnostics, parallel")
struct RenditionWriterTests {
    let writer = RenditionWriter(
        encoder: RenditionEncoder(),
        widths: RenditionWidths(layout: RenditionWidthsTests.defaultLayout), jobs: 2)

    /// A folder with two photos and a truncated one, and the writer's view of them.
    func fixture() throws -> (folder: URL, photos: [RenditionWriter.Photo]) {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "renditions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appending(path: "photos"), withIntermediateDirectories: true)
        let wide = GeneratedImages.photo(width: 1200, height: 800)
        let small = GeneratedImages.photo(width: 240, height: 320)
        try Data(wide).write(to: folder.appending(path: "photos/wide.jpg"))
        try Data(small).write(to: folder.appending(path: "photos/small.jpg"))
        try Data(wide.prefix(wide.count / 2)).write(
            to: folder.appending(path: "photos/truncated.jpg"))
        let photos = [
            RenditionWriter.Photo(
                source: folder.appending(path: "photos/wide.jpg"), relativePath: "wide.jpg",
                orientation: 1,
                displaySize: RenditionSize(width: 1200, height: 800)),
            // Stored 240 × 320 with orientation 6: displayed 320 × 240.
            RenditionWriter.Photo(
                source: folder.appending(path: "photos/small.jpg"), relativePath: "small.jpg",
                orientation: 6,
                displaySize: RenditionSize(width: 320, height: 240)),
            RenditionWriter.Photo(
                source: folder.appending(path: "photos/truncated.jpg"),
                relativePath: "truncated.jpg",
                orientation: 1, displaySize: RenditionSize(width: 1200, height: 800)),
        ]
        return (folder, photos)
    }

    @Test(
        "Every rendition is written with its width, named by content; a broken photo gets a diagnostic"
    )
    func writes() throws {
        let (folder, photos) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appending(path: "site")
        let report = writer.write(photos, into: site.appending(path: "renditions"), reusing: nil)
        #expect(report.writeFailure == nil)
        #expect(report.encodedCount == 2)
        #expect(report.diagnostics.map(\.relativePath) == ["truncated.jpg"])
        #expect(report.diagnostics.first?.error.reason == .corruptData)
        let wide = try #require(report.renditions[0])
        #expect(wide.files.map(\.size.width) == [175, 227, 295, 383, 497, 646, 839, 986])
        #expect(wide.files.map(\.size.height) == [117, 151, 197, 255, 331, 431, 559, 657])
        #expect(wide.fallback.size.width == 497)
        let small = try #require(report.renditions[1])
        #expect(
            small.files.map(\.size) == [
                RenditionSize(width: 175, height: 131), RenditionSize(width: 227, height: 170),
                RenditionSize(width: 295, height: 221), RenditionSize(width: 320, height: 240),
            ])
        #expect(report.renditions[2] == nil)
        let encoder = RenditionEncoder()
        for file in wide.files + small.files {
            #expect(file.path.hasPrefix("renditions/"))
            #expect(file.path.hasSuffix("-\(file.size.width).jpg"))
            let bytes = try #require(
                FileManager.default.contents(atPath: site.appending(path: file.path).path))
            let pixels = try encoder.pixels(of: [UInt8](bytes), orientation: 1, size: file.size)
            #expect(pixels.bytes.count == file.size.width * file.size.height * 3)
        }
        // WebP beside the JPEGs (smaller for these smooth photos), at the same sizes: a WebP
        // file up to the widest a phone picks (383 px for these tiles), the JPEG's above it.
        for renditions in [wide, small] {
            #expect(renditions.sources.map(\.format) == [.webp])
            let source = try #require(renditions.sources.first)
            #expect(source.files.map(\.size) == renditions.files.map(\.size))
            for (file, jpeg) in zip(source.files, renditions.files) {
                let hasWebP = writer.widths.hasSources(width: file.size.width)
                #expect(file.path == (hasWebP ? jpeg.path.dropLast(3) + "webp" : jpeg.path))
            }
        }
        #expect(wide.sources[0].files.filter { $0.path.hasSuffix(".webp") }.count == 4)
        // Nothing else in the folder (no temporary files left behind).
        let names = try FileManager.default.contentsOfDirectory(
            atPath: site.appending(path: "renditions").path)
        let webpFiles = (wide.files + small.files).filter {
            writer.widths.hasSources(width: $0.size.width)
        }
        #expect(names.count == wide.files.count + small.files.count + webpFiles.count)
    }

    @Test("A rebuild reuses the previous renditions: nothing is encoded, the files are the same")
    func reuse() throws {
        let (folder, photos) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appending(path: "first/renditions")
        let second = folder.appending(path: "second/renditions")
        let initial = writer.write(photos, into: first, reusing: nil)
        let rebuilt = writer.write(photos, into: second, reusing: first)
        #expect(rebuilt.encodedCount == 0)
        #expect(rebuilt.reusedCount == 2)
        #expect(
            rebuilt.renditions
                == initial.renditions.map {
                    $0.map {
                        var r = $0
                        r.reused = true
                        return r
                    }
                })
        for file in try #require(rebuilt.renditions[0]).files {
            let name = String(file.path.dropFirst("renditions/".count))
            #expect(
                FileManager.default.contents(atPath: first.appending(path: name).path)
                    == FileManager.default.contents(atPath: second.appending(path: name).path))
        }
        // Other options give other names, so nothing stale is served from a cache.
        var other = writer
        other.encoder.options.quality = 60
        let requality = other.write(
            photos, into: folder.appending(path: "third/renditions"), reusing: first)
        #expect(requality.encodedCount == 2)
        #expect(requality.renditions[0]?.files[0].path != initial.renditions[0]?.files[0].path)
    }

    @Test("One worker and many give the same files")
    func deterministic() throws {
        let (folder, photos) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        var serial = writer
        serial.jobs = 1
        let a = serial.write(photos, into: folder.appending(path: "a"), reusing: nil)
        let b = writer.write(photos, into: folder.appending(path: "b"), reusing: nil)
        #expect(a.renditions == b.renditions)
        for file in try #require(a.renditions[0]).files {
            let name = String(file.path.dropFirst("renditions/".count))
            #expect(
                FileManager.default.contents(atPath: folder.appending(path: "a/\(name)").path)
                    == FileManager.default.contents(
                        atPath: folder.appending(path: "b/\(name)").path))
        }
    }

    @Test("Content hash: SHA-256 of the fingerprint and the bytes")
    func contentHash() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        #expect(ContentHash.hex([0xBA, 0x78]) == "ba78")
        let empty = ContentHash.name(of: [], fingerprint: "")
        // SHA-256 of a single 0 byte: 6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d
        #expect(empty == "6e340b9cffb37a989ca5")
    }

    /// The FIPS 180-4 examples, one block and two, and two million-byte messages that a single
    /// update hands to the block function in one call (the SHA extensions where the CPU has them):
    /// a million "a" is one block over and over, so the other (digest from Python's hashlib) has
    /// blocks that all differ. In parts of uneven sizes the block buffer is left part full, filled and skipped.
    @Test("SHA-256: FIPS 180-4 examples and a million varied bytes, whole and in uneven parts")
    func sha256Examples() {
        let examples: [(message: [UInt8], digest: String)] = [
            (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
                "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
            ),
            (
                (0..<1_000_000).map { UInt8($0 % 251) },
                "2c030d49ec131bfbbb446ad21e7a2f12cdb4f2f4f3fda3ac709dd2e68a4646c7"
            ),
        ]
        for (message, digest) in examples {
            #expect(Self.sha256(message, parts: [message.count]) == digest)
            #expect(Self.sha256(message, parts: [1, 63, 64, 65, 127, 4_096, 100_003]) == digest)
        }
    }

    /// SHA-256 of `bytes` given to `wfr_sha256_update` in parts of the sizes in `parts`, cycled.
    static func sha256(_ bytes: [UInt8], parts: [Int]) -> String {
        var context = wfr_sha256_context()
        wfr_sha256_init(&context)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var part = 0
            while start < buffer.count {
                let count = min(parts[part % parts.count], buffer.count - start)
                wfr_sha256_update(&context, buffer.baseAddress! + start, count)
                start += count
                part += 1
            }
        }
        var digest = [UInt8](repeating: 0, count: 32)
        wfr_sha256_final(&context, &digest)
        return ContentHash.hex(digest)
    }
}
