#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A photo's bytes through a read-only mapping: nothing is copied, and only the pages the hash
/// and the decoder touch are read. Reading the file into memory would make a 2 GB file (a sparse
/// one takes no disk) cost 2 GB per job, where the decoder needs memory only for the pixels.
///
/// Only a regular file is mapped: a FIFO, a device or a folder put in a photo's place is refused.
final class MappedFile {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the file at `path` (bytes, no NUL: a name need not be valid UTF-8).
    init(path: [UInt8]) throws(RenditionError) {
        let descriptor = (path + [0]).withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) {
                open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            }
        }
        guard descriptor >= 0 else {
            let code = errno
            throw RenditionError(
                code == ENOENT || code == ENOTDIR ? .vanished : .unreadable,
                message: code == ENOENT || code == ENOTDIR
                    ? "the file is gone (deleted or moved during the build)"
                    : "cannot open it: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw RenditionError(
                .unreadable, message: "cannot read it: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw RenditionError(
                .vanished, message: "it is no longer a regular file (replaced during the build)")
        }
        let length = Int(info.st_size)
        guard length > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0),
            base != MAP_FAILED
        else {
            throw RenditionError(
                .unreadable, message: "cannot map it: \(String(cString: strerror(errno)))")
        }
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// Tells the kernel the pages of `range` are done with: a file-backed page counts towards the
    /// process's resident memory until it is dropped, so the hash of a large file drops what it
    /// has read as it goes.
    func release(_ range: Range<Int>) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = range.lowerBound / page * page
        let end = range.upperBound / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }
}
