import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// Real HEIC, AVIF and WebP files of ../shared/corpora/formats through the built binary: tiles at
/// the size a browser shows, renditions of that size, and no HEIC or AVIF original in the site.
@Suite("HEIC, AVIF and WebP photos end to end", .serialized)
struct ModernFormatsEndToEndTests {
    static let formats = Repository.root.deletingLastPathComponent().appending(
        path: "shared/corpora/formats")
    static let present = FileManager.default.fileExists(
        atPath: formats.appending(path: "manifest.tsv").path)

    /// Corpus file, name in the test folder, display size (from the manifest).
    static let photos: [(source: String, name: String, width: Int, height: Int)] = [
        // irot 3 and EXIF 6: turned once, by irot.
        ("heif/libvips/heic-orientation-6.heic", "phone.heic", 3024, 4032),
        // irot listed before ispe: libheif 1.15.1's handle size misses it, its decoder does not.
        ("avif/link-u/kimono.rotate90.avif", "kimono.avif", 722, 1024),
        // clap crops 480x270 to 480x256.
        ("avif/av1-avif/Microsoft/Chimera_8bit_cropped_480x256.avif", "cropped.avif", 480, 256),
        // EXIF 6, which no browser applies to WebP.
        ("derived/webp/4_webp_a.exif-orientation-6.webp", "wide.webp", 421, 163),
        ("webp/image-rs/anim.webp", "animated.webp", 200, 200),
    ]

    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    static func folder(with photos: [(source: String, name: String, width: Int, height: Int)])
        throws -> TemporaryFolder
    {
        let work = try TemporaryFolder()
        for photo in photos {
            try work.write(
                "photos/\(photo.name)", try Data(contentsOf: formats.appending(path: photo.source)))
        }
        return work
    }

    /// `scan --json` of `folder`: path → (format, display width, display height).
    func scan(_ folder: URL) throws -> [String: (format: String, width: Int, height: Int)] {
        let run = try ProcessRun(binary, ["scan", folder.path, "--json"])
        #expect(run.status == 0, "\(run.error)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let images = try #require(document["images"] as? [[String: Any]])
        var result: [String: (format: String, width: Int, height: Int)] = [:]
        for image in images {
            result[image["path"] as? String ?? ""] = (
                image["format"] as? String ?? "", image["displayWidth"] as? Int ?? 0,
                image["displayHeight"] as? Int ?? 0
            )
        }
        return result
    }

