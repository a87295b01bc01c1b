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

/// A plain folder as a ``RenditionDestination``: every file goes straight into `folder`. What a
/// rendition store's run writes into (`waterfall-site renditions`), and what
/// ``RenditionWriter/write(_:into:reusing:previousIsKept:store:temporaries:progress:)`` makes
/// for a folder it is given; a site's publisher wraps one in its own destination.
public struct RenditionFolder: RenditionDestination {
    public let folder: URL
    /// Where files are written under a temporary name before they are renamed into `folder`: on
    /// the same file system.
    public let temporaries: URL
    private let folderPath: String
    private let temporariesPath: String

    /// Puts files into `folder`, created when missing, written first under a temporary name in
    /// `temporaries` (default: `folder` itself).
    public init(_ folder: URL, temporaries: URL? = nil) throws(RenditionDestinationError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RenditionDestinationError(
                "cannot create '\(folder.path)': \(FileSystemFailure.reason(error))")
        }
        self.folder = folder
        self.temporaries = temporaries ?? folder
        folderPath = folder.path
        temporariesPath = self.temporaries.path
    }

    public func write(_ bytes: [UInt8], named name: String) throws(RenditionDestinationError) {
        let destination = folderPath + "/" + name
        // Written under a temporary name and renamed, so a file that exists is complete.
        let temporary = temporariesPath + "/.\(name).\(UUID().uuidString)"
        if let failure = Self.write(bytes, to: temporary) {
            throw RenditionDestinationError("cannot write '\(temporary)': \(failure)")
        }
        if rename(temporary, destination) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw RenditionDestinationError("cannot write '\(destination)': \(reason)")
        }
    }

    public func link(_ path: String, named name: String) -> RenditionLink {
        let destination = folderPath + "/" + name
        guard systemLink(path, destination) == 0 else {
            // Another photo of this run with the same bytes placed or wrote it.
            return errno == EEXIST ? .present : .unlinkable
        }
        var placed = stat()
        guard lstat(destination, &placed) == 0 else { return .unlinkable }
        return .linked(device: UInt64(placed.st_dev), inode: UInt64(placed.st_ino))
    }

    /// Writes `bytes` with plain POSIX calls; nil on success, else the reason. Foundation's
    /// `Data.write` syncs each file to disk, which on a busy machine costs more than the encode,
    /// and a build's staging folder already keeps a failed build from being published.
    private static func write(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                pwrite(
                    descriptor, buffer.baseAddress! + offset, bytes.count - offset, off_t(offset))
            }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}

// The C library's `link`, by a name that the destination's own `link` does not hide.
private func systemLink(_ source: String, _ destination: String) -> Int32 {
    link(source, destination)
}
