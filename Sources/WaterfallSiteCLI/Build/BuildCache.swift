import Foundation
import PhotoScanner
import SiteRenderer

/// The build cache: what the scanner learned about every photo, kept in the output folder so a
/// rebuild reads no header of a photo whose identity (device, inode, size, modification time) is
/// unchanged. A text file, one photo per line; anything unexpected in it makes the whole cache be
/// ignored with a warning, never trusted in part.
struct BuildCache: Sendable {
    static let fileName = ".waterfall-site-cache"
    static let header = "waterfall-site build cache 3"

    /// The content hash that names a photo's renditions, with the rendition options it was made
    /// for: valid while the photo's identity and the options are unchanged.
    struct RenditionKey: Sendable, Hashable {
        var fingerprint: String
        var contentHash: String
    }

    var scan: ScanCache
    var renditions: [String: RenditionKey]
    /// The photos whose original the build placed in the site (all of them, unless tiles show
    /// renditions and `--no-original-link` keeps the originals out).
    var originals: Set<String>

    init(scan: ScanCache, renditions: [String: RenditionKey] = [:], originals: Set<String> = []) {
        self.scan = scan
        self.renditions = renditions
        self.originals = originals
    }

    /// Whether `photo` is the file the cache describes: same path, same identity.
    func isUnchanged(_ photo: ScannedPhoto) -> Bool {
        guard let identity = photo.identity else { return false }
        return scan.entries[photo.relativePath]?.identity == identity
    }

    /// The rendition hash of `photo` when the cache vouches for it: same identity, same options.
    func renditionHash(for photo: ScannedPhoto, fingerprint: String) -> String? {
        guard isUnchanged(photo), let key = renditions[photo.relativePath], key.fingerprint == fingerprint else { return nil }
        return key.contentHash
    }

    /// The cache of the previous build in `output`, if there is a usable one. `warning` explains
    /// why an existing file was ignored.
    static func load(from output: URL) -> (cache: BuildCache?, warning: String?) {
        let url = output.appending(path: fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return (nil, nil) }
        func ignored(_ reason: String) -> (BuildCache?, String?) {
            (nil, "ignoring the build cache '\(url.path)' (\(reason)); every photo is read again")
        }
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            return ignored("not readable as UTF-8 text")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else { return ignored("not a waterfall-site cache of this version") }
        lines.removeFirst()
        if lines.last == "" { lines.removeLast() }
        var entries: [String: ScanCache.Entry] = [:]
        var renditions: [String: RenditionKey] = [:]
        var originals: Set<String> = []
        entries.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            guard let (entry, key, original) = entry(line) else { return ignored("line \(number + 2) is malformed") }
            entries[entry.photo.relativePath] = entry
            if let key { renditions[entry.photo.relativePath] = key }
            if original { originals.insert(entry.photo.relativePath) }
        }
        return (BuildCache(scan: ScanCache(entries: entries), renditions: renditions, originals: originals), nil)
    }

    /// The file's text, in path order so equal builds give equal bytes.
    var text: String {
        var text = Self.header + "\n"
        for path in scan.entries.keys.sorted() {
            guard let entry = scan.entries[path] else { continue }
            let photo = entry.photo
            let key = renditions[path]
            let fields: [String] = [
                path.percentEncodedPath, String(entry.identity.device), String(entry.identity.inode),
                String(entry.identity.size), String(entry.identity.modified), photo.format.rawValue,
                String(photo.storedWidth), String(photo.storedHeight), String(photo.orientation),
                String(photo.byteSize), (entry.warning?.message ?? "").percentEncodedPath,
                (key?.fingerprint ?? "").percentEncodedPath, key?.contentHash ?? "", originals.contains(path) ? "original" : "",
            ]
            text += fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    private static func entry(_ line: Substring) -> (ScanCache.Entry, RenditionKey?, original: Bool)? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 14,
            let path = String(fields[0]).removingPercentEncoding, !path.isEmpty,
            let device = UInt64(fields[1]), let inode = UInt64(fields[2]),
            let size = Int64(fields[3]), let modified = Int64(fields[4]),
            let format = ImageFormat(rawValue: String(fields[5])),
            let width = Int(fields[6]), width > 0, let height = Int(fields[7]), height > 0,
            let orientation = Int(fields[8]), (1...8).contains(orientation),
            let byteSize = Int64(fields[9]), byteSize >= 0,
            let warningText = String(fields[10]).removingPercentEncoding,
            let fingerprint = String(fields[11]).removingPercentEncoding,
            fields[12].allSatisfy({ $0.isHexDigit && ($0.isNumber || $0.isLowercase) }),
            fields[13] == "original" || fields[13].isEmpty
        else { return nil }
        let identity = FileIdentity(device: device, inode: inode, size: size, modified: modified)
        let photo = ScannedPhoto(
            relativePath: path, format: format, storedWidth: width, storedHeight: height,
            orientation: orientation, byteSize: byteSize, identity: identity)
        let warning = warningText.isEmpty ? nil : ScanDiagnostic(relativePath: path, kind: .malformedExif, message: warningText)
        let key = fingerprint.isEmpty || fields[12].isEmpty ? nil : RenditionKey(fingerprint: fingerprint, contentHash: String(fields[12]))
        return (ScanCache.Entry(identity: identity, photo: photo, warning: warning), key, fields[13] == "original")
    }
}
