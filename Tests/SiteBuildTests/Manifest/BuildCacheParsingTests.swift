import Foundation
import PhotoScanner
import TestSupport
import Testing

@testable import SiteBuild

/// Reading the cache file: every photo line back as written, and any damage reported with the
/// line it is on.
@Suite("Build cache file")
struct BuildCacheParsingTests {
    static let photoCount = 101

    /// The manifest's groups of item pages, one per page.
    static let itemGroups = (1...2).map {
        OutputManifest.Group(key: UInt64($0) * 0xfeed_beef, pathsDigest: 0xabc)
    }

    /// The manifest's groups of the page kinds' folders: any folder, named as it is.
    static let pageGroups = [
        "ceramics #1": [
            OutputManifest.Group(key: 0x1, pathsDigest: 0x2),
            OutputManifest.Group(key: UInt64.max, pathsDigest: 0x4),
        ],
        "layout/ceramics #1": [OutputManifest.Group(key: 0x5, pathsDigest: 0x6)],
    ]

    /// The moved item pages the cache records.
    static let redirects = Redirects([
        "items/old one.html": "photo2.jpg", "items/sub-10/old.html": "Sub #10/photo 10.jpg",
    ])

    /// The cache text a build of `photoCount` photos on two pages writes.
    static func cacheText() -> String {
        let photos = (1...photoCount).map { index in
            ScannedPhoto(
                relativePath: index % 10 == 0
                    ? "Sub #\(index)/photo \(index).jpg" : "photo\(index).jpg",
                format: index % 3 == 0 ? .png : .jpeg, storedWidth: 100 + index,
                storedHeight: 50 + index,
                orientation: 1 + index % 8, byteSize: Int64(1000 * index),
                identity: FileIdentity(
                    device: 42, inode: UInt64(7000 + index), size: Int64(1000 * index),
                    modified: 1_700_000_000_000_000_000 + Int64(index)))
        }
        var draft = BuildCache.Draft(ScanResult(photos: photos, diagnostics: []))
        draft.pages = (1...2).map { number in
            BuildCache.PageRecord(
                ranges: 4, worstDrift: 12.5, layoutBytes: 200, photos: number == 1 ? 100 : 1)
        }
        draft.files = OutputManifest([
            .init(path: "index.html", key: 0x1234_5678_9abc),
            .init(path: "assets/logo #1.png", key: UInt64.max),
        ])
        draft.files.setGroups(itemGroups, in: "items")
        for (folder, groups) in pageGroups { draft.files.setGroups(groups, in: folder) }
        for index in draft.itemPaths.indices where index % 2 == 0 {
            draft.itemPaths[index] = "items/\(draft.photos[index].relativePath).html"
        }
        draft.redirects = redirects
        return String(decoding: draft.data(reusing: nil, positions: { [] }), as: UTF8.self)
    }

    /// Loads `text` as a cache file; `sealed`: with its checksum made right first, so the parser's
    /// own checks behind it are what is tested.
    static func load(_ text: String, sealed: Bool = true) throws -> (
        cache: BuildCache?, warning: String?
    ) {
        let text = sealed ? Self.sealed(text) : text
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "BuildCacheParsingTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appending(path: BuildCache.fileName))
        return BuildCache.load(from: folder.appending(path: BuildCache.fileName))
    }

    /// `text` with the checksum in its first line made that of the rest.
    static func sealed(_ text: String) -> String {
        ChecksumSeal.sealed(text, header: BuildCache.header, checksum: BuildCache.checksum(of:))
    }

    /// `text` with its line `number` (1-based) replaced by `replacement`.
    static func replacing(line number: Int, in text: String, with replacement: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[number - 1] = replacement
        return lines.joined(separator: "\n")
    }

