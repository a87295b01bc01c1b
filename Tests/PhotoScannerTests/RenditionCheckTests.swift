import Foundation
import Testing

@testable import PhotoScanner

/// The check of a rendition store's file (`wfs_check_rendition` through ``RenditionCheck``):
/// signature, complete structure and pixel size, each refusal with its own kind.
@Suite("Rendition check")
struct RenditionCheckTests {
    typealias Bytes = FixtureBytes

    static func check(
        _ bytes: [UInt8], _ format: RenditionCheck.Format, _ width: Int, _ height: Int
    ) -> RenditionCheck.Problem? {
        bytes.withUnsafeBufferPointer { buffer in
            do throws(RenditionCheck.Problem) {
                try RenditionCheck.check(buffer, format: format, width: width, height: height)
                return nil
            } catch {
                return error
            }
        }
    }

    /// A lossless WebP holding only its VP8L header: 14 bits of width - 1, 14 of height - 1.
    static func webp(width: UInt32, height: UInt32) -> [UInt8] {
        let packed = (width - 1) | ((height - 1) << 14)
        let vp8l: [UInt8] =
            [0x2F] + [0, 8, 16, 24].map { UInt8((packed >> UInt32($0)) & 0xFF) } + [0, 0, 0]
        let chunk = Array("VP8L".utf8) + le32(UInt32(vp8l.count)) + vp8l
        return Array("RIFF".utf8) + le32(UInt32(4 + chunk.count)) + Array("WEBP".utf8) + chunk
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        [0, 8, 16, 24].map { UInt8((value >> UInt32($0)) & 0xFF) }
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        Bytes.be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    @Test("whole files of the right format and size pass")
    func wholeFilesPass() {
        #expect(Self.check(Bytes.jpeg(width: 640, height: 427), .jpeg, 640, 427) == nil)
        #expect(Self.check(Bytes.png(width: 320, height: 200), .png, 320, 200) == nil)
        #expect(Self.check(Self.webp(width: 195, height: 260), .webp, 195, 260) == nil)
    }

    @Test("an empty file is refused as empty")
    func empty() {
        #expect(Self.check([], .jpeg, 640, 427)?.kind == .empty)
    }

    @Test("bytes of another format, or of none, are refused by their signature")
    func wrongFormat() {
        let html = Array("<!doctype html><title>x</title>".utf8)
        let refused = Self.check(html, .jpeg, 640, 427)
        #expect(refused?.kind == .wrongFormat)
        #expect(refused?.message == "its bytes are no image (not JPEG)")
        let png = Self.check(Bytes.png(width: 640, height: 427), .jpeg, 640, 427)
        #expect(png?.kind == .wrongFormat && png?.message == "its bytes are PNG, not JPEG")
        #expect(Self.check(Bytes.jpeg(width: 8, height: 8), .webp, 8, 8)?.kind == .wrongFormat)
        #expect(Self.check(Self.webp(width: 8, height: 8), .avif, 8, 8)?.kind == .wrongFormat)
    }

    @Test("a file cut short is refused as incomplete")
    func cutShort() {
        let jpeg = Bytes.jpeg(width: 640, height: 427)
        #expect(Self.check(Array(jpeg.dropLast(3)), .jpeg, 640, 427)?.kind == .incomplete)
        let png = Bytes.png(width: 320, height: 200)
        #expect(Self.check(Array(png.dropLast(1)), .png, 320, 200)?.kind == .incomplete)
        // A PNG whose first chunk is not IHDR.
        let reordered = Array(png.prefix(8)) + Bytes.chunk("tEXt", [65]) + Array(png.dropFirst(8))
        #expect(Self.check(reordered, .png, 320, 200)?.kind == .incomplete)
        let webp = Self.webp(width: 195, height: 260)
        #expect(Self.check(Array(webp.dropLast(2)), .webp, 195, 260)?.kind == .incomplete)
        #expect(Self.check(webp + [0, 0], .webp, 195, 260)?.kind == .incomplete)
    }

    @Test("AVIF boxes must tile the file, ftyp first, with meta and mdat")
    func avifBoxes() {
        let ftyp = Self.box("ftyp", Array("avif".utf8) + [0, 0, 0, 0] + Array("mif1".utf8))
        let meta = Self.box("meta", [0, 0, 0, 0])
        let mdat = Self.box("mdat", [1, 2, 3])
        // Tiled but with no image in its meta: the header reader refuses it.
        #expect(Self.check(ftyp + meta + mdat, .avif, 8, 8)?.kind == .unreadableHeader)
        #expect(
            Self.check(Array((ftyp + meta + mdat).dropLast()), .avif, 8, 8)?.kind == .incomplete)
        #expect(Self.check(ftyp + mdat, .avif, 8, 8)?.kind == .incomplete)
        #expect(Self.check(ftyp + meta + mdat + [0, 0, 0], .avif, 8, 8)?.kind == .incomplete)
    }

