import SiteRenderer

/// Where the pages of the page kinds go among the site's folders, as groups of a
/// ``GroupedFolder``: a page's HTML file in the top folder of its path (`ceramics` for
/// `ceramics/bowls/index.html`), its layout file (with `--layout-files`) in that folder's layout
/// folder (`layout/ceramics`), each file a group of its own under the page's key.
///
/// So a rebuild in which none of a folder's pages changed takes the previous site's folder over
/// whole, with one rename, instead of making each of its subfolders and linking each page again
/// (a nested shop has hundreds of category folders). The folders come from the pages' paths
/// alone: no kind's folder is spelled here or in the cache.
struct PageFolders: Sendable {
    /// One folder of the site with groups: its path in the site, and its groups and files in the
    /// pages' order.
    struct Folder: Sendable {
        let name: String
        var groups: [OutputManifest.Group] = []
        /// Relative to the site.
        var paths: [String] = []
    }

    /// Where one file of a page goes: the group at `group` of the folder at `folder`.
    struct Placement: Sendable {
        let folder: Int
        let group: Int
    }

    /// A page's files: its HTML file and its layout file, when layout files are written.
    struct PagePlacement: Sendable {
        let page: Placement
        let layout: Placement?

        /// Where each of the page's files goes, the HTML file first.
        var files: [Placement] { [page] + (layout.map { [$0] } ?? []) }
    }

    private(set) var folders: [Folder] = []
    /// By page: where its files go, or nil for a page at the site's root, published file by file.
    private(set) var placements: [PagePlacement?] = []

    /// The folders of the pages at `paths` (relative to the site), whose keys are `keys`, with
    /// their layout files when `layoutFiles`.
    init(paths: [String], keys: [UInt64], layoutFiles: Bool) {
        var folderIndex: [String: Int] = [:]
        for (path, key) in zip(paths, keys) {
            guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else {
                placements.append(nil)
                continue
            }
            let top = String(path[..<slash])
            let page = place(path, key: key, in: top, folderIndex: &folderIndex)
            let layout =
                layoutFiles
                ? place(
                    LayoutDocument.path(ofPage: path), key: key,
                    in: LayoutDocument.folder(ofPagesIn: top), folderIndex: &folderIndex) : nil
            placements.append(PagePlacement(page: page, layout: layout))
        }
    }

    /// Adds `file` of the page whose key is `key` as a group of the folder `name`.
    private mutating func place(
        _ file: String, key: UInt64, in name: String, folderIndex: inout [String: Int]
    ) -> Placement {
        let index: Int
        if let known = folderIndex[name] {
            index = known
        } else {
            index = folders.count
            folders.append(Folder(name: name))
            folderIndex[name] = index
        }
        var pathsDigest = StableHasher()
        pathsDigest.combine(file)
        // The page's key with its path: a group's key changes whenever its file's path does.
        var fileKey = StableHasher()
        fileKey.combine(key)
        fileKey.combine(pathsDigest.value)
        folders[index].groups.append(
            OutputManifest.Group(key: fileKey.value, pathsDigest: pathsDigest.value))
        folders[index].paths.append(file)
        return Placement(folder: index, group: folders[index].groups.count - 1)
    }
}
