import Foundation
import MasonryLayout
import Testing

@testable import PhotoRenditions

@Suite("Rendition writer: names, reuse, diagnostics, parallel")
struct RenditionWriterTests {
    let writer = RenditionWriter(
        encoder: RenditionEncoder(), widths: RenditionWidths(layout: RenditionWidthsTests.defaultLayout), jobs: 2)

    /// A folder with two photos and a truncated one, and the writer's view of them.
    func fixture() throws -> (folder: URL, photos: [RenditionWriter.Photo]) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "renditions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "photos"), withIntermediateDirectories: true)
        let wide = GeneratedImages.photo(width: 1200, height: 800)
        let small = GeneratedImages.photo(width: 240, height: 320)
        try Data(wide).write(to: folder.appending(path: "photos/wide.jpg"))
        try Data(small).write(to: folder.appending(path: "photos/small.jpg"))
        try Data(wide.prefix(wide.count / 2)).write(to: folder.appending(path: "photos/truncated.jpg"))
        let photos = [
            RenditionWriter.Photo(source: folder.appending(path: "photos/wide.jpg"), relativePath: "wide.jpg", orientation: 1,
                                  displaySize: RenditionSize(width: 1200, height: 800)),
            // Stored 240 × 320 with orientation 6: displayed 320 × 240.
            RenditionWriter.Photo(source: folder.appending(path: "photos/small.jpg"), relativePath: "small.jpg", orientation: 6,
                                  displaySize: RenditionSize(width: 320, height: 240)),
            RenditionWriter.Photo(source: folder.appending(path: "photos/truncated.jpg"), relativePath: "truncated.jpg",
                                  orientation: 1, displaySize: RenditionSize(width: 1200, height: 800)),
        ]
        return (folder, photos)
    }

    @Test("Every rendition is written with its width, named by content; a broken photo gets a diagnostic")
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
        #expect(wide.files.map(\.size.width) == [195, 292, 438, 657, 986])
        #expect(wide.files.map(\.size.height) == [130, 195, 292, 438, 657])
        #expect(wide.fallback.size.width == 657)
        let small = try #require(report.renditions[1])
        #expect(small.files.map(\.size) == [RenditionSize(width: 195, height: 146), RenditionSize(width: 320, height: 240)])
        #expect(report.renditions[2] == nil)
        let encoder = RenditionEncoder()
        for file in wide.files + small.files {
            #expect(file.path.hasPrefix("renditions/"))
            #expect(file.path.hasSuffix("-\(file.size.width).jpg"))
            let bytes = try #require(FileManager.default.contents(atPath: site.appending(path: file.path).path))
            let pixels = try encoder.pixels(of: [UInt8](bytes), orientation: 1, size: file.size)
            #expect(pixels.bytes.count == file.size.width * file.size.height * 3)
        }
        // Nothing else in the folder (no temporary files left behind).
        let names = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "renditions").path)
        #expect(names.count == 7)
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
        #expect(rebuilt.renditions == initial.renditions.map { $0.map { var r = $0; r.reused = true; return r } })
        for file in try #require(rebuilt.renditions[0]).files {
            let name = String(file.path.dropFirst("renditions/".count))
            #expect(FileManager.default.contents(atPath: first.appending(path: name).path)
                == FileManager.default.contents(atPath: second.appending(path: name).path))
        }
        // Other options give other names, so nothing stale is served from a cache.
        var other = writer
        other.encoder.options.quality = 60
        let requality = other.write(photos, into: folder.appending(path: "third/renditions"), reusing: first)
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
            #expect(FileManager.default.contents(atPath: folder.appending(path: "a/\(name)").path)
                == FileManager.default.contents(atPath: folder.appending(path: "b/\(name)").path))
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
}