    @Test(
        "tiles at the displayed aspect, renditions of that size, no HEIC or AVIF published",
        .enabled(if: present, "../shared/corpora/formats is absent"))
    func site() throws {
        let work = try Self.folder(with: Self.photos)
        let scanned = try scan(work.url.appending(path: "photos"))
        for photo in Self.photos {
            let found = try #require(scanned[photo.name], "\(photo.name) was not scanned")
            #expect(
                found.width == photo.width && found.height == photo.height,
                "\(photo.name): \(found)")
        }
        #expect(
            scanned["phone.heic"]?.format == "heif" && scanned["kimono.avif"]?.format == "avif"
                && scanned["wide.webp"]?.format == "webp")

        let build = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 0, "\(build.error)")
        #expect(build.output.hasPrefix("Built 5 photos"), "\(build.output)")
        let site = work.url.appending(path: "site")
        let html = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        let renditions = try scan(site.appending(path: "renditions"))
        for photo in Self.photos {
            let tile = try #require(
                html.firstMatch(
                    of: try Regex(
                        #"<a href="([^"]+)">(?:<picture>(?:<source [^>]*>)*)?<img (?:style="[^"]*" )?src="([^"]+)" srcset="([^"]+)"[^>]*width=(\d+) height=(\d+) alt="\#(Self.alt(photo.name))""#
                    )),
                "no tile with renditions for \(photo.name)")
            #expect(
                tile.output[4].substring.map(String.init) == "\(photo.width)"
                    && tile.output[5].substring.map(String.init) == "\(photo.height)",
                "\(photo.name)")
            // Every candidate has the photo's aspect (to a pixel) and the width its descriptor says.
            for candidate in (tile.output[3].substring ?? "").split(separator: ", ") {
                let parts = candidate.split(separator: " ")
                let name = String(parts[0].dropFirst("renditions/".count))
                let size = try #require(renditions[name], "\(name) is no image")
                #expect(size.format == "jpeg" || size.format == "png")
                #expect("\(size.width)w" == parts[1], "\(candidate)")
                let expectedHeight = Double(size.width) * Double(photo.height) / Double(photo.width)
                #expect(
                    abs(Double(size.height) - expectedHeight) <= 1,
                    "\(photo.name): \(name) is \(size.width)x\(size.height)")
            }
            let href = tile.output[1].substring.map(String.init) ?? ""
            let itemPath = ItemPaths.plainPath(photo.name)
            #expect(href == itemPath, "\(photo.name) links \(href)")
            let item = try String(contentsOf: site.appending(path: itemPath), encoding: .utf8)
            // A WebP original is offered as it is; a HEIC or AVIF one browsers cannot show is not.
            #expect(
                item.contains(#"href="../photos/\#(photo.name)" download"#)
                    == photo.name.hasSuffix(".webp"), "\(photo.name)")
        }
        #expect(!html.contains(".heic") && !html.contains(".avif"))
        let published = try FileManager.default.contentsOfDirectory(
            atPath: site.appending(path: "photos").path
        ).sorted()
        #expect(published == ["animated.webp", "wide.webp"])
    }

    @Test(
        "without renditions, HEIC and AVIF are skipped with a warning that says why; WebP shows as it is",
        .enabled(if: present, "../shared/corpora/formats is absent"))
    func noRenditions() throws {
        let work = try Self.folder(with: Self.photos)
        let build = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url)
        #expect(build.status == 0, "\(build.error)")
        #expect(build.output.hasPrefix("Built 2 photos"), "\(build.output)")
        #expect(
            build.error.contains(
                "warning: phone.heic: skipped: HEIC/HEIF is shown through resized copies only, and --no-renditions turns them off"
            ))
        #expect(
            build.error.contains(
                "warning: kimono.avif: skipped: AVIF is shown through resized copies only"))
        let html = try String(
            contentsOf: work.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(html.contains(#"<img src="photos/wide.webp""#))
        #expect(!html.contains(".heic") && !html.contains(".avif"))
    }

    @Test(
        "a HEIF of a codec whose size cannot be read before decoding (VVC) is skipped with the reason",
        .enabled(if: present, "../shared/corpora/formats is absent"))
    func undecodable() throws {
        let work = try Self.folder(with: [
            ("heif/libheif/vvc32.heif", "vvc.heif", 0, 0), Self.photos[3],
        ])
        let build = try ProcessRun(binary, ["build", "photos", "-o", "site"], in: work.url)
        #expect(build.status == 0, "\(build.error)")
        #expect(build.output.hasPrefix("Built 1 photo"), "\(build.output)")
        #expect(
            build.error.contains(
                "warning: vvc.heif: skipped: no resized copies (no HEVC or AV1 image whose size can be read before decoding"
            ),
            "\(build.error)")
        #expect(build.error.contains("browsers cannot show the file itself"))
        let strict = try ProcessRun(
            binary, ["build", "photos", "-o", "strict", "--strict"], in: work.url)
        #expect(strict.status == 1)
    }

    /// The alt text the builder makes of a file name (see Humanised).
    static func alt(_ name: String) -> String {
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        return stem.prefix(1).uppercased() + stem.dropFirst()
    }

    @Test("the executable does not link libheif or libwebp: they are opened on first use")
    func noLinkTimeCodecs() throws {
        let ldd = try ProcessRun(URL(filePath: "/usr/bin/ldd"), [binary.path])
        #expect(ldd.status == 0, "\(ldd.error)")
        for library in ["libheif", "libwebp", "libx265", "libde265", "libdav1d", "libaom"] {
            #expect(!ldd.output.contains(library), "\(library) is linked:\n\(ldd.output)")
        }
    }

    @Test(
        "a libheif or libwebp that cannot be loaded skips those files with a message naming the package",
        .enabled(if: present, "../shared/corpora/formats is absent"))
    func missingCodecLibraries() throws {
        let work = try Self.folder(with: Self.photos)
        try work.write(
            "photos/cup.jpg", try Repository.samplePhoto())
        // The dynamic loader looks in LD_LIBRARY_PATH first, and a file there that is no
        // library makes dlopen fail as a missing one does.
        for name in ["libheif.so.1", "libwebp.so.7", "libwebpdemux.so.2"] {
            try work.write("broken-libraries/\(name)", Data("not a library".utf8))
        }
        let build = try ProcessRun(
            binary, ["build", "photos", "-o", "site"], in: work.url,
            environment: ["LD_LIBRARY_PATH": work.url.appending(path: "broken-libraries").path])
        #expect(build.status == 0, "\(build.error)")
        #expect(build.output.hasPrefix("Built 1 photo "), "\(build.output)")
        // The box walk measures the HEIC without libheif; its resized copies need libheif.
        #expect(
            build.error.contains(
                "warning: phone.heic: skipped: no resized copies (libheif.so.1 cannot be loaded ("
            ), "\(build.error)")
        #expect(build.error.contains("): install the Debian package libheif1)"))
        #expect(
            build.error.contains(
                "skipped: wide.webp: WebP cannot be read on this machine: libwebp.so.7 cannot be loaded ("
            ))
        #expect(build.error.contains("): install the Debian package libwebp7"))
    }
}
