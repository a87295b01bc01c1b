import CImageRenditions
import Foundation
import Testing

@testable import PhotoRenditions

@Suite("Rendition writer: placeholder colours, encoded or reused")
struct RenditionWriterPlaceholderTests {
    let writer = RenditionWriter(
        encoder: RenditionEncoder(),
        widths: RenditionWidths(layout: RenditionWidthsTests.defaultLayout), jobs: 2)

    /// A JPEG photo, red above and blue below, and a PNG with transparency, in a fresh folder.
    func fixture() throws -> (folder: URL, photos: [RenditionWriter.Photo]) {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "placeholders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appending(path: "photos"), withIntermediateDirectories: true)
        let pixels = PlaceholderColoursTests.halves(
            width: 600, height: 400, top: [210, 30, 20], bottom: [10, 40, 200])
        try Data(GeneratedImages.jpeg(pixels, width: 600, height: 400, model: .rgb)).write(
            to: folder.appending(path: "photos/halves.jpg"))
        var png = wfr_rendition()
        var message = [CChar](repeating: 0, count: Int(WFR_MESSAGE_CAPACITY))
        let rgba = GeneratedImages.gradient(width: 400, height: 300, channels: 4)
        #expect(wfr_encode_png(rgba, 400, 300, 4, nil, 0, &png, &message, message.count) == .ok)
        try Data(UnsafeBufferPointer(start: png.bytes, count: png.length)).write(
            to: folder.appending(path: "photos/clear.png"))
        wfr_rendition_free(&png)
        let photos = [
            RenditionWriter.Photo(
                source: folder.appending(path: "photos/halves.jpg"), relativePath: "halves.jpg",
                orientation: 1, displaySize: RenditionSize(width: 600, height: 400)),
            RenditionWriter.Photo(
                source: folder.appending(path: "photos/clear.png"), relativePath: "clear.png",
                orientation: 1, displaySize: RenditionSize(width: 400, height: 300)),
        ]
        return (folder, photos)
    }

    @Test("a JPEG photo gets its colours, the same when reused from a previous site; a PNG none")
    func encodedAndReused() throws {
        let (folder, photos) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appending(path: "first")
        let encoded = writer.write(photos, into: first, reusing: nil)
        let colours = try #require(encoded.renditions[0]?.placeholder)
        // The source's 4:2:0 chroma and the rendition's own JPEG round trip move a saturated
        // colour by a few levels.
        #expect(PlaceholderColoursTests.near(colours.top, [210, 30, 20], tolerance: 16))
        #expect(PlaceholderColoursTests.near(colours.bottom, [10, 40, 200], tolerance: 16))
        #expect(encoded.renditions[1]?.format == .png)
        #expect(encoded.renditions[1]?.placeholder == nil)

        let reused = writer.write(photos, into: folder.appending(path: "second"), reusing: first)
        #expect(reused.reusedCount == 2)
        #expect(reused.renditions[0]?.placeholder == colours)
        // Taken from a store instead of a previous site: the same bytes, the same colours.
        let stored = writer.write(
            photos, into: folder.appending(path: "third"), reusing: nil, store: first)
        #expect(stored.storeCount == 2)
        #expect(stored.renditions[0]?.placeholder == colours)
    }
}
