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

/// Header reads of an earlier scan, keyed by relative path. A file whose identity is unchanged is
/// taken from here without being opened; any other file is read again.
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

    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// The entries for a finished scan's photos (the next build's cache).
    public init(_ result: ScanResult) {
        var warnings: [String: ScanDiagnostic] = [:]
        for diagnostic in result.diagnostics where diagnostic.isWarning {
            warnings[diagnostic.relativePath] = diagnostic
        }
        var entries: [String: Entry] = [:]
        for photo in result.photos {
            guard let identity = photo.identity else { continue }
            entries[photo.relativePath] = Entry(identity: identity, photo: photo, warning: warnings[photo.relativePath])
        }
        self.entries = entries
    }
}
