import PhotoScanner
import SiteRenderer

/// Where each photo's own page goes: `items/` plus its folders and name as readable slugs
/// (`Ceramics/Red Bowl with Fig.jpg` → `items/ceramics/red-bowl-with-fig.html`).
///
/// A path depends only on the photo's own path, so adding photos leaves the others' pages where
/// they are; only photos whose slugs coincide (`red-bowl.jpg` and `Red Bowl.png`) each get a
/// short hash of their own path added, which keeps them apart whatever else is in the folder.
///
/// A name or folder too long for the file system is shortened with a hash (see ``NameLength``),
/// and folders too deep for ``NameLength/sitePathLimit`` become one folder, so no photo's name
/// fails the build.
enum ItemPaths {
    /// The item page path of each of `photoPaths` (relative to the photos folder, as the
    /// scanner gives them), in the same order; not percent-encoded.
    static func paths(for photoPaths: [String]) -> [String] {
        var lastFolder = FolderSlugs()
        var paths = photoPaths.map { plainPath($0, lastFolder: &lastFolder) }
        var seen: [String: Int] = [:]
        seen.reserveCapacity(paths.count)
        for path in paths { seen[path, default: 0] += 1 }
        guard seen.count < paths.count else { return paths }
        for index in paths.indices where seen[paths[index], default: 0] > 1 {
            var path = paths[index]
            path.removeLast(5)
            let tag = "-" + NameLength.hash(photoPaths[index], digits: 6) + ".html"
            // A name already at the length limit makes room for the hash.
            let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
            let name = NameLength.prefix(
                String(path[nameStart...]), bytes: NameLength.nameLimit - tag.utf8.count)
            paths[index] = path[..<nameStart] + name + tag
        }
        return paths
    }

    /// The slugs of the last folder a path was made in. Photos come folder by folder, so each
    /// folder's slugs are made once, not once a photo: on every build this runs for every photo.
    struct FolderSlugs {
        /// The folder's bytes, as its photos' paths spell it.
        var folder: [UInt8]?
        var path = ""
    }

    /// `items/<folder slugs>/<name slug>.html`, before any hash is added.
    static func plainPath(_ photoPath: String) -> String {
        var lastFolder = FolderSlugs()
        return plainPath(photoPath, lastFolder: &lastFolder)
    }

    /// ``plainPath(_:)``, reusing `lastFolder`'s slugs when the photo is in the same folder.
    ///
    /// It finds the slashes and the extension's dot byte by byte, not by characters: every
    /// build runs this for every photo, a warm rebuild with nothing to do included.
    static func plainPath(_ photoPath: String, lastFolder: inout FolderSlugs) -> String {
        var readable = readablePath(photoPath)
        return readable.withUTF8 { bytes in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0 && bytes[end - 1] == slash { end -= 1 }
            let nameStart = bytes[..<end].lastIndex(of: slash).map { $0 + 1 } ?? 0
            guard nameStart < end else { return SiteRenderer.itemsFolder + "/photo.html" }
            var nameEnd = end
            if let dot = bytes[nameStart..<end].lastIndex(of: UInt8(ascii: ".")), dot != nameStart {
                nameEnd = dot
            }
            let folder = bytes[..<max(0, nameStart - 1)]
            if lastFolder.folder.map({ !$0.elementsEqual(folder) }) ?? true {
                lastFolder.folder = Array(folder)
                lastFolder.path = folderPath(UnsafeBufferPointer(rebasing: folder))
            }
            return lastFolder.path
                + NameLength.fitted(
                    Slug.make(
                        bytes: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]),
                        empty: "photo"),
                    suffix: ".html")
        }
    }

    /// `items/` and the slugs of `folder`'s names, each within the name limit, ending in `/`.
    /// Folders deeper than the site's path limit leaves room for become one folder: their
    /// slugs joined, shortened, with a hash of the folder's own bytes, so no two meet.
    private static func folderPath(_ folder: UnsafeBufferPointer<UInt8>) -> String {
        let slugs = folder.split(separator: UInt8(ascii: "/")).map {
            NameLength.fitted(
                Slug.make(bytes: UnsafeBufferPointer(rebasing: $0), empty: "folder"))
        }
        let path = ([SiteRenderer.itemsFolder] + slugs).joined(separator: "/") + "/"
        let room = NameLength.sitePathLimit - NameLength.nameLimit
        guard path.utf8.count > room else { return path }
        let joined = NameLength.fitted(
            slugs.joined(separator: "-"), suffix: "", limit: NameLength.nameLimit,
            hashed: String(decoding: folder, as: UTF8.self))
        return SiteRenderer.itemsFolder + "/" + joined + "/"
    }

    /// A name that is not UTF-8 is read as its bytes (see FileNameText), not its escapes.
    private static func readablePath(_ photoPath: String) -> String {
        photoPath.utf8.contains(UInt8(ascii: "%")) && FileNameText.isEscaped(photoPath)
            ? String(decoding: FileNameText.bytes(of: photoPath), as: UTF8.self) : photoPath
    }
}
