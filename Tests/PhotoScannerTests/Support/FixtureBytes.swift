/// Builds tiny JPEG, PNG and EXIF byte streams by hand, so each fixture says in code exactly what
/// it exercises (a JFIF segment first, an XMP APP1 before the EXIF one, a big-endian EXIF, …).
/// Only the parts a header read looks at are real; there is no decodable pixel data.
enum FixtureBytes {
    // MARK: EXIF

    enum ByteOrder {
        case littleEndian  // "II"
        case bigEndian  // "MM"
    }

    /// One IFD entry whose value fits inline in the entry.
    struct Entry {
        var tag: UInt16
        var type: UInt16 = 3  // SHORT
        var count: UInt32 = 1
        var value: UInt32

        static func orientation(_ value: UInt32) -> Entry { Entry(tag: 0x0112, value: value) }
        /// Make (0x010F) pointing nowhere useful: filler that is not Orientation.
        static let filler = Entry(tag: 0x011A, type: 4, count: 1, value: 72)
    }

    /// A TIFF-structured EXIF payload: header, IFD0 and optionally IFD1 (the thumbnail's IFD).
    static func tiff(_ order: ByteOrder, ifd0: [Entry], ifd1: [Entry]? = nil) -> [UInt8] {
        var bytes: [UInt8] = order == .littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        bytes += u16(42, order) + u32(8, order)
        let ifd0Length = 2 + ifd0.count * 12 + 4
        bytes += u16(UInt16(ifd0.count), order)
        for entry in ifd0 { bytes += encode(entry, order) }
        bytes += u32(ifd1 == nil ? 0 : UInt32(8 + ifd0Length), order)
        if let ifd1 {
            bytes += u16(UInt16(ifd1.count), order)
            for entry in ifd1 { bytes += encode(entry, order) }
            bytes += u32(0, order)
        }
        return bytes
    }

    // MARK: JPEG

    /// A JPEG header: SOI, the given segments, SOF0 with the size, SOS and a few bytes of scan.
    static func jpeg(
        width: UInt16, height: UInt16, segments: [[UInt8]] = [], progressive: Bool = false
    ) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for segment in segments { bytes += segment }
        // SOF0 (or SOF2): precision 8, height, width, one component (id 1, sampling 1x1, table 0).
        bytes += marker(
            progressive ? 0xC2 : 0xC0, [8] + be16(height) + be16(width) + [1, 1, 0x11, 0])
        // SOS: one component, tables 0/0, spectral selection 0..63, no approximation.
        bytes += marker(0xDA, [1, 1, 0x00, 0, 63, 0])
        bytes += [0x12, 0x34, 0x56, 0xFF, 0xD9]
        return bytes
    }

    static func app0JFIF() -> [UInt8] {
        marker(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0] + be16(1) + be16(1) + [0, 0])
    }

    static func app1EXIF(_ tiff: [UInt8]) -> [UInt8] {
        marker(0xE1, Array("Exif".utf8) + [0, 0] + tiff)
    }

    static func app1XMP() -> [UInt8] {
        let packet = "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF/></x:xmpmeta>"
        return marker(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8))
    }

    static func marker(_ code: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, code] + be16(UInt16(payload.count + 2)) + payload
    }

    // MARK: PNG

    /// A PNG header: signature, IHDR, the given chunks, one IDAT and IEND.
    static func png(width: UInt32, height: UInt32, chunks: [[UInt8]] = [], interlaced: Bool = false)
        -> [UInt8]
    {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, interlace flag.
        bytes += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, interlaced ? 1 : 0])
        for extra in chunks { bytes += extra }
        bytes += chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        bytes += chunk("IEND", [])
        return bytes
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
    }

    // MARK: Integers

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
            UInt8(value & 0xFF),
        ]
    }

    static func u16(_ value: UInt16, _ order: ByteOrder) -> [UInt8] {
        order == .bigEndian ? be16(value) : be16(value).reversed()
    }

    static func u32(_ value: UInt32, _ order: ByteOrder) -> [UInt8] {
        order == .bigEndian ? be32(value) : be32(value).reversed()
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, as zlib computes it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

extension FixtureBytes {
    fileprivate static func encode(_ entry: Entry, _ order: ByteOrder) -> [UInt8] {
        var bytes = u16(entry.tag, order) + u16(entry.type, order) + u32(entry.count, order)
        // A SHORT sits in the first two bytes of the value field, in the file's byte order.
        if entry.type == 3 {
            bytes += u16(UInt16(truncatingIfNeeded: entry.value), order) + [0, 0]
        } else {
            bytes += u32(entry.value, order)
        }
        return bytes
    }
}
