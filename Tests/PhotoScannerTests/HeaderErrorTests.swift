import Foundation
import Testing

@testable import PhotoScanner

/// Every way a candidate can fail to be a photo, and the format-by-content rules.
@Suite("Header errors and formats")
struct HeaderErrorTests {
    typealias Bytes = FixtureBytes

    static func scanOne(_ name: String, _ bytes: [UInt8]) throws -> ScanResult {
        let folder = try TemporaryFolder()
        try folder.write(name, bytes)
        return try folder.scan()
    }

    /// Magic bytes of formats the site cannot measure, padded past the sniffing window.
    static let unsupported: [(file: String, magic: [UInt8], name: String)] = [
        ("animation.gif", Array("GIF89a".utf8), "GIF"),
        ("scan.tif", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "TIFF"),
        ("scan-mm.tiff", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], "TIFF"),
        ("drawing.bmp", Array("BM".utf8) + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], "BMP"),
        ("favicon.ico", [0, 0, 1, 0, 1, 0, 16, 16], "ICO"),
        ("photo.jxl", [0xFF, 0x0A, 0xFA, 0x7F], "JPEG XL"),
        ("boxed.jxl", [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A], "JPEG XL"),
    ]

    @Test(
        "other image formats are named in an unsupported-format diagnostic", arguments: unsupported)
    func unsupportedFormat(fixture: (file: String, magic: [UInt8], name: String)) throws {
        let result = try Self.scanOne(
            fixture.file, fixture.magic + [UInt8](repeating: 0, count: 40))
        #expect(result.photos.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.unsupportedFormat])
        // One line: the format by name, then what to do.
        let message = result.diagnostics.first?.message ?? ""
        #expect(message.hasPrefix("\(fixture.name) is not supported"), "\(message)")
        #expect(
            message.contains("convert it to") || message.contains("export it as JPEG"), "\(message)"
        )
        #expect(!message.contains("\n"))
    }

    /// HEIC, AVIF and WebP are read now: magic bytes with nothing after them are a corrupt header
    /// whose message names the library (libheif with its version, which decides what it reads).
    static let cutModernHeaders: [(file: String, magic: [UInt8], message: String)] = [
        (
            "photo.webp", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8),
            "WebP header: "
        ),
        (
            "photo.heic",
            [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8),
            "HEIC/HEIF header: libheif 1."
        ),
        (
            "photo.avif",
            [0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8),
            "AVIF header: libheif 1."
        ),
    ]

    @Test(
        "HEIC, AVIF and WebP with only their magic bytes are corrupt headers named by library",
        arguments: cutModernHeaders)
    func cutModernHeader(fixture: (file: String, magic: [UInt8], message: String)) throws {
        let result = try Self.scanOne(
            fixture.file, fixture.magic + [UInt8](repeating: 0, count: 40))
        #expect(result.photos.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.corruptHeader])
        let message = result.diagnostics.first?.message ?? ""
        #expect(message.hasPrefix(fixture.message), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test("a text file named .jpg is not an image")
    func textNamedJPEG() throws {
        let result = try Self.scanOne("notes-renamed.jpg", Array("just some notes\n".utf8))
        #expect(result.photos.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.notAnImage])
        #expect(result.diagnostics.first?.message == "not a JPEG, PNG, HEIF, AVIF or WebP image")
        #expect(result.diagnostics.first?.isWarning == false)
    }

    @Test("an empty file is a diagnostic")
    func emptyFile() throws {
        let result = try Self.scanOne("empty.png", [])
        #expect(result.photos.isEmpty)
        #expect(
            result.diagnostics == [
                ScanDiagnostic(relativePath: "empty.png", kind: .emptyFile, message: "empty file")
            ])
    }

    @Test("a PNG named .jpg scans as PNG, a JPEG named .png as JPEG")
    func formatByContent() throws {
        let folder = try TemporaryFolder()
        try folder.write("png-named.jpg", Bytes.png(width: 7, height: 9))
        try folder.write("jpeg-named.png", Bytes.jpeg(width: 11, height: 13))
        let result = try folder.scan()
        #expect(result.diagnostics.isEmpty)
        #expect(result.photos.map(\.relativePath) == ["jpeg-named.png", "png-named.jpg"])
        #expect(result.photos.map(\.format) == [.jpeg, .png])
        #expect(result.photos.map(\.storedWidth) == [11, 7])
    }

    @Test("byte size and progressive JPEG")
    func byteSizeAndProgressive() throws {
        let bytes = Bytes.jpeg(width: 300, height: 200, progressive: true)
        let result = try Self.scanOne("progressive.jpeg", bytes)
        #expect(result.photos.first?.byteSize == Int64(bytes.count))
        #expect(result.photos.first?.storedWidth == 300)
    }

    /// Headers the libraries reject, with the start of the library's message.
    static let corrupt: [(file: String, bytes: [UInt8], message: String)] = {
        var badCRC = Bytes.png(width: 10, height: 10)
        badCRC[29] ^= 0xFF  // inside the IHDR CRC
        let zeroWidth = Bytes.png(width: 0, height: 10)
        let truncatedJPEG = Array(Bytes.jpeg(width: 10, height: 10).prefix(6))
        let truncatedPNG = Array(Bytes.png(width: 10, height: 10).prefix(20))
        let hugeChunk =
            Array(Bytes.png(width: 1, height: 1).prefix(33)) + Bytes.be32(0x3FFF_FFFF)
            + Array("zTXt".utf8) + [1, 2, 3]
        return [
            ("truncated-before-sof.jpg", truncatedJPEG, "JPEG header: Premature end of input file"),
            ("png-ihdr-crc-error.png", badCRC, "PNG header: IHDR: CRC error"),
            ("png-zero-width.png", zeroWidth, "PNG header: "),
            (
                "png-truncated-in-ihdr.png", truncatedPNG,
                "PNG header: IHDR chunk of 13 bytes runs past the end of the file"
            ),
            (
                "png-chunk-longer-than-file.png", hugeChunk,
                "PNG header: zTXt chunk of 1073741823 bytes runs past the end"
            ),
            ("jpeg-12-bit.jpg", twelveBitJPEG(), "JPEG header: Unsupported JPEG data precision 12"),
        ]
    }()

    @Test("corrupt headers become diagnostics with the library's message", arguments: corrupt)
    func corruptHeader(fixture: (file: String, bytes: [UInt8], message: String)) throws {
        let result = try Self.scanOne(fixture.file, fixture.bytes)
        #expect(result.photos.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.corruptHeader])
        let message = try #require(result.diagnostics.first?.message)
        #expect(message.hasPrefix(fixture.message), "\(message)")
    }

    @Test("a 225000×225000 PNG bomb reports its size from the header, fast")
    func decompressionBomb() throws {
        let folder = try TemporaryFolder()
        try folder.write("bomb-225000x225000.png", Bytes.png(width: 225_000, height: 225_000))
        let clock = ContinuousClock()
        var result: ScanResult?
        let elapsed = try clock.measure { result = try folder.scan() }
        #expect(result?.photos.first?.storedWidth == 225_000)
        #expect(result?.photos.first?.storedHeight == 225_000)
        // Decoding would take minutes and terabytes; a header read takes microseconds. The bound
        // only tells the two apart: these machines are shared, and other tests run alongside.
        #expect(elapsed < .seconds(10))
    }

    @Test(
        "an unreadable file is a diagnostic", .enabled(if: geteuid() != 0, "root reads every file"))
    func unreadableFile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("locked.jpg", Bytes.jpeg(width: 1, height: 1))
        chmod(file.path, 0)
        let result = try folder.scan()
        #expect(result.diagnostics.map(\.kind) == [.unreadable])
        #expect(result.diagnostics.first?.message == "cannot read: Permission denied")
    }

    @Test("a missing root throws with path and reason")
    func missingRoot() throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("nowhere")
        #expect(throws: ScanError(path: missing.path, reason: "No such file or directory")) {
            try PhotoScanner(jobs: 1).scan(missing)
        }
    }

    @Test("a root that is a file throws")
    func rootIsFile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("photo.jpg", Bytes.jpeg(width: 1, height: 1))
        #expect(throws: ScanError(path: file.path, reason: "not a folder")) {
            try PhotoScanner(jobs: 1).scan(file)
        }
    }

    /// A 12-bit (SOF1) JPEG: libjpeg-turbo 2.x rejects it in the header read.
    static func twelveBitJPEG() -> [UInt8] {
        var bytes = Bytes.jpeg(width: 10, height: 10)
        // SOF0 follows SOI here: switch it to SOF1 with precision 12.
        bytes[3] = 0xC1
        bytes[6] = 12
        return bytes
    }
}
