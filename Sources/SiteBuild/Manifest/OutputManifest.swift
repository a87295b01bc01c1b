/// The files a build publishes, as the stages declare them to the ``SitePublisher``.
///
/// - **Entries**, one per file: the pages and their layout files, `layout.json`, the stylesheets
///   and the owner's logo and favicon in `assets/`, `_headers`, the owner's static files, the
///   sitemap and the feed. Each is a path in the site and a key that changes whenever the file's
///   bytes would: a page's fingerprint, a hash of a stylesheet's bytes, a static file's identity.
/// - **Groups**, for a large folder whose files come in groups: the item pages of each gallery
///   page in `items/`, each page of the page kinds in its top folder and its layout file in
///   that folder's layout folder (see ``GroupedFolder`` and ``PageFolders``). A group is a key over all its files and a digest of
///   their paths; at 100,000 item pages an entry per file would cost a warm rebuild more than all
///   the rest of it.
///
/// The build cache keeps it (see ``BuildCache``), so it is the next build's previous manifest:
/// an entry or group whose key is unchanged is kept from the previous site and never made again,
/// and a file the manifest does not name is not in the new site. The files of `photos/` and
/// `renditions/` are kept per photo in the cache's records instead, beside the photo's identity
/// (see `PhotoFolders.swift`).
struct OutputManifest: Sendable, Equatable {
    struct Entry: Sendable, Hashable {
        /// `/`-separated, relative to the site's root.
        var path: String
        var key: UInt64
    }

    /// The files of a large folder published under one key (see ``GroupedFolder``).
    struct Group: Sendable, Hashable {
        /// Changes whenever the bytes or the paths of any of the group's files would.
        var key: UInt64
        /// Of the group's paths alone: while every group's is unchanged, no file leaves the folder.
        var pathsDigest: UInt64
    }

    /// In the order the build declared them, which varies: stages publish from several threads.
    private(set) var entries: [Entry] = []
    private var positions: [String: Int] = [:]
    /// By folder, in the order of their groups (the item pages' by gallery page).
    private var groupsByFolder: [String: [Group]] = [:]

    init(_ entries: [Entry] = []) {
        for entry in entries { set(entry) }
    }

    /// Adds `entry`, or replaces the entry with its path (a page rendered again without a photo
    /// that went away during the build).
    mutating func set(_ entry: Entry) {
        if let position = positions[entry.path] {
            entries[position] = entry
        } else {
            positions[entry.path] = entries.count
            entries.append(entry)
        }
    }

    /// Removes the entries at `paths`.
    mutating func remove(_ paths: Set<String>) {
        var remaining = OutputManifest(entries.filter { !paths.contains($0.path) })
        remaining.groupsByFolder = groupsByFolder
        self = remaining
    }

    /// The key of the entry at `path`, if there is one.
    func key(of path: String) -> UInt64? {
        positions[path].map { entries[$0].key }
    }

    /// The groups of `folder`'s files; empty when the build published none there.
    func groups(in folder: String) -> [Group] { groupsByFolder[folder] ?? [] }

    /// The folders published in groups, sorted byte for byte.
    var groupedFolders: [String] {
        groupsByFolder.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Records `groups` as `folder`'s (none: the folder is not published in groups).
    mutating func setGroups(_ groups: [Group], in folder: String) {
        groupsByFolder[folder] = groups.isEmpty ? nil : groups
    }

    /// The entries by path, byte for byte: the order of the cache file and of comparisons.
    var entriesByPath: [Entry] {
        entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The same entries in whatever order, and the same groups.
    static func == (left: OutputManifest, right: OutputManifest) -> Bool {
        left.entries.count == right.entries.count
            && left.groupsByFolder == right.groupsByFolder
            && left.entriesByPath == right.entriesByPath
    }
}
