import Foundation
import TestSupport
import Testing

@testable import WaterfallSiteCLI

/// Hostile and unlucky input, as a user's photos folder may hold it, through the built binary:
/// each case checks the exit status, the message and what is published, on real files.
@Suite("Bad input: a clear answer, never a crash", .serialized)
struct BadInputTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// A folder of three good photos.
    static func photos(in work: TemporaryFolder, _ folder: String = "photos") throws -> URL {
        let photo = try Repository.samplePhoto()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try work.write("\(folder)/\(name)", photo) }
        return work.url.appending(path: folder)
    }

    /// Writes `data` to `folder`/`name`, the name given as bytes (it need not be UTF-8).
    static func writeRaw(_ folder: URL, name: [UInt8], _ data: Data) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) {
                open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == data.count)
    }

    /// The names in `folder` as bytes.
    static func rawNames(_ folder: URL) -> [[UInt8]] {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] {
                names.append(name)
            }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// No build's staging or set-aside folder (or staged records) is left beside `output`.
    static func leftovers(beside output: URL) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: output.deletingLastPathComponent().path)) ?? []
        return names.filter {
            $0.hasPrefix(".\(output.lastPathComponent).staging-")
                || $0.hasPrefix(".\(output.lastPathComponent).previous-")
        }
    }

    static func html(_ site: URL) throws -> String {
        try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
    }

    @Test(
        "two names that are not UTF-8 are published under distinct escaped names, linked, and found again from scan --json"
    )
    func invalidUTF8Names() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        let first = try Repository.samplePhoto()
        let second = try Repository.samplePhoto("Ceramics/espresso-cup.png")
        // A lossy conversion turns both into "��.jpg".
        try Self.writeRaw(photos, name: [0xFF, 0xFE] + Array(".jpg".utf8), first)
        try Self.writeRaw(photos, name: [0xFF, 0xFD] + Array(".jpg".utf8), second)
        // A valid name that reads like an escape must not collide with the first.
        try work.write("photos/%FF%FE.jpg", first)

        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 0, "stderr: \(build.error)")
        #expect(build.error.isEmpty)
        #expect(build.output.hasPrefix("Built 6 photos"))
        let site = work.url.appending(path: "site")
        let published = Self.rawNames(site.appending(path: "photos")).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(
            published == ["%25FF%25FE.jpg", "%FF%FD.jpg", "%FF%FE.jpg", "a.jpg", "b.jpg", "c.jpg"])
        #expect(try Data(contentsOf: site.appending(path: "photos/%FF%FE.jpg")) == first)
        #expect(try Data(contentsOf: site.appending(path: "photos/%FF%FD.jpg")) == second)
        #expect(try Data(contentsOf: site.appending(path: "photos/%25FF%25FE.jpg")) == first)
        // The item pages offer the originals; in a URL, `%` is itself escaped: the browser asks
        // for the file as it is named.
        let items = try FileManager.default.contentsOfDirectory(
            atPath: site.appending(path: "items").path
        ).sorted()
        #expect(items.count == 6 && items.allSatisfy { !$0.contains("%") }, "\(items)")
        let html = try items.map {
            try String(contentsOf: site.appending(path: "items/" + $0), encoding: .utf8)
        }.joined()
        #expect(html.contains(#"href="../photos/%25FF%25FE.jpg""#))
        #expect(html.contains(#"href="../photos/%25FF%25FD.jpg""#))
        #expect(html.contains(#"href="../photos/%2525FF%2525FE.jpg""#))

        // A rebuild finds every photo in the cache, escaped ones included.
        let rebuild = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(rebuild.status == 0)
        #expect(rebuild.output.contains("6 unchanged photos not read again"))

        let scan = try ProcessRun(binary, ["scan", photos.path, "--json"], in: work.url)
        #expect(scan.status == 0)
        let document =
            try JSONSerialization.jsonObject(with: Data(scan.output.utf8)) as? [String: Any]
        let images = document?["images"] as? [[String: Any]] ?? []
        #expect(images.count == 6)
        for image in images {
            let path = try #require(image["path"] as? String)
            let escaped = image["escaped"] as? Bool ?? false
            #expect(escaped == path.contains("%"), "\(path)")
            // What the README tells a script to do: percent-decode an escaped path.
            let decoded = escaped ? Self.percentDecoded(path) : Array(path.utf8)
            #expect(Self.rawNames(photos).contains(decoded), "\(path) names no file")
        }
    }

    static func percentDecoded(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let value = UInt8(
                    String(decoding: utf8[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }

    @Test("an output in folders that do not exist yet makes them; under a file it names the parent")
    func outputParentsAreMade() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "new/deeper/site", "--quiet"], in: work.url)
        #expect(build.status == 0, "stderr: \(build.error)")
        #expect(
            FileManager.default.fileExists(
                atPath: work.url.appending(path: "new/deeper/site/index.html").path))
        try work.write("plain-file", "not a folder")
        let underFile = try ProcessRun(
            binary, ["build", photos.path, "-o", "plain-file/site", "--quiet"], in: work.url)
        #expect(underFile.status == 1)
        #expect(
            underFile.error.contains("cannot create the output folder's parent")
                && underFile.error.contains("plain-file") && underFile.error.contains("-o"),
            "\(underFile.error)")
    }

    @Test("a settings file cannot aim --force at an unrelated folder")
    func settingsFileCannotAimForce() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try work.write("photos/waterfall.json", #"{ "output": "../victim" }"#)
        try work.write("victim/precious.txt", "keep me")
        let build = try ProcessRun(binary, ["build", photos.path, "--force"], in: work.url)
        #expect(build.status == 1)
        #expect(build.error.contains("settings file"))
        #expect(build.error.contains("--force applies only to an output given with -o"))
        #expect(
            try String(contentsOf: work.url.appending(path: "victim/precious.txt"), encoding: .utf8)
                == "keep me")
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "victim/index.html").path))
        #expect(Self.leftovers(beside: work.url.appending(path: "victim")).isEmpty)

        // Given on the command line, the same folder is replaced as asked.
        let forced = try ProcessRun(
            binary, ["build", photos.path, "-o", "victim", "--force", "--quiet"], in: work.url)
        #expect(forced.status == 0, "stderr: \(forced.error)")
        #expect(
            FileManager.default.fileExists(
                atPath: work.url.appending(path: "victim/index.html").path))
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "victim/precious.txt").path))
    }

    @Test("branching symbolic links walk each real folder once")
    func symlinkGraph() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        // photos/{x,y} → .level1, .level1/{x,y} → ../.level2, … : 2^14 paths to the last folder.
        for level in 1...14 {
            try FileManager.default.createDirectory(
                at: photos.appending(path: ".level\(level)"), withIntermediateDirectories: true)
        }
        try work.write("photos/.level14/deep.jpg", try Repository.samplePhoto())
        for level in 0..<14 {
            let folder = level == 0 ? photos : photos.appending(path: ".level\(level)")
            let target = level == 0 ? ".level1" : "../.level\(level + 1)"
            for name in ["x", "y"] {
                try FileManager.default.createSymbolicLink(
                    atPath: folder.appending(path: name).path, withDestinationPath: target)
            }
        }
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 0, "stderr: \(build.error)")
        #expect(build.output.hasPrefix("Built 4 photos"), "\(build.output)")
        #expect(
            build.error.contains(
                "skipped: y: leads to the folder already included as 'x'; not walked again"))
        let deep = String(repeating: "x/", count: 14) + "deep.jpg"
        #expect(
            FileManager.default.fileExists(
                atPath: work.url.appending(path: "site/photos/\(deep)").path))
        #expect(
            !FileManager.default.fileExists(atPath: work.url.appending(path: "site/photos/y").path))
    }

    @Test(
        "a symbolic link out of the photos folder is reported, and followed only with --follow-symlinks"
    )
    func linkOutsideThePhotos() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try work.write("elsewhere/secret.jpg", try Repository.samplePhoto())
        try FileManager.default.createSymbolicLink(
            atPath: photos.appending(path: "outside").path, withDestinationPath: "../elsewhere")
        try FileManager.default.createSymbolicLink(
            atPath: photos.appending(path: "linked.jpg").path,
            withDestinationPath: "../elsewhere/secret.jpg")

        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 0, "stderr: \(build.error)")
        #expect(build.output.hasPrefix("Built 3 photos"))
        #expect(
            build.error.contains(
                "skipped: outside: symbolic link to '\(work.url.resolvingSymlinksInPath().path)/elsewhere' leads outside the photos folder"
            ))
        #expect(build.error.contains("skipped: linked.jpg: symbolic link to"))
        #expect(build.error.contains("add --follow-symlinks"))
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "site/photos/outside").path))
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "site/photos/linked.jpg").path))

        let followed = try ProcessRun(
            binary,
            ["build", photos.path, "-o", "site", "--follow-symlinks", "--publish-originals"],
            in: work.url)
        #expect(followed.status == 0, "stderr: \(followed.error)")
        #expect(followed.error.isEmpty)
        #expect(followed.output.hasPrefix("Built 5 photos"))
        #expect(
            FileManager.default.fileExists(
                atPath: work.url.appending(path: "site/photos/outside/secret.jpg").path))
    }

    @Test("control characters in a file name are escaped in messages")
    func terminalEscapesInNames() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try work.write("photos/\u{1B}]0;pwned\u{07}.jpg", "not a photo")
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 0)
        #expect(!build.error.contains("\u{1B}") && !build.error.contains("\u{07}"))
        #expect(
            build.error.contains(
                #"skipped: \x1B]0;pwned\x07.jpg: not a JPEG, PNG, HEIF, AVIF or WebP image"#))
        #expect(build.output.hasPrefix("Built 3 photos"))
        let scan = try ProcessRun(binary, ["scan", photos.path], in: work.url)
        #expect(!scan.error.contains("\u{1B}") && !scan.output.contains("\u{1B}"))
        #expect(scan.error.contains(#"\x1B]0;pwned\x07.jpg"#))
    }

    @Test("a key given twice in metadata.json is an error naming the key and both lines")
    func duplicateMetadataKeys() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try work.write(
            "photos/metadata.json",
            """
            { "photos": {
                "a.jpg": { "title": "First" },
                "b.jpg": { "title": "Bee" },
                "a.jpg": { "title": "Second" }
            } }
            """)
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 1)
        #expect(build.error.contains("metadata.json"))
        #expect(
            build.error.contains("line 4, column 5: duplicate key 'a.jpg': it is also on line 2"),
            "\(build.error)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
        #expect(Self.leftovers(beside: work.url.appending(path: "site")).isEmpty)
    }

    @Test(
        "a control character in metadata never reaches the pages: the build fails naming the file, row and column",
        arguments: [
            (
                "metadata.json",
                "{ \"photos\": {\n  \"a.jpg\": { \"title\": \"Red\\u0000bowl\" } } }",
                "metadata.json': line 2, column 27: a string holds the control character U+0000 (NUL)"
            ),
            (
                "metadata.json", "{ \"photos\": { \"a.jpg\": { \"caption\": \"\\u001b[31m\" } } }",
                "line 1, column 38: a string holds the control character U+001B (ESC)"
            ),
            (
                "metadata.csv", "path,title\nb.jpg,ok\na.jpg,Red\u{0}bowl\n",
                "metadata.csv': row 3 (line 3), column B ('title'), character 4: the cell holds the control character U+0000 (NUL)"
            ),
        ])
    func controlCharactersInMetadata(name: String, text: String, message: String) throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try work.write("photos/\(name)", text)
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--no-renditions"], in: work.url)
        #expect(build.status == 1)
        #expect(build.error.contains(message), "\(build.error)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
    }

    @Test(
        "two metadata.json keys naming one photo or folder ('a.jpg', './a.jpg') are an error naming both; 'a.jpg/' is no photo's path",
        arguments: [
            (
                #"{ "photos": { "a.jpg": { "title": "One" }, "./a.jpg": { "title": "Two" } } }"#,
                "photo './a.jpg' names the same photo as 'a.jpg'"
            ),
            (
                #"{ "photos": { "a.jpg": { "title": "One" }, "a.jpg/": { "title": "Two" } } }"#,
                "photo 'a.jpg/' is a photo's path ending in '/'; remove the '/'"
            ),
            (
                #"{ "sections": { "Travel": { "title": "One" }, "./Travel/": { "title": "Two" } } }"#,
                "section './Travel/' names the same folder as 'Travel'"
            ),
        ])
    func metadataKeysNamingOnePhoto(text: String, message: String) throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try work.write("photos/metadata.json", text)
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--no-renditions"], in: work.url)
        #expect(build.status == 1)
        #expect(build.error.contains("metadata.json': " + message), "\(build.error)")
    }

    @Test(
        "a FIFO as metadata.json or waterfall.json is not a regular file",
        arguments: ["metadata.json", "waterfall.json"])
    func fifoSettings(name: String) throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try #require(mkfifo(photos.appending(path: name).path, 0o644) == 0)
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 1)
        #expect(
            build.error.contains(
                "'\(photos.appending(path: name).path)': not a regular file (a FIFO)"),
            "\(build.error)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
    }

    @Test("a setting of the wrong type gives the setting's real range")
    func qualityAsString() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try work.write("photos/waterfall.json", #"{ "quality": "82" }"#)
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 1)
        #expect(
            build.error.contains(
                #"key 'quality' must be a whole number from 1 to 100, got the string "82""#),
            "\(build.error)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
    }

    @Test("MPO files are scanned and built as the JPEG their first frame is")
    func mpo() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        // Two frames one after the other, as a stereo camera writes them.
        let left = try Repository.samplePhoto()
        let right = try Repository.samplePhoto("Travel/harbour at dusk.jpg")
        try work.write("photos/stereo.mpo", left + right)
        let scan = try ProcessRun(binary, ["scan", photos.path, "--json"], in: work.url)
        #expect(scan.status == 0)
        let document =
            try JSONSerialization.jsonObject(with: Data(scan.output.utf8)) as? [String: Any]
        let images = document?["images"] as? [[String: Any]] ?? []
        let stereo = try #require(images.first { $0["path"] as? String == "stereo.mpo" })
        let plain = try #require(images.first { $0["path"] as? String == "a.jpg" })
        #expect(stereo["format"] as? String == "jpeg")
        #expect(stereo["storedWidth"] as? Int == plain["storedWidth"] as? Int)
        #expect(stereo["storedHeight"] as? Int == plain["storedHeight"] as? Int)

        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 0, "stderr: \(build.error)")
        #expect(build.error.isEmpty)
        #expect(build.output.hasPrefix("Built 4 photos"))
        let html = try Self.html(work.url.appending(path: "site"))
        #expect(TileMarkup.shows(html, href: "items/stereo.html", srcPrefix: "renditions/"))
        #expect(
            try Data(contentsOf: work.url.appending(path: "site/photos/stereo.mpo")) == left + right
        )
    }

    @Test(
        "unsupported formats are skipped with a hint that says what to do; a cut HEIC or WebP says what its library says"
    )
    func unsupportedFormatHints() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        try work.write(
            "photos/phone.heic",
            Data([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)))
        try work.write(
            "photos/web.webp",
            Data(
                Array("RIFF".utf8) + [0x20, 0, 0, 0] + Array("WEBPVP8 ".utf8)
                    + [UInt8](repeating: 0, count: 20)))
        try work.write("photos/anim.gif", Data(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]))
        let build = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 0)
        #expect(
            build.error.contains("skipped: phone.heic: HEIC/HEIF header: libheif 1."),
            "\(build.error)")
        #expect(build.error.contains("(a newer libheif may; or export it as JPEG)"))
        #expect(
            build.error.contains("skipped: web.webp: WebP header: the header is malformed"),
            "\(build.error)")
        #expect(build.error.contains("skipped: anim.gif: GIF is not supported: convert it to PNG"))
        #expect(build.output.hasPrefix("Built 3 photos in 1 section, 1 page → site/ in "))
        #expect(build.output.contains("(3 files skipped)"))
        #expect(Self.rawNames(work.url.appending(path: "site/photos")).count == 3)
    }
}
