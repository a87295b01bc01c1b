#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a ``RenditionWriter`` puts the files it outputs: it writes no file and makes no link
/// itself, so whoever owns the output (a site's publisher, a rendition store's run) decides where
/// each file goes and how it gets there, and knows every file that arrived.
///
/// The writer calls it from all its workers at once: an implementation must be thread-safe. Two
/// workers may put the same name (two photos with the same bytes); both are the same file.
public protocol RenditionDestination: Sendable {
    /// The folder where the files put so far can be read under their names. The writer only
    /// reads it: whether a photo's files are there already (put by another photo of this run
    /// with the same bytes, or, for a store, by an earlier run), and a file's bytes for its
    /// placeholder. It exists before the writer starts.
    var folder: URL { get }

    /// Puts `bytes` into the output as `name`, complete under that name or not at all (written
    /// under a temporary name and renamed): a file already there under `name` is replaced.
    func write(_ bytes: [UInt8], named name: String) throws(RenditionDestinationError)

    /// Puts the file at `path` into the output as `name` by a hard link (no copy, no space),
    /// unless the output has a file of that name already.
    func link(_ path: String, named name: String) throws(RenditionDestinationError)
        -> RenditionLink
}

/// What ``RenditionDestination/link(_:named:)`` did.
public enum RenditionLink: Sendable, Hashable {
    /// Linked: the output's file is now the one with this device and inode (whatever the name
    /// linked held at that moment: the writer checks it is the file it checked).
    case linked(device: UInt64, inode: UInt64)
    /// The output had a file of that name already: nothing was done.
    case present
    /// The file system cannot link it there (another device, say): the writer writes the bytes.
    case unlinkable
}

/// The output cannot be written: the run cannot go on.
public struct RenditionDestinationError: Error, Sendable, Hashable {
    /// What failed, with the path: "cannot write '…/renditions/3f…-640.jpg': No space left on
    /// device".
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
