import PhotoScanner
import SiteRenderer

/// Where each photo's own page goes: `items/` plus its folders and name as readable slugs
/// (`Ceramics/Red Bowl with Fig.jpg` → `items/ceramics/red-bowl-with-fig.html`).
///
/// A path depends only on the photo's own path, so adding photos leaves the others' pages where
/// they are; only photos whose slugs coincide (`red-bowl.jpg` and `Red Bowl.png`) each get a
/// short hash of their own path added, which keeps them apart whatever else is in the folder.
enum ItemPaths {
    /// The item page path of each of `photoPaths` (relative to the photos folder, as the
    /// scanner gives them), in the same order; not percent-encoded.
    static func paths(for photoPaths: [String]) -> [String] {
        var lastFolder = FolderSlugs()
        var paths = photoPaths.map { plainPath($0, lastFolder: &lastFolder) }
        var seen: [String: Int] = [:]
        for path in paths { seen[path, default: 0] += 1 }
        for index in paths.indices where seen[paths[index], default: 0] > 1 {
            var path = paths[index]
            path.removeLast(5)
            paths[index] = path + "-" + shortHash(photoPaths[index]) + ".html"
        }
        return paths
    }

    /// The slugs of the last folder a path was made in. Photos come folder by folder, so each
    /// folder's slugs are made once, not once a photo: on every build this runs for every photo.
    struct FolderSlugs {
        var folder: Substring?
        var path = ""
    }

    /// `items/<folder slugs>/<name slug>.html`, before any hash is added.
    static func plainPath(_ photoPath: String) -> String {
        var lastFolder = FolderSlugs()
        return plainPath(photoPath, lastFolder: &lastFolder)
    }

    /// ``plainPath(_:)``, reusing `lastFolder`'s slugs when the photo is in the same folder.
    static func plainPath(_ photoPath: String, lastFolder: inout FolderSlugs) -> String {
        var readable = readablePath(photoPath)[...]
        while readable.last == "/" { readable.removeLast() }
        let slash = readable.lastIndex(of: "/")
        var name = slash.map { readable[readable.index(after: $0)...] } ?? readable
        guard !name.isEmpty else { return SiteRenderer.itemsFolder + "/photo.html" }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        let folder =
            slash.map { readable[..<$0] } ?? readable[readable.startIndex..<readable.startIndex]
        if folder != lastFolder.folder {
            lastFolder.folder = folder
            lastFolder.path =
                ([SiteRenderer.itemsFolder]
                + folder.split(separator: "/").map { slug($0, empty: "folder") })
                .joined(separator: "/") + "/"
        }
        return lastFolder.path + slug(name, empty: "photo") + ".html"
    }

    /// A name that is not UTF-8 is read as its bytes (see FileNameText), not its escapes.
    private static func readablePath(_ photoPath: String) -> String {
        photoPath.utf8.contains(UInt8(ascii: "%")) && FileNameText.isEscaped(photoPath)
            ? String(decoding: FileNameText.bytes(of: photoPath), as: UTF8.self) : photoPath
    }

    /// Lower-case letters and digits (of any script) joined by single hyphens; `empty` when
    /// nothing is left.
    static func slug(_ text: Substring, empty: String) -> String {
        // Most names are ASCII: the same slug byte by byte, about ten times faster.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    bytes.append(byte + 32)
                default:
                    if let last = bytes.last, last != UInt8(ascii: "-") {
                        bytes.append(UInt8(ascii: "-"))
                    }
                }
            }
            while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
            return bytes.isEmpty ? empty : String(decoding: bytes, as: UTF8.self)
        }
        return unicodeSlug(text, empty: empty)
    }

    /// ``slug(_:empty:)`` of any text, character by character.
    static func unicodeSlug(_ text: Substring, empty: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? empty : slug
    }

    /// Six hex digits of a stable hash of `path`.
    private static func shortHash(_ path: String) -> String {
        var hasher = StableHasher()
        hasher.combine(path)
        let digits = String(hasher.value & 0xFF_FFFF, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}