    @Test("every photo line comes back as written, in order, with its bytes in the file")
    func roundTrip() throws {
        let text = Self.cacheText()
        let (cache, warning) = try Self.load(text)
        #expect(warning == nil)
        let loaded = try #require(cache)
        #expect(loaded.scan.entries.count == Self.photoCount)
        #expect(
            loaded.scan.entries.map(\.photo.relativePath)
                == (1...Self.photoCount).map {
                    $0 % 10 == 0 ? "Sub #\($0)/photo \($0).jpg" : "photo\($0).jpg"
                })
        #expect(
            loaded.scan.entries.map(\.identity.inode)
                == (1...Self.photoCount).map { UInt64(7000 + $0) })
        #expect(loaded.pages.map(\.photos) == [100, 1])
        #expect(
            loaded.files.entries.map(\.path) == ["assets/logo #1.png", "index.html"]
                && loaded.files.key(of: "assets/logo #1.png") == UInt64.max)
        #expect(loaded.files.groups(in: "items") == Self.itemGroups)
        #expect(loaded.files.groupedFolders == ["ceramics #1", "items", "layout/ceramics #1"])
        for (folder, groups) in Self.pageGroups {
            #expect(loaded.files.groups(in: folder) == groups)
        }
        #expect(
            loaded.itemPaths
                == loaded.scan.entries.indices.map {
                    $0 % 2 == 0 ? "items/\(loaded.scan.entries[$0].photo.relativePath).html" : nil
                })
        #expect(loaded.redirects == Self.redirects)
        let lines = text.split(separator: "\n").dropFirst().prefix(Self.photoCount).map {
            String($0) + "\n"
        }
        #expect(loaded.lines.map { String(decoding: loaded.source[$0], as: UTF8.self) } == lines)
    }

    @Test(
        "the checksum catches a file one byte short, one edited digit, a foreign file and an old version"
    )
    func checksum() throws {
        let text = Self.cacheText()
        #expect(
            try Self.load(text, sealed: false).warning == nil, "the writer's own checksum is right")
        let header = try #require(text.split(separator: "\n").first)
        #expect(header.count == BuildCache.header.count + 17)
        let mismatch = "(checksum mismatch: the file was truncated or edited)"
        let short = try Self.load(String(text.dropLast()), sealed: false)
        #expect(
            short.cache == nil && short.warning?.contains(mismatch) == true,
            "\(short.warning ?? "no warning")")
        // One digit of a photo's size (line 2), the same length: only the checksum can tell.
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[1]
        let edited = Self.replacing(
            line: 2, in: text, with: line.replacingOccurrences(of: "\t101\t", with: "\t109\t"))
        #expect(edited != text && edited.utf8.count == text.utf8.count)
        #expect(
            try Self.load(edited, sealed: true).cache != nil,
            "sealed again, the edit parses: the checksum is what refuses it")
        let editedLoad = try Self.load(edited, sealed: false)
        #expect(
            editedLoad.cache == nil && editedLoad.warning?.contains(mismatch) == true,
            "\(editedLoad.warning ?? "no warning")")
        let foreign = try Self.load("{\"photos\": []}\n", sealed: false)
        #expect(
            foreign.cache == nil
                && foreign.warning?.contains("(not a waterfall-site build cache)") == true)
        let old = try Self.load(
            text.replacingOccurrences(of: BuildCache.header, with: "waterfall-site build cache 7"),
            sealed: false)
        #expect(
            old.cache == nil
                && old.warning?.contains("(old version 7, from an earlier waterfall-site)") == true,
            "\(old.warning ?? "")")
    }

    @Test(
        "a damaged line is reported by its number, among the photos, the pages and the files",
        arguments: [2, 30, 51, 52, 53, 90, 102, 104, 105, 107, 108, 110, 111, 113, 115])
    func damagedLine(number: Int) throws {
        // Line 1 is the header, 2...102 the photos, 103 "#pages", 104 and 105 the pages, 106
        // "#files", 107 and 108 the manifest's entries, 109 "#redirects", 110 and 111 the
        // redirects, 112 "#groups", 113 to 115 the groups of the page kinds' folders.
        let (cache, warning) = try Self.load(
            Self.replacing(line: number, in: Self.cacheText(), with: "photo.jpg\tnot\ta\tnumber"))
        #expect(cache == nil)
        #expect(
            warning?.contains("(line \(number) is malformed)") == true, "\(warning ?? "no warning")"
        )
    }

    @Test(
        "a file cut short is ignored: mid-line at its first bad line, between lines as ending early"
    )
    func cutShort() throws {
        let text = Self.cacheText()
        let photoLines = text.split(separator: "\n").prefix(1 + 80)
        let cutBetween = photoLines.joined(separator: "\n") + "\n"
        #expect(try Self.load(cutBetween).warning?.contains("(it ends early)") == true)
        let cutInside = String(cutBetween.dropLast(12))
        #expect(try Self.load(cutInside).warning?.contains("(line 81 is malformed)") == true)
        #expect(
            try Self.load(text.replacingOccurrences(of: "\n#pages\n", with: "\n#page\n")).cache
                == nil)
        let withoutFiles = String(text[..<text.range(of: "#files\n")!.lowerBound])
        #expect(try Self.load(withoutFiles).warning?.contains("(it ends early)") == true)
        let withoutRedirects = String(text[..<text.range(of: "#redirects\n")!.lowerBound])
        #expect(try Self.load(withoutRedirects).warning?.contains("(it ends early)") == true)
        let withoutGroups = String(text[..<text.range(of: "#groups\n")!.lowerBound])
        #expect(try Self.load(withoutGroups).warning?.contains("(it ends early)") == true)
    }

    @Test(
        "numbers: the widest that fit come back exactly, one digit more or a stray byte is damage")
    func numberLimits() throws {
        let text = Self.cacheText()
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[1]
        var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // Fields 1 and 2 are the device and inode (unsigned), 4 the modification time (signed).
        fields[1] = String(UInt64.max)
        fields[2] = "0000000000000000000000000000000000000042"
        fields[4] = String(-Int64.max)
        let widest = try #require(
            try Self.load(Self.replacing(line: 2, in: text, with: fields.joined(separator: "\t")))
                .cache)
        #expect(widest.scan.entries[0].identity.device == UInt64.max)
        #expect(widest.scan.entries[0].identity.inode == 42)
        #expect(widest.scan.entries[0].identity.modified == -Int64.max)
        for (index, damaged) in [
            (1, "18446744073709551616"), (1, "99999999999999999999"), (4, "9223372036854775808"),
            (2, "12a4"), (2, ""),
        ] {
            var broken = fields
            broken[index] = damaged
            let (cache, warning) = try Self.load(
                Self.replacing(line: 2, in: text, with: broken.joined(separator: "\t")))
            #expect(cache == nil, "\(damaged)")
            #expect(
                warning?.contains("(line 2 is malformed)") == true,
                "\(damaged): \(warning ?? "no warning")")
        }
    }
}
