import Testing

@testable import PhotoScanner

/// Whether a photo's XMP packet says where it was taken (`exif:GPSLatitude` and
/// `exif:GPSLongitude`), as editors write it, sometimes with no EXIF position at all: a JPEG's
/// APP1 in the scanner's first read, a PNG's iTXt before the image data, a WebP's `XMP ` chunk.
@Suite("XMP GPS position")
struct XMPGPSTests {
    typealias Bytes = FixtureBytes

    static let attributes = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"
          exif:GPSLatitudeRef="N" exif:GPSLatitude = "48,51.4N" exif:GPSLongitude='2,21.05E'/>
        </rdf:RDF></x:xmpmeta>
        """
    static let elements = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/">
        <exif:GPSLatitude>0,0.0N</exif:GPSLatitude>
        <exif:GPSLongitude>36,49.0E</exif:GPSLongitude>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """

    /// An XMP APP1 segment of `packet`.
    static func app1(_ packet: String) -> [UInt8] {
        Bytes.marker(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8))
    }

    /// A PNG iTXt chunk: `keyword`, the compression flag, method 0, no language or translation.
    static func iTXt(_ packet: String, keyword: String = "XML:com.adobe.xmp", compressed: UInt8 = 0)
        -> [UInt8]
    {
        Bytes.chunk("iTXt", Array(keyword.utf8) + [0, compressed, 0, 0, 0] + Array(packet.utf8))
    }

    /// An extended WebP (`flags`: 0x04 says it holds XMP) with an `XMP ` chunk of `packet`.
    static func webp(_ packet: String, flags: UInt8 = 0x04) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        var bytes = ExifGPSTests.webp(exif: [], flags: flags)
        // Drop the empty EXIF chunk the helper ends with; add the XMP chunk in its place.
        bytes.removeLast(8)
        let xmp = Array(packet.utf8)
        bytes += Array("XMP ".utf8) + le32(xmp.count) + xmp + (xmp.count % 2 == 1 ? [0] : [])
        bytes.replaceSubrange(4..<8, with: le32(bytes.count - 8))
        return bytes
    }

    func positions(_ files: [String: [UInt8]]) throws -> [String: Bool] {
        let folder = try TemporaryFolder()
        for (name, bytes) in files { try folder.write(name, bytes) }
        let photos = try folder.scan().photos
        #expect(photos.count == files.count, "every file is a photo")
        return Dictionary(uniqueKeysWithValues: photos.map { ($0.relativePath, $0.hasGPSPosition) })
    }

    @Test("Latitude and longitude as attributes or elements are a position, in JPEG, PNG and WebP")
    func position() throws {
        // A 40 KiB APP2 first: the XMP segment comes whole in the scanner's second read.
        let big = Bytes.marker(0xE2, Array(repeating: 0x41, count: 40_000))
        let found = try positions([
            "far.jpg": Bytes.jpeg(
                width: 4, height: 3, segments: [big, Self.app1(Self.attributes)]),
            "attributes.jpg": Bytes.jpeg(
                width: 4, height: 3, segments: [Self.app1(Self.attributes)]),
            "elements.jpg": Bytes.jpeg(
                width: 4, height: 3, segments: [Bytes.app0JFIF(), Self.app1(Self.elements)]),
            "attributes.png": Bytes.png(width: 4, height: 3, chunks: [Self.iTXt(Self.attributes)]),
            "elements.png": Bytes.png(
                width: 4, height: 3,
                chunks: [Self.iTXt("a caption", keyword: "Description"), Self.iTXt(Self.elements)]),
            "attributes.webp": Self.webp(Self.attributes),
        ])
        #expect(found.values.allSatisfy { $0 }, "\(found)")
    }

    @Test(
        "No position from zeros, one coordinate, empty values, other keywords, compressed text, or an unflagged WebP"
    )
    func noPosition() throws {
        let zeros = Self.elements.replacingOccurrences(of: "36,49.0E", with: "0,0.0E")
        let latitudeOnly = Self.attributes.replacingOccurrences(
            of: "exif:GPSLongitude='2,21.05E'", with: "")
        let empty = Self.attributes.replacingOccurrences(of: "'2,21.05E'", with: "''")
        let closingOnly = "</exif:GPSLatitude></exif:GPSLongitude> exif:GPSLatitudeRef=\"5\""
        let found = try positions([
            "zeros.jpg": Bytes.jpeg(width: 4, height: 3, segments: [Self.app1(zeros)]),
            "latitude.jpg": Bytes.jpeg(width: 4, height: 3, segments: [Self.app1(latitudeOnly)]),
            "empty.jpg": Bytes.jpeg(width: 4, height: 3, segments: [Self.app1(empty)]),
            "closing.jpg": Bytes.jpeg(width: 4, height: 3, segments: [Self.app1(closingOnly)]),
            "plain.jpg": Bytes.jpeg(width: 4, height: 3, segments: [Bytes.app1XMP()]),
            "keyword.png": Bytes.png(
                width: 4, height: 3, chunks: [Self.iTXt(Self.attributes, keyword: "Comment")]),
            "compressed.png": Bytes.png(
                width: 4, height: 3, chunks: [Self.iTXt(Self.attributes, compressed: 1)]),
            "unflagged.webp": Self.webp(Self.attributes, flags: 0),
        ])
        #expect(found.values.allSatisfy { !$0 }, "\(found)")
    }
}
