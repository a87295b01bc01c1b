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
/// the writer places into its output is the inode that was checked (or its checked bytes), never
/// whatever the name holds later.
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

    /// Whether the file with `device` and `inode` is the one that was checked (what a link of
    /// ``path`` placed is whatever the name held at that moment).
    func isFile(device: UInt64, inode: UInt64) -> Bool {
        UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
        close(descriptor)
    }
}
