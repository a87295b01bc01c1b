import Testing

@testable import PhotoScanner

/// EXIF orientation as browsers apply it: the display size swaps for orientations 5–8.
@Suite("EXIF orientation")
struct ExifOrientationTests {
    typealias Bytes = FixtureBytes

    /// Scans one file and returns its photo and any diagnostics for it.
    static func scanOne(_ name: String, _ bytes: [UInt8]) throws -> (
        ScannedPhoto?, [ScanDiagnostic]
    ) {
        let folder = try TemporaryFolder()
        try folder.write(name, bytes)
        let result = try folder.scan()
        return (result.photos.first, result.diagnostics)
    }

    @Test(
        "orientation from IFD0 in both byte orders",
        arguments: [Bytes.ByteOrder.littleEndian, .bigEndian], 1...8)
    func orientationInBothByteOrders(order: Bytes.ByteOrder, orientation: Int) throws {
        let exif = Bytes.tiff(order, ifd0: [.filler, .orientation(UInt32(orientation))])
        let (photo, diagnostics) = try Self.scanOne(
            "exif-orientation-\(orientation).jpg",
            Bytes.jpeg(width: 40, height: 30, segments: [Bytes.app1EXIF(exif)]))
        let measured = try #require(photo)
        #expect(diagnostics.isEmpty)
        #expect(measured.orientation == orientation)
        #expect(measured.storedWidth == 40 && measured.storedHeight == 30)
        let swapped = orientation >= 5
        #expect(measured.displayWidth == (swapped ? 30 : 40))
        #expect(measured.displayHeight == (swapped ? 40 : 30))
    }

    @Test("EXIF found after a JFIF APP0 and an XMP APP1")
    func exifAfterJFIFAndXMP() throws {
        let exif = Bytes.tiff(.bigEndian, ifd0: [.orientation(6)])
        let (photo, diagnostics) = try Self.scanOne(
            "jfif-then-xmp-then-exif-orientation-6.jpg",
            Bytes.jpeg(
                width: 64, height: 48,
                segments: [Bytes.app0JFIF(), Bytes.app1XMP(), Bytes.app1EXIF(exif)]))
        #expect(diagnostics.isEmpty)
        #expect(photo?.orientation == 6)
        #expect(photo?.displayWidth == 48)
    }

    @Test("EXIF after a 60 KB APP2 segment the reader seeks over")
    func exifAfterLargeSkippedSegment() throws {
        // 32 KiB is the shim's read size: this segment ends beyond the first read, so libjpeg's
        // skip becomes an lseek, and the EXIF segment after it must still be found.
        let icc = Bytes.marker(
            0xE2, Array("ICC_PROFILE".utf8) + [0, 1, 1] + [UInt8](repeating: 0xAB, count: 60_000))
        let exif = Bytes.tiff(.littleEndian, ifd0: [.orientation(5)])
        let (photo, diagnostics) = try Self.scanOne(
            "icc-60k-then-exif-orientation-5.jpg",
            Bytes.jpeg(
                width: 640, height: 480, segments: [Bytes.app0JFIF(), icc, Bytes.app1EXIF(exif)]))
        #expect(diagnostics.isEmpty)
        #expect(photo?.orientation == 5)
        #expect(photo?.displayWidth == 480 && photo?.displayHeight == 640)
    }

