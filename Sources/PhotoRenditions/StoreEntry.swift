import InputFiles

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

/// One file of a rendition store (or of the previous site, looked up the same way: see
/// ``StoreLookup``), opened and checked before a build publishes it.
///
/// A store is filled by other runs and other machines, so its names vouch for nothing: the entry
/// is opened by ``InputFileRule``, the rule every input file goes through, never following a
/// symbolic link out of the store (a link to `/etc/shadow` named like a rendition is refused, not
/// read), as a regular file only (a FIFO under a rendition's name does not hang the build), and
/// its bytes go through the writer's ``RenditionWriter/StoreCheck``. What
/// is placed into the site is the inode that was checked, never whatever the name holds later.
final class StoreEntry {
    let path: String
    let place: RenditionWriter.Rejection.Place
    private let descriptor: Int32
    private let info: stat
    private let bytes: UnsafeBufferPointer<UInt8>

    /// Opens `name` in `folder` (found in `place`; `opened`, when given, is `folder` open): a
    /// regular file reached without a symbolic link, mapped.
    init(
        name: String, in folder: URL, opened: Int32?, place: RenditionWriter.Rejection.Place
    ) throws(RenditionWriter.Rejection) {
        let path = folder.appending(path: name).path
        func reject(_ reason: String) -> RenditionWriter.Rejection {
            RenditionWriter.Rejection(path: path, place: place, reason: reason)
        }
        // Never with --follow-symlinks: a store holds the files themselves, whoever filled it.
        let descriptor: Int32
        do {
            let rule = InputFileRule(followsLinks: false)
            if let opened {
                descriptor = try rule.open(name, inOpened: opened, root: folder.path)
            } else {
                descriptor = try rule.open(name, in: folder.path)
            }
        } catch {
            guard case .linkOutside(let target, _) = error.reason else {
                throw reject(error.reasonText)
            }
            throw reject(
                "it is a symbolic link to '\(target)', outside the store (a store holds the files themselves)"
            )
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw reject("cannot read it: \(reason)")
        }
        let length = Int(info.st_size)
        var start: UnsafePointer<UInt8>?
        if length > 0 {
            guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0),
                base != MAP_FAILED
            else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw reject("cannot map it: \(reason)")
            }
            start = UnsafePointer(base.assumingMemoryBound(to: UInt8.self))
        }
        self.path = path
        self.place = place
        self.descriptor = descriptor
        self.info = info
        bytes = UnsafeBufferPointer(start: start, count: length)
    }

    /// Checks the bytes as a rendition in `fileExtension`'s format at `size`.
    func check(
        _ check: RenditionWriter.StoreCheck?, size: RenditionSize, fileExtension: String
    ) throws(RenditionWriter.Rejection) {
        if let problem = check?(bytes, fileExtension, size) {
            throw RenditionWriter.Rejection(path: path, place: place, reason: problem)
        }
    }

    /// Calls `body` with the checked bytes (valid only during the call).
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(bytes)
    }

    /// Places the checked file at `destination`: a hard link when it still is the inode that was
    /// checked, else (another file system, or the name replaced meanwhile) a copy of the checked
    /// bytes written under a temporary name in `temporaries`. Nil on success, else the reason.
    func place(at destination: URL, temporaries: URL) -> String? {
        if link(path, destination.path) == 0 {
            var placed = stat()
            if lstat(destination.path, &placed) == 0, placed.st_dev == info.st_dev,
                placed.st_ino == info.st_ino
            {
                return nil
            }
            unlink(destination.path)
        } else if errno == EEXIST {
            // Another photo of this build with the same bytes placed or wrote it.
            return nil
        }
        let temporary = temporaries.appending(
            path: ".\(destination.lastPathComponent).\(UUID().uuidString)")
        if let failure = RenditionWriter.write(Array(bytes), to: temporary.path) {
            return "cannot write '\(temporary.path)': \(failure)"
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            return "cannot write '\(destination.path)': \(reason)"
        }
        return nil
    }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
        close(descriptor)
    }
}
