import Testing

@testable import PhotoScanner

/// The date taken (EXIF DateTimeOriginal in the Exif IFD), which the feed orders photos by.
@Suite("EXIF date taken")
struct ExifDateTests {
    typealias Bytes = FixtureBytes

    /// A little-endian TIFF block: IFD0 with the Exif IFD pointer, the Exif IFD with
    /// DateTimeOriginal `date` and, when given, OffsetTimeOriginal `zone`.
    static func exif(date: String, zone: String?, pointer: UInt32 = 26) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: UInt32) -> [UInt8] {
            [
                UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF),
                UInt8(value >> 24),
            ]
        }
        let entries = zone == nil ? 1 : 2
        let dataStart = UInt32(26 + 2 + 12 * entries + 4)
        var bytes: [UInt8] = Array("II".utf8) + u16(42) + u32(8)
        bytes += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(pointer) + u32(0)
        let dateBytes = Array(date.utf8) + [0]
        bytes += u16(entries) + u16(0x9003) + u16(2) + u32(UInt32(dateBytes.count)) + u32(dataStart)
        if let zone {
            bytes +=
                u16(0x9011) + u16(2) + u32(UInt32(zone.utf8.count + 1))
                + u32(dataStart + UInt32(dateBytes.count))
        }
        bytes += u32(0) + dateBytes
        if let zone { bytes += Array(zone.utf8) + [0] }
        return bytes
    }

    static func dateTaken(_ exif: [UInt8]) throws -> Int64? {
        let folder = try TemporaryFolder()
        try folder.write(
            "dated.jpg", Bytes.jpeg(width: 40, height: 30, segments: [Bytes.app1EXIF(exif)]))
        return try folder.scan().photos.first?.dateTaken
    }

    @Test("DateTimeOriginal at OffsetTimeOriginal's offset, or read as UTC without one")
    func dates() throws {
        #expect(
            try Self.dateTaken(Self.exif(date: "2024:05:01 12:20:30", zone: "+02:00"))
                == 1_714_558_830)
        #expect(
            try Self.dateTaken(Self.exif(date: "2024:05:01 10:20:30", zone: nil)) == 1_714_558_830)
        #expect(
            try Self.dateTaken(Self.exif(date: "2024:05:01 05:20:30", zone: "-05:00"))
                == 1_714_558_830)
    }

    @Test(
        "No date from an empty, malformed or out-of-bounds one",
        arguments: [
            "0000:00:00 00:00:00", "2024-05-01 10:20:30", "2024:13:01 10:20:30",
            "    :  :     :  :  ",
        ])
    func noDate(_ text: String) throws {
        #expect(try Self.dateTaken(Self.exif(date: text, zone: nil)) == nil)
    }

    @Test("A pointer outside the block is no date, and no warning about the orientation")
    func badPointer() throws {
        #expect(
            try Self.dateTaken(Self.exif(date: "2024:05:01 10:20:30", zone: nil, pointer: 9_999))
                == nil)
    }
}
