import MasonryLayout
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

/// The metadata a build used, each product's rows merged (see ``ProductRows``), kept in the
/// build cache (``BuildCache``) under the identity of the file it was read from: a rebuild whose
/// metadata file is unchanged takes it from there and neither parses the file nor merges its
/// products again (at 100,000 rows of 25,000 products, 43% of a warm rebuild's CPU time).
///
/// The key is the file's path, the `--follow-symlinks` setting and the file's identity (device,
/// inode, size, modification time in nanoseconds), the identity photos are trusted by: an editor
/// that saves the file changes its time, its size or its inode. A content hash would cost a read
/// of the file on every rebuild for a case (rewritten in place, same size, time set back) that
/// the photos already accept. The merge reads the file's rows and nothing else, so nothing else
/// is in the key: what depends on the photos found (rows naming no photo, the catalogue) is
/// worked out anew by every build. Only a regular file is recorded (a link's target may change
/// under it), and only JSON: a CSV table's rows and columns for messages are not kept, so a
/// `metadata.csv` is read every build.
struct MetadataRecord: Sendable, Equatable {
    /// What the record was made from.
    struct Key: Sendable, Hashable {
        var path: String
        var followsLinks: Bool
        var identity: FileIdentity
    }

    let key: Key
    /// The record's lines as the cache file holds them, the key's first, each ending in a line
    /// break (see ``MetadataRecordText``).
    let bytes: Data

    /// The record of `metadata`, merged, read from the file `key` names; nil for metadata that
    /// cannot be recorded (a CSV table's, or prices already resolved).
    init?(key: Key, metadata: PhotoMetadata) {
        guard let bytes = MetadataRecordText.bytes(of: metadata, key: key) else { return nil }
        self.key = key
        self.bytes = Data(bytes)
    }

    /// The record in a cache file's `section` (its lines after `#metadata`); nil when its key's
    /// line is malformed. The entries are read only when ``metadata()`` asks for them.
    init?(section: Data) {
        guard let key = MetadataRecordText.key(in: section) else { return nil }
        self.key = key
        bytes = section
    }

    /// The merged metadata the record holds; nil when a line is malformed.
    func metadata() -> PhotoMetadata? { MetadataRecordText.metadata(in: bytes) }
}

extension MetadataRecord.Key {
    /// The key of the file at `url` as it is now; nil unless it is a regular file.
    init?(file url: URL, followsLinks: Bool) {
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(
            path: url.path, followsLinks: followsLinks,
            identity: FileIdentity(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                size: Int64(info.st_size),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
    }
}