    /// An AVIF-branded file whose primary item is of no AV1 type (found by fuzz_store): its
    /// header is read, as HEIF.
    static let avifBrandOnOtherCodec: [UInt8] = Array(
        Data(
            base64Encoded: """
                AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUEAAAHDbWV0YQAAAAAAAAAhaGRscgEAAAAAAAAAcGljdAAAAAAAAAAA
                AAAAAAAAAAAOcGl0bQAAAAAAAQAAACxpbG9jAAAAAEQAAAIAAQAAAAEAAAIdAAAAcAACAAAAAQAAAesAAAAyAAAAQmlpbmYA
                AAAAAAIAAAAaaW5mZQIAAAAAAU1lbUZyZWVvbG9yAAAAABppbmZlAgAAAAACAABhdjAxQWxwaGEAAAAAGmlyZQBmAAAxAAAA
                DmF1eGwAAittAAEAAAEAaXBycAAAANdpcGNvAAAAFGlzcGUAAAAAAAAADAAAACIAAAAQcGl4aQAAAAADCgoKAAAADGF2MUOB
                IEAAAAAAE2NvbHJuY2x4AAIAAgACgAAAAChjbGFwAAAACAAAAAEAAAAKAAAAAQAAAAIAAAAB////+gAAAAEAAAAJaXJvdAEA
                AAAJaW1pcgEAAAAOcGl4aQAAAAABCgAAAAxhdjFDgQBcAAAAADhhdXhDAAAAAHVybjptcGVnOm1wZWdCOmNpY3A6c3lzdGVt
                czphdXhpbGkAAAIAYWxwaGEAAAAAIWlwbWEAAAAAAAABAgAABwECgwQFBgcAAgQBCIkqAAAAqm1kYXQSAAoFGA1uFjUyJxfA
                NNEA+ij2b+RGEh3WNT3bjacGmgf+//+uJhHRoS4dL7K17/oXDxIACgU4DW4WKTJlF8ANNNNEAPol7qZ61RaG/mip/C3rFCvk
                ehapG10WcUIywjgjjkoLuJ0h1e7HTqnwjMhCzixTz00w6GPvINDvxibVy+aWewvWCAPU9drLcP/+tgUNv/EdvNE1XeCFLTfE
                zb7lBLIAAAAsZnR5cGF2aXMAAAAAYXZpZmF2aXNtc2YxaXNvOG1pZjFtaWFmTUExQgAAAPJtZXRhAAAAAAAAAChoZGxyAAAA
                AAAAAABwaWN0AAAAAAAAAAAAAAAAbGliYXZpZgAAAAAOcGl0bQAAAAAAAQAAAB5pbG9jAAAAAEQAAAEAAQAAAAEAAAP/AAAA
                JwAAAChpaW5mAAAAAAABAAAAGmluZmUCAAAAAAEAAGF2MDFDb2xvcgAAAABqaXBycAAAAEtpcGNvAAAAFGlzcGUAAAAAAAAA
                lgAAAJYAAAAQcGl4aQAAAAADCAgIAAAADGF2MUOBAAwAAAAAE2NvbHJuY2x4AAEADQAGgAAAABdpcG1hAAAAAAAAAAEAAQQB
                AoMAAAAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEAAAJZdHJhawAAAGh0
                a2hkAQAAAAAABQAAAABNZW1GcmVlACxtZGgBAAAAAAAAAAAAAAAkZGluZgAAABxkcoAAAJAg
                """, options: .ignoreUnknownCharacters)!)

    @Test("an AVIF brand on an image the header reader finds is no AV1 is refused")
    func avifBrandOnOtherCodec() {
        let refused = Self.check(Self.avifBrandOnOtherCodec, .avif, 150, 150)
        #expect(refused?.kind == .wrongFormat)
        #expect(refused?.message == "its bytes are HEIC/HEIF, not AVIF")
    }

    @Test("a whole file of another pixel size is refused, with both sizes named")
    func wrongSize() {
        let refused = Self.check(Bytes.jpeg(width: 320, height: 213), .jpeg, 640, 427)
        #expect(refused?.kind == .wrongSize)
        #expect(
            refused?.message == "it is 320x213 pixels where its name and the photo make it 640x427")
        #expect(Self.check(Bytes.png(width: 320, height: 200), .png, 320, 201)?.kind == .wrongSize)
        #expect(Self.check(Self.webp(width: 195, height: 260), .webp, 260, 195)?.kind == .wrongSize)
    }

    @Test("a JPEG with an EXIF turn is refused: renditions are stored upright")
    func turned() {
        let exif = Bytes.app1EXIF(Bytes.tiff(.bigEndian, ifd0: [.orientation(6)]))
        let refused = Self.check(
            Bytes.jpeg(width: 640, height: 427, segments: [exif]), .jpeg, 640, 427)
        #expect(refused?.kind == .wrongSize)
    }

    @Test("a damaged JPEG header is refused as unreadable")
    func damagedHeader() {
        // SOI, then a segment whose length runs past the file, then EOI.
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x7F, 0xFF, 0x00, 0xFF, 0xD9]
        #expect(Self.check(bytes, .jpeg, 640, 427)?.kind == .unreadableHeader)
    }

    @Test("rendition file extensions name their formats")
    func extensions() {
        #expect(RenditionCheck.Format(fileExtension: "jpg") == .jpeg)
        #expect(RenditionCheck.Format(fileExtension: "avif") == .avif)
        #expect(RenditionCheck.Format(fileExtension: "jpeg") == nil)
    }
}