    @Test("EXIF after twenty 60 KB extended-XMP APP1 segments")
    func exifAfterManyXMPSegments() throws {
        // Only the EXIF segment is kept; the others are skipped as they stream past.
        let xmp = Bytes.marker(
            0xE1,
            Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]
                + [UInt8](repeating: 0x20, count: 60_000))
        let exif = Bytes.tiff(.bigEndian, ifd0: [.orientation(8)])
        let (photo, diagnostics) = try Self.scanOne(
            "extended-xmp-then-exif-orientation-8.jpg",
            Bytes.jpeg(
                width: 640, height: 480,
                segments: Array(repeating: xmp, count: 20) + [Bytes.app1EXIF(exif)]))
        #expect(diagnostics.isEmpty)
        #expect(photo?.orientation == 8)
        #expect(photo?.displayWidth == 480)
    }

    @Test("an EXIF segment larger than one read")
    func exifSpanningReads() throws {
        // Orientation sits after 5,000 filler entries (60 KB), so the saved segment spans reads.
        let exif = Bytes.tiff(
            .bigEndian, ifd0: Array(repeating: .filler, count: 5_000) + [.orientation(7)])
        let (photo, diagnostics) = try Self.scanOne(
            "exif-60k-orientation-7.jpg",
            Bytes.jpeg(width: 640, height: 480, segments: [Bytes.app1EXIF(exif)]))
        #expect(diagnostics.isEmpty)
        #expect(photo?.orientation == 7)
    }

    @Test("an XMP APP1 without EXIF means orientation 1 and no warning")
    func xmpOnly() throws {
        let (photo, diagnostics) = try Self.scanOne(
            "xmp-only.jpg",
            Bytes.jpeg(width: 40, height: 30, segments: [Bytes.app0JFIF(), Bytes.app1XMP()]))
        #expect(diagnostics.isEmpty)
        #expect(photo?.orientation == 1)
    }

    @Test("only the first EXIF APP1 counts")
    func firstExifSegmentWins() throws {
        let first = Bytes.tiff(.littleEndian, ifd0: [.orientation(8)])
        let second = Bytes.tiff(.littleEndian, ifd0: [.orientation(3)])
        let (photo, _) = try Self.scanOne(
            "two-exif-segments.jpg",
            Bytes.jpeg(
                width: 10, height: 20, segments: [Bytes.app1EXIF(first), Bytes.app1EXIF(second)]))
        #expect(photo?.orientation == 8)
    }

    @Test("IFD1 (the thumbnail's) orientation is ignored")
    func ifd1Ignored() throws {
        let exif = Bytes.tiff(.littleEndian, ifd0: [.filler], ifd1: [.orientation(6)])
        let (photo, diagnostics) = try Self.scanOne(
            "ifd1-orientation-6-only.jpg",
            Bytes.jpeg(width: 40, height: 30, segments: [Bytes.app1EXIF(exif)]))
        #expect(diagnostics.isEmpty)
        #expect(photo?.orientation == 1)
        #expect(photo?.displayWidth == 40)
    }

    @Test("values outside 1–8 mean 1", arguments: [UInt32(0), 9, 255, 65535])
    func outOfRangeMeansOne(value: UInt32) throws {
        let exif = Bytes.tiff(.bigEndian, ifd0: [.orientation(value)])
        let (photo, diagnostics) = try Self.scanOne(
            "orientation-\(value).jpg",
            Bytes.jpeg(width: 40, height: 30, segments: [Bytes.app1EXIF(exif)]))
        #expect(diagnostics.isEmpty)
        #expect(photo?.orientation == 1)
        #expect(photo?.displayWidth == 40 && photo?.displayHeight == 30)
    }

    /// Malformed blocks, each a warning that still leaves a measured photo with orientation 1.
    static let malformedBlocks: [(name: String, tiff: [UInt8])] = {
        let valid = Bytes.tiff(.littleEndian, ifd0: [.filler, .orientation(6)])
        var badOffset = valid
        badOffset.replaceSubrange(4..<8, with: Bytes.u32(0xFFFF_FF00, .littleEndian))
        var hugeCount = Bytes.tiff(.bigEndian, ifd0: [.filler])
        hugeCount.replaceSubrange(8..<10, with: Bytes.be16(0xFFFF))
        return [
            ("truncated-tiff-header", Array(valid.prefix(5))),
            ("no-byte-order-mark", [0x58, 0x58] + valid.dropFirst(2)),
            ("bad-tiff-magic", [0x49, 0x49, 0x2B, 0x00] + valid.dropFirst(4)),
            ("ifd0-offset-past-end", badOffset),
            ("ifd0-truncated-mid-entry", Array(valid.prefix(8 + 2 + 12 + 5))),
            ("ifd0-entry-count-past-end", hugeCount),
            (
                "orientation-wrong-type",
                Bytes.tiff(
                    .bigEndian, ifd0: [Bytes.Entry(tag: 0x0112, type: 2, count: 8, value: 0)])
            ),
        ]
    }()

    @Test("malformed EXIF is a warning; the size is still read", arguments: malformedBlocks)
    func malformedExifWarns(block: (name: String, tiff: [UInt8])) throws {
        let (photo, diagnostics) = try Self.scanOne(
            "\(block.name).jpg",
            Bytes.jpeg(width: 40, height: 30, segments: [Bytes.app1EXIF(block.tiff)]))
        let measured = try #require(photo)
        #expect(measured.orientation == 1)
        #expect(measured.storedWidth == 40 && measured.storedHeight == 30)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.kind == .malformedExif)
        #expect(diagnostics.first?.isWarning == true)
        #expect(diagnostics.first?.message.hasPrefix("malformed EXIF") == true)
    }

    @Test("PNG eXIf chunk orientation", arguments: [Bytes.ByteOrder.littleEndian, .bigEndian])
    func pngExif(order: Bytes.ByteOrder) throws {
        let exif = Bytes.tiff(order, ifd0: [.orientation(6)])
        let (photo, diagnostics) = try Self.scanOne(
            "png-exif-orientation-6.png",
            Bytes.png(width: 120, height: 80, chunks: [Bytes.chunk("eXIf", exif)]))
        #expect(diagnostics.isEmpty)
        #expect(photo?.format == .png)
        #expect(photo?.orientation == 6)
        #expect(photo?.displayWidth == 80 && photo?.displayHeight == 120)
    }

    @Test("malformed PNG eXIf is a warning")
    func pngMalformedExif() throws {
        let (photo, diagnostics) = try Self.scanOne(
            "png-exif-garbage.png",
            Bytes.png(
                width: 12, height: 8, chunks: [Bytes.chunk("eXIf", [0x4D, 0x4D, 0, 42, 0xFF])]))
        #expect(photo?.storedWidth == 12)
        #expect(photo?.orientation == 1)
        #expect(diagnostics.map(\.kind) == [.malformedExif])
    }

    @Test("PNG without eXIf has orientation 1")
    func pngWithoutExif() throws {
        let (photo, diagnostics) = try Self.scanOne(
            "plain.png", Bytes.png(width: 3, height: 5, interlaced: true))
        #expect(diagnostics.isEmpty)
        #expect(photo?.orientation == 1 && photo?.displayWidth == 3 && photo?.displayHeight == 5)
    }
}
