import CImageHeaders
import Foundation
import Testing

/// The ISOBMFF box walk that reads HEIF and AVIF sizes without libheif (HEIFBoxes.c) against
/// libheif's own path, on every HEIF and AVIF file of ../shared/corpora/formats: where the walk
/// is sure, libheif reads the file too and gives the same stored size, display size and format.
@Suite("HEIF box walk against libheif")
struct HEIFBoxWalkTests {
    static let formats = CorporaConformanceTests.corpora.appendingPathComponent(
        CorporaConformanceTests.formatsFolder)
    static let manifest = formats.appendingPathComponent("manifest.tsv")

    struct Reading: Equatable, CustomStringConvertible {
        var status: wfs_status
        var format: wfi_format
        var width, height, displayWidth, displayHeight: UInt32
        var message: String

        init(_ bytes: [UInt8], walkOnly: Bool) {
            var header = wfs_image_header()
            var text = [CChar](repeating: 0, count: Int(WFS_MESSAGE_CAPACITY))
            status = wfs_read_heif_from_memory(
                bytes, bytes.count, walkOnly, &header, &text, text.count)
            format = header.format
            width = header.width
            height = header.height
            displayWidth = header.display_width
            displayHeight = header.display_height
            message = String(
                decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// Everything but the message, which only libheif writes.
        func sameHeader(as other: Reading) -> Bool {
            (status, format, width, height, displayWidth, displayHeight)
                == (
                    other.status, other.format, other.width, other.height, other.displayWidth,
                    other.displayHeight
                )
        }

        var description: String {
            "\(status) \(format) \(width)x\(height) shown \(displayWidth)x\(displayHeight) \(message)"
        }
    }

    @Test(
        "where the walk is sure, libheif reads the same sizes; phone photos and grids are its",
        .enabled(
            if: FileManager.default.fileExists(atPath: manifest.path),
            "../shared/corpora/formats/manifest.tsv is absent"))
    func agreesWithLibheif() throws {
        let rows = try CorporaConformanceTests.rows(of: Self.manifest).filter {
            ["heif", "avif"].contains($0.format)
        }
        #expect(rows.count >= 69)
        var sure: Set<String> = []
        for row in rows {
            let bytes = [UInt8](try Data(contentsOf: Self.formats.appendingPathComponent(row.path)))
            let walk = Reading(bytes, walkOnly: true)
            guard walk.status == .ok else {
                #expect(walk.status == .unsupportedFormat, "\(row.path): \(walk)")
                #expect(walk.message.hasPrefix("the box walk is unsure: "), "\(row.path)")
                continue
            }
            sure.insert(row.path)
            let libheif = Reading(bytes, walkOnly: false)
            #expect(walk.sameHeader(as: libheif), "\(row.path): walk \(walk), libheif \(libheif)")
            #expect(!row.expectsError, "\(row.path): the manifest says libheif rejects it")
            #expect(
                ["\(walk.width)", "\(walk.height)"] == Array(row.fields[0...1])
                    && ["\(walk.displayWidth)", "\(walk.displayHeight)"]
                        == Array(row.fields[3...4]),
                "\(row.path): \(walk)")
        }
        // The walk must be what reads real photos, or it saves nothing: iPhone and Samsung grids
        // (48 and 768 tiles), a cropped one, and the transforms listed before `ispe`.
        for path in [
            "heif/libvips/Example1.heic", "heif/libvips/heic-orientation-6.heic",
            "heif/oiio-images/greyhounds-looking-for-a-table.heic", "heif/pillow_heif/200MP.heic",
            "heif/nokia/grid_960x640.heic", "heif/libheif/rainbow-451x461.heic",
            "avif/link-u/kimono.rotate90.avif",
        ] {
            #expect(sure.contains(path), "the walk leaves \(path) to libheif")
        }
        #expect(sure.count >= 40)
    }

