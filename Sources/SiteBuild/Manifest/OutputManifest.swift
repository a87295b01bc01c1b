/// The files a build publishes outside the site's three large folders, as the stages declare them
/// to the ``SitePublisher``: the pages and their layout files, `layout.json`, the stylesheets and
/// the owner's logo and favicon in `assets/`, `_headers` and the owner's static files. Each entry
/// is a path in the site and a key that changes whenever the file's bytes would: a page's
/// fingerprint, a hash of a stylesheet's bytes, a static file's identity.
///
/// The build cache keeps it (see ``BuildCache``), so it is the next build's previous manifest:
/// an entry whose key is unchanged is linked from the previous site and never made again, and a
/// file no entry names is not in the new site. The large folders (`photos/`, `renditions/`,
/// `items/`) are taken over whole from the previous site with their own records (see
/// ``CarriedFolder``): at 100,000 photos an entry per file would cost more than the rebuild.
struct OutputManifest: Sendable, Equatable {
    struct Entry: Sendable, Hashable {
        /// `/`-separated, relative to the site's root.
        var path: String
        var key: UInt64
    }

    /// In the order the build declared them.
    private(set) var entries: [Entry] = []
    private var positions: [String: Int] = [:]

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
        self = OutputManifest(entries.filter { !paths.contains($0.path) })
    }

    /// The key of the entry at `path`, if there is one.
    func key(of path: String) -> UInt64? {
        positions[path].map { entries[$0].key }
    }

    static func == (left: OutputManifest, right: OutputManifest) -> Bool {
        left.entries == right.entries
    }
}
