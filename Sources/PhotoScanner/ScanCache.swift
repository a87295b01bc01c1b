#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What identifies a file's content well enough to trust an earlier header read: the same
/// device, inode, size and modification time mean the same bytes for any tool that writes files
/// the ordinary way (a rename, a copy or an edit changes one of them).
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

/// Header reads of an earlier scan, in the order that scan listed the photos. A file whose
/// identity is unchanged is taken from here without being opened; any other file is read again.
///
/// No table keyed by path is built to match files with entries: the walk lists files in the same
/// order as the earlier scan, so the scanner (and a caller with the new scan's photos) steps
/// through both lists together (see ``positions(of:)``).
public struct ScanCache: Sendable {
    /// One photo as an earlier scan measured it.
    public struct Entry: Sendable, Hashable {
        public var identity: FileIdentity
        public var photo: ScannedPhoto
        /// The EXIF warning the read produced, if any, so a cached photo reports it again.
        public var warning: ScanDiagnostic?

        public init(identity: FileIdentity, photo: ScannedPhoto, warning: ScanDiagnostic?) {
            self.identity = identity
            self.photo = photo
            self.warning = warning
        }
    }

    /// In the earlier scan's order (natural order of paths); a path appears at most once.
    public let entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The entries for a finished scan's photos (the next build's cache).
    public init(_ result: ScanResult) {
        var warnings: [String: ScanDiagnostic] = [:]
        for diagnostic in result.diagnostics where diagnostic.isWarning {
            warnings[diagnostic.relativePath] = diagnostic
        }
        self.init(
            entries: result.photos.compactMap { photo in
                photo.identity.map {
                    Entry(identity: $0, photo: photo, warning: warnings[photo.relativePath])
                }
            })
    }

    /// For each of `paths` (in listing order), the index of the entry with that path, or nil.
    /// Steps through both lists together and decides by the listing order where they part (a
    /// file added, or an entry whose file is gone), so no table is needed. Never pairs different
    /// paths; if the orders ever disagreed, a file would only be read again.
    public func positions(of paths: [String]) -> [Int?] {
        var result: [Int?] = []
        result.reserveCapacity(paths.count)
        var next = 0
        // Paths match as bytes: `==` on Strings is canonical equivalence, under which a folder
        // renamed from é composed to e and U+0301 (as copied from a Mac) would keep its entries.
        func isEntry(_ index: Int, _ path: String) -> Bool {
            entries[index].photo.relativePath.hasSameBytes(as: path)
        }
        for path in paths {
            // Entries that sort before this path are files that are gone.
            while next < entries.count && !isEntry(next, path)
                && NaturalOrder.arePathsInIncreasingOrder(entries[next].photo.relativePath, path)
            {
                next += 1
            }
            if next < entries.count && isEntry(next, path) {
                result.append(next)
                next += 1
            } else {
                result.append(nil)
            }
        }
        return result
    }
}