    @Test(
        "a cut file, an item past the end and a meta past the bytes given are left to libheif",
        .enabled(
            if: FileManager.default.fileExists(atPath: manifest.path),
            "../shared/corpora/formats/manifest.tsv is absent"))
    func unsureOfDamage() throws {
        let whole = [UInt8](
            try Data(contentsOf: Self.formats.appendingPathComponent("heif/libvips/Example1.heic")))
        #expect(Reading(whole, walkOnly: true).status == .ok)
        // Cut inside the coded data: libheif 1.15.1 checks every item's extents when it opens a
        // file, and rejects it.
        let cut = Array(whole.prefix(whole.count - 1))
        #expect(Reading(cut, walkOnly: true).message.hasPrefix("the box walk is unsure: "))
        #expect(Reading(cut, walkOnly: false).status == .corruptHeader)
        // Cut inside meta.
        let short = Array(whole.prefix(600))
        #expect(Reading(short, walkOnly: true).status == .unsupportedFormat)
        // An item no ipma entry gives properties that becomes an image: libheif 1.15.1 asks ipma
        // for every image's properties and refuses the file ("No properties assigned to item"),
        // so the walk must not answer for it. (Found by fuzz_modern: rainbow's XMP item, of type
        // `mime`, turned into a `grid`.)
        let rainbow = [UInt8](
            try Data(
                contentsOf: Self.formats.appendingPathComponent("heif/libheif/rainbow-451x461.heic")
            ))
        #expect(Reading(rainbow, walkOnly: true).status == .ok)
        let mime = try #require(
            (0..<(rainbow.count - 4)).first { Array(rainbow[$0..<$0 + 4]) == Array("mime".utf8) })
        var gridWithoutProperties = rainbow
        gridWithoutProperties.replaceSubrange(mime..<mime + 4, with: Array("grid".utf8))
        #expect(Reading(gridWithoutProperties, walkOnly: false).status != .ok)
        let walk = Reading(gridWithoutProperties, walkOnly: true)
        #expect(
            walk.message == "the box walk is unsure: an image item that ipma gives no properties",
            "\(walk)")
        // An image given two `ispe` properties: libheif 1.15.1 takes the last, the walk the
        // first. (Found by fuzz_modern: a 64×64 HEIC whose `clap`, renamed `ispe`, says 1×32.)
        let twoSizes = try #require(
            Data(
                base64Encoded: [
                    "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAXttZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA",
                    "AAAAACJpbG9jAAAAAERAAAEAAQAAAAABnwABAAAAAAAAAGwAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABodmMxAAAA",
                    "AA5waXRtAAAAAAABAAAA+2lwcnAAAADbaXBjbwAAAHZodmNDAQNwAAAAAAAAAAAAHvAA/P34+AAADwNgAAEAGEABDAH//wNw",
                    "AAADAJAAAAMAAAMAHroCQGEAAQAqQgEBA3AAAAMAkAAAAwAAAwAeoCCBBZbq5Ka5uAhoMCAAAAMDIAAAAwAhYgABAAZEAcFz",
                    "wIkAAAATY29scm5jbHgAAQANAAaAAAAAFGlzcGUAAAAAAAAAQAAAAEAAAAAoaXNwZQAAACAAAAABAAAAIAAAAAH////gAAAA",
                    "Av///+AAAAACAAAADnBpeGkAAAAAAQgAAAAYaXBtYQAAAAAAAAABAAEFgQIDBYQAAAB0bWRhdAAAAGgoAa8TgPUrAhGDczL1",
                    "mz4HCRRzxqbGjnnUrr1cLTO799zRz6nw0QjRMp+4I2Da10D3ghQEMvB53CWoI0S3qXIb99YsvLFaQ9ZLHxsJsZ9SxlvNJ5Eg",
                    "D4Y4miuaKu3bxPGXDHirp/9TzA==",
                ].joined()))
        #expect(Reading([UInt8](twoSizes), walkOnly: false).width == 1)
        #expect(
            Reading([UInt8](twoSizes), walkOnly: true).message
                == "the box walk is unsure: an image with two ispe properties")
        // Every single byte of the first 400 changed: the walk is sure only where libheif
        // agrees.
        for offset in stride(from: 0, to: 400, by: 1) {
            var damaged = whole
            damaged[offset] ^= 0x55
            let walk = Reading(damaged, walkOnly: true)
            if walk.status == .ok {
                let libheif = Reading(damaged, walkOnly: false)
                #expect(
                    walk.sameHeader(as: libheif), "byte \(offset): walk \(walk), libheif \(libheif)"
                )
            }
        }
    }
}
