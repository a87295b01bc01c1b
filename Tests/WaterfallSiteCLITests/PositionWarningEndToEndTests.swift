import Foundation
import TestSupport
import Testing

/// The built binary on a photo whose EXIF says where it was taken: renditions carry no EXIF, so
/// only a published original gives the place away, and a build that publishes one says so.
@Suite("GPS position in published originals", .serialized)
struct PositionWarningEndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// A sample JPEG with an EXIF APP1 segment first whose GPS IFD gives a latitude and a
    /// longitude (little-endian TIFF: IFD0 with the GPS pointer, the GPS IFD, six rationals).
    static func photoWithPosition() throws -> Data {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        var tiff: [UInt8] = Array("II".utf8) + u16(42) + u32(8)
        tiff += u16(1) + u16(0x8825) + u16(4) + u32(1) + u32(26) + u32(0)
        tiff += u16(2) + u16(2) + u16(5) + u32(3) + u32(56) + u16(4) + u16(5) + u32(3) + u32(80)
        tiff += u32(0)
        for value in [48, 51, 24, 2, 21, 3] { tiff += u32(value) + u32(1) }
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] =
            [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)]
            + payload
        let jpeg = [UInt8](try Repository.samplePhoto())
        return Data(jpeg.prefix(2) + segment + jpeg.dropFirst(2))
    }

    func build(_ options: [String], in work: TemporaryFolder) throws -> ProcessRun {
        let run = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--quiet"] + options, in: work.url)
        #expect(run.status == 0 && run.output.isEmpty, "\(run.error)")
        return run
    }

    @Test(
        "an original that gives its position is published only with a warning naming it and the fix"
    )
    func warning() throws {
        let work = try TemporaryFolder()
        try work.write("photos/placed.jpg", try Self.photoWithPosition())
        try work.write("photos/plain.jpg", try Repository.samplePhoto("Nature/dandelion-seeds.jpg"))
        let scan = try ProcessRun(binary, ["scan", work.path + "/photos", "--quiet"])
        #expect(scan.status == 0, "the photo with the GPS IFD is a photo: \(scan.error)")

        // Shown through renditions only: no original is published, so nothing to say.
        let plain = try build([], in: work)
        #expect(!plain.error.contains("GPS"), "\(plain.error)")
        #expect(!FileManager.default.fileExists(atPath: work.path + "/site/photos"))

        for options in [["--no-renditions"], ["--no-renditions"], ["--publish-originals"]] {
            let run = try build(options, in: work)
            #expect(
                run.error.contains(
                    "warning: 1 published original carries the GPS position where it was taken"),
                "\(options): \(run.error)")
            #expect(run.error.contains("'placed.jpg'") && !run.error.contains("plain.jpg"))
            #expect(run.error.contains("exiftool -gps:all= -xmp:gps*= -overwrite_original"))
            #expect(run.error.contains("leave out \(options[0])"), "\(run.error)")
            #expect(FileManager.default.fileExists(atPath: work.path + "/site/photos/placed.jpg"))
        }
    }

    /// A sample JPEG with an XMP APP1 segment first whose packet gives a latitude and a longitude
    /// as attributes, as Lightroom writes them, and no EXIF position at all.
    static func photoWithXMPPosition() throws -> Data {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" \
            exif:GPSLatitude="48,51.4N" exif:GPSLongitude="2,21.05E"/></rdf:RDF></x:xmpmeta>
            """
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8)
        let segment: [UInt8] =
            [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)]
            + payload
        let jpeg = [UInt8](try Repository.samplePhoto())
        return Data(jpeg.prefix(2) + segment + jpeg.dropFirst(2))
    }

    @Test("an original whose position is only in its XMP packet is warned about the same way")
    func xmpWarning() throws {
        let work = try TemporaryFolder()
        try work.write("photos/edited.jpg", try Self.photoWithXMPPosition())
        try work.write("photos/plain.jpg", try Repository.samplePhoto("Nature/dandelion-seeds.jpg"))
        let run = try build(["--publish-originals"], in: work)
        #expect(
            run.error.contains(
                "warning: 1 published original carries the GPS position where it was taken, for anyone to read: 'edited.jpg'"
            ), "\(run.error)")
        #expect(
            run.error.contains("-xmp:gps*=") && run.error.contains("leave out --publish-originals"))
        // Remembered by the build's records: a rebuild that reads no header warns again.
        let again = try build(["--publish-originals"], in: work)
        #expect(again.error.contains("'edited.jpg'"), "\(again.error)")
    }
}
