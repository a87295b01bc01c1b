import PhotoRenditions
import PhotoScanner
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The build cache: what a build learned, kept beside the output folder (never in it: it names
/// every photo scanned, shown or not; see ``OutputFolder``) so the next build does only the work
/// that changed. For every photo, what the scanner measured, keyed by its identity (device,
/// inode, size, modification time), the name of its renditions and whether its original was
/// published; for every page, its layout statistics; and the ``OutputManifest`` of every other
/// file the build published.
///
/// A text file, one photo per line (with the path of its item page), then one line per page (with
/// the manifest's group of its item pages), then one line per manifest entry, then one line per
/// redirect (see ``Redirects``), then one line per group of the manifest's other grouped folders,
/// then the merged metadata and the identity of its file (see ``MetadataRecord``), when the site
/// has a metadata file that can be recorded. Anything unexpected in it makes the
/// whole cache be ignored with a warning, never trusted in part. Read and written byte by byte:
/// at 100,000 photos, String splitting alone would cost more than the rest of a rebuild.
struct BuildCache: Sendable {
    static let fileName = ".waterfall-site-cache"
    /// The first line starts with this, then a space and ``checksum(of:)`` of everything after
    /// the line, as 16 hexadecimal digits.
    static let header = "waterfall-site build cache 19"
    /// What the first line of any version's cache starts with, before its version number.
    static let headerStem = "waterfall-site build cache "

    /// The hash of the bytes after the first line that the first line carries: a truncated or
    /// edited file is told from the file that was written. Four independent lanes of eight bytes
    /// (each mixed by a multiply and a shift, as ``StableHasher`` does) keep the processor's
    /// multipliers busy: about 1 ms for the 10 MB of 100,000 photos, half of one lane's time.
    static func checksum(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        func mix(_ lane: inout UInt64, _ word: UInt64) {
            lane = (lane ^ word) &* 0x9E37_79B9_7F4A_7C15
            lane ^= lane >> 29
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 1, 2, 3)
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 32 <= bytes.count {
                mix(&lanes.0, (base + offset).loadUnaligned(as: UInt64.self))
                mix(&lanes.1, (base + offset + 8).loadUnaligned(as: UInt64.self))
                mix(&lanes.2, (base + offset + 16).loadUnaligned(as: UInt64.self))
                mix(&lanes.3, (base + offset + 24).loadUnaligned(as: UInt64.self))
                offset += 32
            }
        }
        var hasher = StableHasher()
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { hasher.combine(lane) }
        // The last bytes one by one, then the length, so a file cut at a lane's edge differs too.
        for index in offset..<bytes.count { hasher.combine(Int(bytes[index])) }
        hasher.combine(bytes.count)
        return hasher.value
    }
    /// The line between the photos and the pages (no photo path lacks an extension).
    static let pagesLine = "#pages"
    /// The line between the pages and the manifest's entries.
    static let filesLine = "#files"
    /// The line between the manifest's entries and the redirects.
    static let redirectsLine = "#redirects"
    /// The line between the redirects and the manifest's groups of every folder but the item
    /// pages' (whose groups are on the pages' lines).
    static let groupsLine = "#groups"
    /// The line between the groups and the metadata's record, the file's last part.
    static let metadataLine = "#metadata"

    /// The content hash that names a photo's renditions, with the rendition options it was made
    /// for: valid while the photo's identity and the options are unchanged. Or, for a photo whose
    /// renditions failed (corrupt data after a good header), why: an unchanged broken photo is
    /// not decoded again on every rebuild, and its warning is repeated from here.
    struct RenditionKey: Sendable, Hashable {
        var fingerprint: String
        var contentHash: String
        /// The files' extension (`jpg`, `png`) and widths: with the hash, their names.
        var fileExtension: String
        var widths: [Int]
        /// The failure's message, nil for renditions that were written.
        var failure: String? = nil
        /// The `<source>` formats kept beside them (`avif`, `webp`), at the same widths.
        var sources: [SourceFormat] = []
        /// The colours the photo's box shows while it loads (JPEG renditions only).
        var placeholder: PlaceholderColours? = nil

        /// A remembered failure, for the options `fingerprint` (see ``failureFingerprint(_:)``).
        static func failed(_ message: String, fingerprint: String) -> RenditionKey {
            RenditionKey(
                fingerprint: fingerprint, contentHash: "", fileExtension: "", widths: [],
                failure: message)
        }

        /// What a failure depends on: the encoding options and the pixel limit (a photo over
        /// `--max-pixels` may be decoded once the limit is raised).
        static func failureFingerprint(_ options: RenditionOptions) -> String {
            options.fingerprint + ";max=\(options.maximumPixels)"
        }

        /// The file names in the renditions folder.
        var fileNames: [String] {
            ([fileExtension] + sources.map(\.fileExtension)).flatMap { fileExtension in
                widths.map { "\(contentHash)-\($0).\(fileExtension)" }
            }
        }
    }

    /// What a build wrote for one page, so the next build can keep the page (its key in the
    /// manifest unchanged) with its statistics, and its item pages.
    struct PageRecord: Sendable, Hashable {
        /// The page's layout statistics, for the build summary.
        var ranges: Int
        var worstDrift: Double
        var layoutBytes: Int
        var photos: Int
    }

    /// The photos, in the order the build's scan listed them.
    var scan: ScanCache
    /// For each entry of `scan`, its renditions' key, if it has renditions.
    var renditionKeys: [RenditionKey?]
    /// For each entry of `scan`, whether the build placed its original in the site (all, unless
    /// tiles show renditions and `--no-original-link` keeps the originals out).
    var publishedOriginals: [Bool]
    /// Page `n` is `pages[n - 1]`.
    var pages: [PageRecord]
    /// Every other file the build published.
    var files = OutputManifest()
    /// For each entry of `scan`, the path of its item page, if it had one: where the next build
    /// leaves a redirect when the page moves.
    var itemPaths: [String?] = []
    /// The item pages that moved in this or an earlier build, each leading to its photo.
    var redirects = Redirects()
    /// The metadata the build used and the file it came from, if it was recorded.
    var metadata: MetadataRecord?
    /// The file's bytes and, for each entry of `scan`, its line in them: a rebuild copies the
    /// line of a photo about which nothing changed instead of writing it anew.
    var source = Data()
    var lines: [Range<Int>] = []

    /// How many originals the build placed in the site.
    let placedOriginalCount: Int
    /// Where the metadata's record starts in the file's bytes, if it has one.
    fileprivate(set) var metadataStart: Int?

    /// The photos whose original the build placed in the site.
    var placedOriginals: [String] {
        scan.entries.indices.filter { publishedOriginals[$0] }.map {
            scan.entries[$0].photo.relativePath
        }
    }

    init(
        scan: ScanCache, renditionKeys: [RenditionKey?], publishedOriginals: [Bool],
        pages: [PageRecord]
    ) {
        self.scan = scan
        self.renditionKeys = renditionKeys
        self.publishedOriginals = publishedOriginals
        self.pages = pages
        placedOriginalCount = publishedOriginals.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// What this build learns for the next one, filled in as the build goes; photos in the
    /// scan's order, which is the order the next build's walk lists them in.
    struct Draft {
        var photos: [ScannedPhoto]
        var warnings: [String: ScanDiagnostic]
        /// By index in `photos`, as the two below.
        var renditions: [RenditionKey?]
        var publishedOriginals: [Bool]
        var pages: [PageRecord] = []
        /// How many of `pages` were rendered by this build (the others were kept).
        var renderedPages = 0
        var files = OutputManifest()
        /// By index in `photos`, the item page path the build gave each photo.
        var itemPaths: [String?]
        var redirects = Redirects()
        /// The metadata this build used, for the next build (see ``MetadataRecord``).
        var metadata: MetadataRecord?

        init(_ scan: ScanResult) {
            photos = scan.photos
            warnings = [:]
            for diagnostic in scan.diagnostics where diagnostic.isWarning {
                warnings[diagnostic.relativePath] = diagnostic
            }
            renditions = Array(repeating: nil, count: photos.count)
            publishedOriginals = Array(repeating: true, count: photos.count)
            itemPaths = Array(repeating: nil, count: photos.count)
        }

        /// Whether this build's cache would say exactly what `previous` says, checked without
        /// writing it: every photo came from `previous` (`allCached`), none left, and the
        /// renditions, published originals and pages are the same. Both list the same photos in
        /// the same (listing) order then; the paths are compared to make sure.
        func repeats(_ previous: BuildCache, allCached: Bool) -> Bool {
            guard allCached, photos.count == previous.scan.entries.count, pages == previous.pages,
                files == previous.files, renditions == previous.renditionKeys,
                publishedOriginals == previous.publishedOriginals, itemPaths == previous.itemPaths,
                redirects == previous.redirects, metadata == previous.metadata
            else { return false }
            return photos.indices.allSatisfy {
                photos[$0].relativePath == previous.scan.entries[$0].photo.relativePath
            }
        }

        /// The cache file's bytes; a photo about which nothing changed since `previous` gets its
        /// line from there, copied. `positions` gives each photo's entry in `previous`.
        func data(reusing previous: BuildCache?, positions: () -> [Int?]) -> Data {
            var text = CacheText()
            text.append(BuildCache.header + " ")
            let checksumStart = text.bytes.count
            text.append(String(repeating: "0", count: 16))
            text.newline()
            let bodyStart = text.bytes.count
            let previousIndex = previous == nil ? nil : positions()
            for (index, photo) in photos.enumerated() {
                guard let identity = photo.identity else { continue }
                let key = renditions[index]
                if let previous, let line = previousIndex?[index],
                    previous.lines.indices.contains(line),
                    previous.scan.entries[line].identity == identity,
                    previous.renditionKeys[line] == key,
                    previous.publishedOriginals[line] == publishedOriginals[index],
                    previous.itemPaths.indices.contains(line),
                    previous.itemPaths[line] == itemPaths[index]
                {
                    text.bytes.append(contentsOf: previous.source[previous.lines[line]])
                    continue
                }
                text.appendEncoded(photo.relativePath)
                text.tab()
                text.append(identity.device)
                text.tab()
                text.append(identity.inode)
                text.tab()
                text.append(identity.size)
                text.tab()
                text.append(identity.modified)
                text.tab()
                text.append(photo.format.rawValue)
                text.tab()
                text.append(Int64(photo.storedWidth))
                text.tab()
                text.append(Int64(photo.storedHeight))
                text.tab()
                text.append(Int64(photo.orientation))
                text.tab()
                text.append(Int64(photo.displayWidth))
                text.tab()
                text.append(Int64(photo.displayHeight))
                text.tab()
                text.append(photo.byteSize)
                text.tab()
                text.appendEncoded(warnings[photo.relativePath]?.message ?? "")
                text.tab()
                text.appendEncoded(key?.fingerprint ?? "")
                text.tab()
                text.append(key?.contentHash ?? "")
                text.tab()
                text.append(publishedOriginals[index] ? "original" : "")
                text.tab()
                if let failure = key?.failure {
                    text.append(CacheParser.failedPrefix)
                    text.appendEncoded(failure)
                } else if let key {
                    text.append(
                        ([key.fileExtension] + key.sources.map(\.fileExtension)).joined(
                            separator: "+") + ":"
                            + key.widths.map(String.init).joined(separator: ","))
                    if let placeholder = key.placeholder { text.append("~" + placeholder.text) }
                }
                // The EXIF date taken, which the feed orders by; empty without one.
                text.tab()
                if let date = photo.dateTaken { text.append(date) }
                // Whether its EXIF gives where it was taken, which the build warns about.
                text.tab()
                if photo.hasGPSPosition { text.append("gps") }
                text.tab()
                if let itemPath = itemPaths[index] { text.appendEncoded(itemPath) }
                text.newline()
            }
            text.append(BuildCache.pagesLine)
            text.newline()
            // A page's line also carries the manifest's group of its item pages (0 0 without).
            let itemGroups = files.groups(in: SiteRenderer.itemsFolder)
            for (index, page) in pages.enumerated() {
                text.append(Int64(index + 1))
                text.tab()
                text.append(Int64(page.ranges))
                text.tab()
                text.append(page.worstDrift.description)
                for number in [page.layoutBytes, page.photos] {
                    text.tab()
                    text.append(Int64(number))
                }
                let items = itemGroups.indices.contains(index) ? itemGroups[index] : nil
                for digest in [items?.key ?? 0, items?.pathsDigest ?? 0] {
                    text.tab()
                    text.append(String(digest, radix: 16))
                }
                text.newline()
            }
            text.append(BuildCache.filesLine)
            text.newline()
            for entry in files.entriesByPath {
                text.appendEncoded(entry.path)
                text.tab()
                text.append(String(entry.key, radix: 16))
                text.newline()
            }
            text.append(BuildCache.redirectsLine)
            text.newline()
            for (old, photo) in redirects.photoByOldPath.sorted(by: {
                $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
            }) {
                text.appendEncoded(old)
                text.tab()
                text.appendEncoded(photo)
                text.newline()
            }
            text.append(BuildCache.groupsLine)
            text.newline()
            for folder in files.groupedFolders where folder != SiteRenderer.itemsFolder {
                for group in files.groups(in: folder) {
                    text.appendEncoded(folder)
                    for digest in [group.key, group.pathsDigest] {
                        text.tab()
                        text.append(String(digest, radix: 16))
                    }
                    text.newline()
                }
            }
            if let metadata {
                text.append(BuildCache.metadataLine)
                text.newline()
                text.bytes.append(contentsOf: metadata.bytes)
            }
            let checksum = text.bytes.withUnsafeBytes {
                BuildCache.checksum(of: UnsafeRawBufferPointer(rebasing: $0[bodyStart...]))
            }
            let digits = Array(String(checksum, radix: 16).utf8)
            text.bytes.replaceSubrange(
                checksumStart + 16 - digits.count..<checksumStart + 16, with: digits)
            return Data(text.bytes)
        }
    }

    /// Why the file's first line is not this version's header with the checksum of the rest, or
    /// nil when it is.
    private static func headerProblem(_ bytes: UnsafeRawBufferPointer) -> String? {
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let line = String(decoding: bytes[..<newline], as: UTF8.self)
        guard line.hasPrefix(headerStem) else { return "not a waterfall-site build cache" }
        let rest = line.dropFirst(headerStem.count)
        let version = rest.prefix { $0.isNumber }
        guard line.hasPrefix(header + " ") else {
            return version.isEmpty
                ? "not a waterfall-site build cache"
                : "old version \(version), from an earlier waterfall-site"
        }
        guard newline < bytes.count,
            let declared = UInt64(line.dropFirst(header.count + 1), radix: 16),
            line.count == header.count + 17
        else { return "no checksum: the file is damaged" }
        let computed = checksum(of: UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...]))
        guard declared == computed else {
            return "checksum mismatch: the file was truncated or edited"
        }
        return nil
    }

    /// The cache in the file `url` (see ``OutputFolder/recordsToLoad``), if it is usable.
    /// `warning` explains why an existing file was ignored.
    static func load(from url: URL) -> (cache: BuildCache?, warning: String?) {
        guard FileManager.default.fileExists(atPath: url.path) else { return (nil, nil) }
        func ignored(_ reason: String) -> (BuildCache?, String?) {
            (nil, "ignoring the build cache '\(url.path)' (\(reason)); every photo is read again")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return ignored("not readable")
        }
        if let reason = data.withUnsafeBytes({ headerProblem($0) }) { return ignored(reason) }
        let result = data.withUnsafeBytes { raw in
            var parser = CacheParser(raw.bindMemory(to: UInt8.self))
            return parser.cache()
        }
        switch result {
        case .success(var cache):
            cache.source = data
            if let start = cache.metadataStart {
                guard let record = MetadataRecord(section: data[start...]) else {
                    return ignored("its metadata's key is malformed")
                }
                cache.metadata = record
            }
            return (cache, nil)
        case .failure(let failure): return ignored(failure.reason)
        }
    }
}

