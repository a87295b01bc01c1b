import PhotoScanner
import SiteRenderer

/// Where each photo's own page goes: `items/` plus its folders as readable slugs, then its name:
/// the owner's `slug`, else a slug of the photo's title, else of its file name
/// (`Ceramics/IMG_4521.jpg` titled "Everyday mug" → `items/ceramics/everyday-mug.html`).
///
/// A path depends only on the photo's own path and name, so adding photos leaves the others' pages
/// where they are; only photos whose paths coincide (`red-bowl.jpg` and `Red Bowl.png`, two
/// products titled "Mug") each get a short hash of their own path added, which keeps them apart
/// whatever else is in the folder. A `slug` the owner chose keeps its path when only derived names
/// meet it; two equal slugs in one folder are hashed like any other pair.
///
/// A name or folder too long for the file system is shortened with a hash (see ``NameLength``),
/// and folders too deep for ``NameLength/sitePathLimit`` become one folder, so no photo's name
/// fails the build.
enum ItemPaths {
    /// What names a photo's page, besides its file name.
    struct Naming: Sendable, Equatable {
        /// The owner's `slug` (checked by ``PhotoMetadata/slugProblem(_:)``).
        var slug: String?
        /// The photo's title; its slug names the page when there is no `slug`.
        var title: String?

        init(slug: String? = nil, title: String? = nil) {
            self.slug = slug
            self.title = title
        }
    }

    /// The item page path of each of `photoPaths` (relative to the photos folder, as the
    /// scanner gives them), in the same order; not percent-encoded. `naming(index)` gives the
    /// slug and title of `photoPaths[index]`; nil: the file name names the page.
    static func paths(for photoPaths: [String], naming: (Int) -> Naming? = { _ in nil }) -> [String]
    {
        var lastFolder = FolderSlugs()
        var chosen: [Bool] = []
        var paths: [String] = []
        paths.reserveCapacity(photoPaths.count)
        for (index, photoPath) in photoPaths.enumerated() {
            let name = naming(index)
            paths.append(plainPath(photoPath, name: name, lastFolder: &lastFolder))
            if name?.slug != nil {
                if chosen.isEmpty { chosen = Array(repeating: false, count: photoPaths.count) }
                chosen[index] = true
            }
        }
        var seen: [String: (all: Int, chosen: Int)] = [:]
        seen.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            seen[path, default: (0, 0)].all += 1
            if !chosen.isEmpty && chosen[index] { seen[path, default: (0, 0)].chosen += 1 }
        }
        guard seen.count < paths.count else { return paths }
        for index in paths.indices {
            guard let count = seen[paths[index]], count.all > 1 else { continue }
            // The one slug the owner chose for this path keeps it; derived names make way.
            if !chosen.isEmpty && chosen[index] && count.chosen == 1 { continue }
            paths[index] = hashed(paths[index], photoPath: photoPaths[index])
        }
        return paths
    }

    /// `path` with a short hash of `photoPath` before its `.html`.
    private static func hashed(_ path: String, photoPath: String) -> String {
        var path = path
        path.removeLast(5)
        let tag = "-" + NameLength.hash(photoPath, digits: 6) + ".html"
        // A name already at the length limit makes room for the hash.
        let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        let name = NameLength.prefix(
            String(path[nameStart...]), bytes: NameLength.nameLimit - tag.utf8.count)
        return path[..<nameStart] + name + tag
    }

    /// The slugs of the last folder a path was made in. Photos come folder by folder, so each
    /// folder's slugs are made once, not once a photo: on every build this runs for every photo.
    struct FolderSlugs {
        /// The folder's bytes, as its photos' paths spell it.
        var folder: [UInt8]?
        var path = ""
    }

    /// `items/<folder slugs>/<file name slug>.html`, before any hash is added.
    static func plainPath(_ photoPath: String) -> String { plainPath(photoPath, name: nil) }

    /// `items/<folder slugs>/<name>.html`, the name as ``chosenName(_:)`` gives it, before any
    /// hash is added.
    static func plainPath(_ photoPath: String, name: Naming?) -> String {
        var lastFolder = FolderSlugs()
        return plainPath(photoPath, name: name, lastFolder: &lastFolder)
    }

    /// The page's name from `naming`, without `.html`: the slug as given, else the title's slug;
    /// nil when neither gives one (a title of punctuation only), and the file name names it.
    static func chosenName(_ naming: Naming?) -> String? {
        if let slug = naming?.slug, !slug.isEmpty { return slug }
        guard let title = naming?.title else { return nil }
        let slug = Slug.make(title, empty: "")
        return slug.isEmpty ? nil : slug
    }

    /// ``plainPath(_:)``, reusing `lastFolder`'s slugs when the photo is in the same folder.
    ///
    /// It finds the slashes and the extension's dot byte by byte, not by characters: every
    /// build runs this for every photo, a warm rebuild with nothing to do included.
    static func plainPath(
        _ photoPath: String, name: Naming? = nil, lastFolder: inout FolderSlugs
    ) -> String {
        let chosen = chosenName(name)
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
            if let chosen { return lastFolder.path + NameLength.fitted(chosen, suffix: ".html") }
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
