import Testing

@testable import PhotoScanner

/// Whether a photo's EXIF says where it was taken (GPSLatitude and GPSLongitude in the GPS IFD),
/// which the build warns about before it publishes the original: JPEG, PNG and WebP.
@Suite("EXIF GPS position")
struct ExifGPSTests {
    typealias Bytes = FixtureBytes

    /// A TIFF block: IFD0 with the GPS IFD pointer (`pointer`, else where the GPS IFD is), the
    /// GPS IFD with GPSVersionID and, when given, GPSLatitude and GPSLongitude as degrees,
    /// minutes and seconds over 1 (`rationalCount` values each, 3 in a real file).
    static func exif(
        _ order: Bytes.ByteOrder, latitude: [UInt32]?, longitude: [UInt32]?,
        pointer: UInt32? = nil, rationalCount: UInt32 = 3
    ) -> [UInt8] {
        let u16 = { (value: UInt16) in Bytes.u16(value, order) }
        let u32 = { (value: UInt32) in Bytes.u32(value, order) }
        let gpsIFD: UInt32 = 8 + 2 + 12 + 4
        let entries = 1 + (latitude == nil ? 0 : 1) + (longitude == nil ? 0 : 1)
        var data = gpsIFD + 2 + 12 * UInt32(entries) + 4
        var bytes: [UInt8] = (order == .littleEndian ? Array("II".utf8) : Array("MM".utf8))
        bytes += u16(42) + u32(8)
        bytes += u16(1) + u16(0x8825) + u16(4) + u32(1) + u32(pointer ?? gpsIFD) + u32(0)
        bytes += u16(UInt16(entries)) + u16(0x0000) + u16(1) + u32(4) + [2, 3, 0, 0]
        var values: [UInt8] = []
        for (tag, degrees) in [(UInt16(2), latitude), (UInt16(4), longitude)] {
            guard let degrees else { continue }
            bytes += u16(tag) + u16(5) + u32(rationalCount) + u32(data)
            for value in degrees { values += u32(value) + u32(1) }
            data += UInt32(8 * degrees.count)
        }
        return bytes + u32(0) + values
    }

    static func hasPosition(_ exif: [UInt8], png: Bool = false) throws -> Bool? {
        let folder = try TemporaryFolder()
        if png {
            try folder.write(
                "placed.png", Bytes.png(width: 40, height: 30, chunks: [Bytes.chunk("eXIf", exif)]))
        } else {
            try folder.write(
                "placed.jpg", Bytes.jpeg(width: 40, height: 30, segments: [Bytes.app1EXIF(exif)]))
        }
        return try folder.scan().photos.first?.hasGPSPosition
    }

    @Test("A latitude and a longitude are a position, in either byte order, in JPEG and PNG")
    func position() throws {
        for order in [Bytes.ByteOrder.littleEndian, .bigEndian] {
            let exif = Self.exif(order, latitude: [48, 51, 24], longitude: [2, 21, 3])
            #expect(try Self.hasPosition(exif) == true)
            #expect(try Self.hasPosition(exif, png: true) == true)
        }
        // On the equator, or on the prime meridian: still a place.
        #expect(
            try Self.hasPosition(
                Self.exif(.littleEndian, latitude: [0, 0, 0], longitude: [36, 49, 0])) == true)
    }

    /// An extended WebP (VP8X with `flags`) of a 3×2 lossless image (libwebp's, by Pillow), with
    /// an `EXIF` chunk of `exif` after the image data, where writers put it, and before it an
    /// `XMP ` chunk of `xmp` spaces (past the scanner's first read when large).
    static func webp(exif: [UInt8], flags: UInt8 = 0x08, xmp: Int = 0) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        let image: [UInt8] = [
            0x2f, 0x02, 0x40, 0x00, 0x00, 0x07, 0x50, 0x8f, 0x22, 0x17, 0xa5, 0xff, 0x81, 0x88,
            0xe8,
            0x7f, 0x00,
        ]
        var chunks: [UInt8] = Array("VP8X".utf8) + le32(10) + [flags, 0, 0, 0, 2, 0, 0, 1, 0, 0]
        chunks += Array("VP8L".utf8) + le32(image.count) + image + [0]
        if xmp > 0 {
            chunks += Array("XMP ".utf8) + le32(xmp) + Array(repeating: 0x20, count: xmp + xmp % 2)
        }
        chunks += Array("EXIF".utf8) + le32(exif.count) + exif + (exif.count % 2 == 1 ? [0] : [])
        return Array("RIFF".utf8) + le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    @Test("A WebP's EXIF chunk, after its image data, gives the position and the date taken")
    func webpPosition() throws {
        let exif = Self.exif(.littleEndian, latitude: [48, 51, 24], longitude: [2, 21, 3])
        let folder = try TemporaryFolder()
        try folder.write("placed.webp", Self.webp(exif: exif))
        try folder.write("prefixed.webp", Self.webp(exif: Array("Exif".utf8) + [0, 0] + exif))
        try folder.write("unflagged.webp", Self.webp(exif: exif, flags: 0))
        try folder.write("far.webp", Self.webp(exif: exif, xmp: 100_001))
        try folder.write(
            "dated.webp",
            Self.webp(exif: ExifDateTests.exif(date: "2024:05:01 10:20:30", zone: nil)))
        let photos = Dictionary(
            uniqueKeysWithValues: try folder.scan().photos.map { ($0.relativePath, $0) })
        #expect(photos.count == 5 && photos["placed.webp"]?.storedWidth == 3)
        #expect(photos["far.webp"]?.hasGPSPosition == true, "read past the first window")
        #expect(photos["placed.webp"]?.hasGPSPosition == true)
        #expect(photos["prefixed.webp"]?.hasGPSPosition == true)
        #expect(
            photos["unflagged.webp"]?.hasGPSPosition == false,
            "without VP8X's EXIF flag the chunk is not looked for")
        #expect(photos["dated.webp"]?.dateTaken == 1_714_558_830)
        #expect(photos["dated.webp"]?.hasGPSPosition == false)
    }

    @Test("No position without a fix, without both coordinates, or from malformed entries")
    func noPosition() throws {
        // What cameras write without a fix: zeros, or the version alone.
        #expect(
            try Self.hasPosition(
                Self.exif(.littleEndian, latitude: [0, 0, 0], longitude: [0, 0, 0]))
                == false)
        #expect(try Self.hasPosition(Self.exif(.bigEndian, latitude: nil, longitude: nil)) == false)
        #expect(
            try Self.hasPosition(Self.exif(.littleEndian, latitude: [48, 51, 24], longitude: nil))
                == false)
        // A pointer outside the block, and coordinates that claim more values than the block has.
        #expect(
            try Self.hasPosition(
                Self.exif(
                    .littleEndian, latitude: [48, 0, 0], longitude: [2, 0, 0], pointer: 9_999))
                == false)
        #expect(
            try Self.hasPosition(
                Self.exif(.littleEndian, latitude: [48, 0], longitude: [2, 0], rationalCount: 3))
                == false)
        // No EXIF at all.
        let folder = try TemporaryFolder()
        try folder.write("plain.jpg", Bytes.jpeg(width: 40, height: 30))
        #expect(try folder.scan().photos.first?.hasGPSPosition == false)
    }
}