/// The reason a cache file was not accepted.
struct CacheFailure: Error {
    var reason: String
}

/// Reads a cache file's bytes (see ``BuildCache/load(from:)``).
private struct CacheParser {
    /// Starts the files field of a photo whose renditions failed; the message follows.
    static let failedPrefix = "failed:"

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// The fields of the current line, as byte ranges (reused from line to line).
    var fields: [Range<Int>] = []
    /// The last rendition fingerprint decoded: every line of a build repeats the same one.
    var lastFingerprint: (raw: ArraySlice<UInt8>, text: String)?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        fields.reserveCapacity(16)
    }

    mutating func cache() -> Result<BuildCache, CacheFailure> {
        // The header and its checksum were checked before (see BuildCache.load(from:)).
        guard nextLine(), fields.count == 1,
            text(fields[0])?.hasPrefix(BuildCache.header + " ") == true
        else {
            return .failure(CacheFailure(reason: "not a waterfall-site cache of this version"))
        }
        // One pass to count the lines, so the arrays never grow while filling.
        var lineCount = 0
        if var cursor = bytes.baseAddress.map(UnsafeRawPointer.init) {
            let end = cursor + bytes.count
            while let newline = memchr(cursor, Int32(UInt8(ascii: "\n")), end - cursor) {
                lineCount += 1
                cursor = UnsafeRawPointer(newline) + 1
            }
        }
        var entries: [ScanCache.Entry] = []
        var renditionKeys: [BuildCache.RenditionKey?] = []
        var publishedOriginals: [Bool] = []
        var itemPaths: [String?] = []
        itemPaths.reserveCapacity(lineCount)
        entries.reserveCapacity(lineCount)
        renditionKeys.reserveCapacity(lineCount)
        publishedOriginals.reserveCapacity(lineCount)
        var lines: [Range<Int>] = []
        lines.reserveCapacity(lineCount)
        var pages: [BuildCache.PageRecord] = []
        var itemGroups: [OutputManifest.Group] = []
        var files = OutputManifest()
        var line = 1
        var inPages = false
        var inFiles = false
        var inRedirects = false
        var inGroups = false
        var redirects: [String: String] = [:]
        var groups: [String: [OutputManifest.Group]] = [:]
        var metadataStart: Int?
        while true {
            let lineStart = position
            guard nextLine() else { break }
            line += 1
            if !inPages && fields.count == 1 && text(fields[0]) == BuildCache.pagesLine {
                inPages = true
                continue
            }
            if inPages && !inFiles && fields.count == 1 && text(fields[0]) == BuildCache.filesLine {
                inFiles = true
                continue
            }
            if inFiles && !inRedirects && fields.count == 1
                && text(fields[0]) == BuildCache.redirectsLine
            {
                inRedirects = true
                continue
            }
            if inRedirects && !inGroups && fields.count == 1
                && text(fields[0]) == BuildCache.groupsLine
            {
                inGroups = true
                continue
            }
            if inGroups && fields.count == 1 && text(fields[0]) == BuildCache.metadataLine {
                // The record is read by MetadataRecord, and its entries only when a build asks.
                metadataStart = min(position, bytes.count)
                break
            }
            if inGroups {
                guard fields.count == 3, let folder = text(fields[0]), !folder.isEmpty,
                    folder != SiteRenderer.itemsFolder, let key = hex(fields[1]),
                    let pathsDigest = hex(fields[2])
                else { return malformed(line) }
                groups[folder, default: []].append(
                    OutputManifest.Group(key: key, pathsDigest: pathsDigest))
            } else if inRedirects {
                guard fields.count == 2, let old = text(fields[0]), !old.isEmpty,
                    redirects[old] == nil, let photo = text(fields[1]), !photo.isEmpty
                else { return malformed(line) }
                redirects[old] = photo
            } else if inFiles {
                guard fields.count == 2, let path = text(fields[0]), !path.isEmpty,
                    files.key(of: path) == nil, let key = hex(fields[1])
                else { return malformed(line) }
                files.set(OutputManifest.Entry(path: path, key: key))
            } else if inPages {
                guard let (page, items) = pageRecord(number: pages.count + 1) else {
                    return malformed(line)
                }
                pages.append(page)
                itemGroups.append(items)
            } else {
                guard
                    appendPhotoEntry(
                        to: &entries, renditionKeys: &renditionKeys,
                        publishedOriginals: &publishedOriginals, itemPaths: &itemPaths)
                else {
                    return malformed(line)
                }
                // With its line break: the file's last photo line is always followed by the pages.
                lines.append(lineStart..<min(position, bytes.count))
            }
        }
        guard inGroups else { return .failure(CacheFailure(reason: "it ends early")) }
        var cache = BuildCache(
            scan: ScanCache(entries: entries), renditionKeys: renditionKeys,
            publishedOriginals: publishedOriginals, pages: pages)
        // A site without item pages has zeros there, and no groups.
        if itemGroups.contains(where: { $0.key != 0 }) {
            files.setGroups(itemGroups, in: SiteRenderer.itemsFolder)
        }
        for (folder, folderGroups) in groups { files.setGroups(folderGroups, in: folder) }
        cache.files = files
        cache.itemPaths = itemPaths
        cache.redirects = Redirects(redirects)
        cache.lines = lines
        cache.metadataStart = metadataStart
        return .success(cache)
    }

    private func malformed(_ line: Int) -> Result<BuildCache, CacheFailure> {
        .failure(CacheFailure(reason: "line \(line) is malformed"))
    }

    /// Splits the next line into `fields`; false at the end of the file. The line's end is found
    /// with `memchr`, many bytes at a time (a cache of 100,000 photos is ten megabytes, read while
    /// the folders are listed), its tabs in one pass over it: a `memchr` per field cost more in
    /// calls than it saved on fields a few bytes long.
    private mutating func nextLine() -> Bool {
        guard position < bytes.count, let base = bytes.baseAddress else { return false }
        fields.removeAll(keepingCapacity: true)
        let lineEnd =
            memchr(base + position, Int32(UInt8(ascii: "\n")), bytes.count - position)
            .map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base }
            ?? bytes.count
        var start = position
        var index = position
        while index < lineEnd {
            if base[index] == UInt8(ascii: "\t") {
                fields.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        fields.append(start..<lineEnd)
        position = lineEnd + 1
        return true
    }

    /// Appends the photo line's entry, rendition key and published flag; false when malformed.
    /// (Appended in place: returning them as an optional tuple copied each entry twice more.)
    private mutating func appendPhotoEntry(
        to entries: inout [ScanCache.Entry], renditionKeys: inout [BuildCache.RenditionKey?],
        publishedOriginals: inout [Bool], itemPaths: inout [String?]
    ) -> Bool {
        guard fields.count == 20,
            let path = text(fields[0]), !path.isEmpty,
            let device = unsigned(fields[1]), let inode = unsigned(fields[2]),
            let size = signed(fields[3]), let modified = signed(fields[4]),
            let format = ImageFormat(rawValue: String(decoding: bytes[fields[5]], as: UTF8.self)),
            let width = signed(fields[6]), width > 0, let height = signed(fields[7]), height > 0,
            let orientation = signed(fields[8]), (1...8).contains(orientation),
            let displayWidth = signed(fields[9]), displayWidth > 0,
            let displayHeight = signed(fields[10]), displayHeight > 0,
            let byteSize = signed(fields[11]), byteSize >= 0,
            let warningText = fields[12].isEmpty ? "" : text(fields[12]),
            let fingerprint = renditionFingerprint(fields[13]),
            isLowercaseHex(fields[14]),
            field(fields[15], is: "original") || fields[15].isEmpty,
            fields[17].isEmpty || signed(fields[17]) != nil,
            field(fields[18], is: "gps") || fields[18].isEmpty,
            let itemPath = fields[19].isEmpty ? "" : text(fields[19])
        else { return false }
        let failurePrefix =
            fields[16]
            .lowerBound..<min(
                fields[16].upperBound, fields[16].lowerBound + Self.failedPrefix.utf8.count)
        let failure =
            field(failurePrefix, is: "failed:")
            ? text(failurePrefix.upperBound..<fields[16].upperBound) : nil
        guard let files = failure == nil ? renditionFiles(fields[16]) : ("", [], [], nil) else {
            return false
        }
        let published = !fields[15].isEmpty
        let identity = FileIdentity(device: device, inode: inode, size: size, modified: modified)
        var photo = ScannedPhoto(
            relativePath: path, format: format, storedWidth: Int(width), storedHeight: Int(height),
            orientation: Int(orientation), byteSize: byteSize, identity: identity)
        // A HEIF/AVIF transform (not an orientation) is in the display size itself.
        photo.displayWidth = Int(displayWidth)
        photo.displayHeight = Int(displayHeight)
        photo.dateTaken = fields[17].isEmpty ? nil : signed(fields[17])
        photo.hasGPSPosition = !fields[18].isEmpty
        let warning =
            warningText.isEmpty
            ? nil : ScanDiagnostic(relativePath: path, kind: .malformedExif, message: warningText)
        let key =
            fingerprint.isEmpty
            ? nil
            : failure.map { BuildCache.RenditionKey.failed($0, fingerprint: fingerprint) }
                ?? (fields[14].isEmpty || files.widths.isEmpty
                    ? nil
                    : BuildCache.RenditionKey(
                        fingerprint: fingerprint,
                        contentHash: String(decoding: bytes[fields[14]], as: UTF8.self),
                        fileExtension: files.fileExtension, widths: files.widths,
                        sources: files.sources, placeholder: files.placeholder))
        entries.append(ScanCache.Entry(identity: identity, photo: photo, warning: warning))
        renditionKeys.append(key)
        publishedOriginals.append(published)
        itemPaths.append(itemPath.isEmpty ? nil : itemPath)
        return true
    }

    /// A page's record and the manifest's group of its item pages.
    private func pageRecord(number: Int) -> (BuildCache.PageRecord, OutputManifest.Group)? {
        guard fields.count == 7, signed(fields[0]) == Int64(number),
            let ranges = signed(fields[1]), ranges >= 0,
            let drift = text(fields[2]).flatMap(Double.init), drift.isFinite,
            let layoutBytes = signed(fields[3]), layoutBytes >= 0, let photos = signed(fields[4]),
            photos > 0, let items = hex(fields[5]), let itemPaths = hex(fields[6])
        else { return nil }
        return (
            BuildCache.PageRecord(
                ranges: Int(ranges), worstDrift: drift, layoutBytes: Int(layoutBytes),
                photos: Int(photos)),
            OutputManifest.Group(key: items, pathsDigest: itemPaths)
        )
    }

    /// A field of up to 16 lowercase hexadecimal digits, as a number.
    private func hex(_ range: Range<Int>) -> UInt64? {
        guard isLowercaseHex(range), !range.isEmpty, range.count <= 16 else { return nil }
        return UInt64(String(decoding: bytes[range], as: UTF8.self), radix: 16)
    }

    /// `jpg:195,390,640` or `jpg+avif+webp:195,390,640` (or empty): the extension and widths of
    /// a photo's rendition files, and the source formats beside them; then `~` and the
    /// placeholder colours' 12 digits when the build measured them.
    private func renditionFiles(_ whole: Range<Int>)
        -> (
            fileExtension: String, widths: [Int], sources: [SourceFormat],
            placeholder: PlaceholderColours?
        )?
    {
        guard !whole.isEmpty else { return ("", [], [], nil) }
        var range = whole
        var placeholder: PlaceholderColours?
        if whole.count > 13, bytes[whole.upperBound - 13] == UInt8(ascii: "~") {
            let digits = (whole.upperBound - 12)..<whole.upperBound
            guard let colours = text(digits).flatMap({ PlaceholderColours(text: Substring($0)) })
            else { return nil }
            placeholder = colours
            range = whole.lowerBound..<(whole.upperBound - 13)
        }
        let fileExtension =
            field(range.lowerBound..<min(range.upperBound, range.lowerBound + 3), is: "jpg")
            ? "jpg"
            : field(range.lowerBound..<min(range.upperBound, range.lowerBound + 3), is: "png")
                ? "png" : nil
        guard let fileExtension, range.count > 4 else { return nil }
        var cursor = range.lowerBound + 3
        var sources: [SourceFormat] = []
        while cursor + 5 <= range.upperBound && bytes[cursor] == UInt8(ascii: "+") {
            let name = String(decoding: bytes[(cursor + 1)..<(cursor + 5)], as: UTF8.self)
            guard let source = SourceFormat(rawValue: name), !sources.contains(source) else {
                return nil
            }
            sources.append(source)
            cursor += 5
        }
        guard cursor < range.upperBound, bytes[cursor] == UInt8(ascii: ":") else { return nil }
        var widths: [Int] = []
        var start = cursor + 1
        for index in start...range.upperBound
        where index == range.upperBound || bytes[index] == UInt8(ascii: ",") {
            guard let width = signed(start..<index), width > 0, width < 1_000_000 else {
                return nil
            }
            widths.append(Int(width))
            start = index + 1
        }
        return (fileExtension, widths, sources, placeholder)
    }

    private mutating func renditionFingerprint(_ range: Range<Int>) -> String? {
        if let last = lastFingerprint, last.raw.elementsEqual(bytes[range]) { return last.text }
        guard let decoded = text(range) else { return nil }
        lastFingerprint = (ArraySlice(bytes[range]), decoded)
        return decoded
    }

    /// Whether the field is exactly `word` (ASCII).
    private func field(_ range: Range<Int>, is word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount
            && memcmp(
                bytes.baseAddress.unsafelyUnwrapped + range.lowerBound, word.utf8Start, range.count)
                == 0
    }

    /// A percent-encoded UTF-8 field; nil when the percent encoding is broken. Bytes that are not
    /// UTF-8 are repaired as the folder walk repairs file names, so paths still match.
    private func text(_ range: Range<Int>) -> String? {
        let field = bytes[range]
        guard field.contains(UInt8(ascii: "%")) else {
            return String(decoding: UnsafeBufferPointer(rebasing: field), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(field.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else {
                    return nil
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private func unsigned(_ range: Range<Int>) -> UInt64? {
        guard !range.isEmpty else { return nil }
        var value: UInt64 = 0
        // Up to 19 digits cannot overflow (10^19 - 1 < 2^64): a line holds about 45 digits,
        // mostly in fields this short, nanosecond times included.
        if range.count <= 19 {
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ UInt64(digit)
            }
            return value
        }
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    private func signed(_ range: Range<Int>) -> Int64? {
        if !range.isEmpty && bytes[range.lowerBound] == UInt8(ascii: "-") {
            guard let magnitude = unsigned(range.dropFirst()), magnitude <= UInt64(Int64.max) else {
                return nil
            }
            return -Int64(magnitude)
        }
        guard let value = unsigned(range), value <= UInt64(Int64.max) else { return nil }
        return Int64(value)
    }

    private func isLowercaseHex(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// The cache file's text as bytes, with the few appends the format needs.
private struct CacheText {
    var bytes: [UInt8] = []

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
    mutating func tab() { bytes.append(UInt8(ascii: "\t")) }
    mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

    mutating func append(_ number: Int64) { JSONText.appendDigits(of: number, to: &bytes) }

    /// Decimal digits without a String in between: a cache has about ten numbers per photo.
    mutating func append(_ number: UInt64) {
        if number <= UInt64(Int64.max) {
            JSONText.appendDigits(of: Int64(number), to: &bytes)
        } else {
            append(String(number))
        }
    }

    /// Percent-encoded as a URL path (every byte but unreserved characters and `/`), so no field
    /// holds a tab or a line break; most fields need nothing and go in as they are.
    mutating func appendEncoded(_ text: String) { append(text.percentEncodedPath) }
}
