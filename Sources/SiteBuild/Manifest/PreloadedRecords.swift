#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The records a build left beside the output (see ``BuildCache``), read and parsed on a thread
/// of their own right after that build, while `serve` waits for the next change: the rebuild
/// that change starts then does not spend its time on them (at 100,000 photos, a tenth of a
/// rebuild's CPU time, on the cores the scan needs).
///
/// They stand in for the file only while it is still the file that was read: the same device,
/// inode, size and modification and change times (a `build` from another terminal, say,
/// replaces it with a new inode).
public final class PreloadedRecords: Sendable {
    /// What ``BuildCache/load(from:)`` returns.
    typealias Loaded = (cache: BuildCache?, warning: String?)

    /// The file, as ``OutputFolder/records`` names it.
    let path: String
    private let work: BackgroundWork<(stamp: FileStamp, loaded: Loaded)?>

    /// Starts reading the records of the site in `output` (beside it: ``OutputFolder/records``).
    public convenience init(recordsOf output: URL) {
        self.init(path: OutputFolder(output).records.path)
    }

    /// Starts reading `path`.
    init(path: String) {
        self.path = path
        work = BackgroundWork {
            // Stamped before and after: a file replaced while it was read is not used.
            guard let before = FileStamp(path) else { return nil }
            let loaded = BuildCache.load(from: URL(fileURLWithPath: path))
            guard FileStamp(path) == before else { return nil }
            return (before, loaded)
        }
    }

    /// What ``BuildCache/load(from:)`` would give for `url` now, if `url` is the file read and
    /// it has not changed since; nil otherwise (the caller reads it itself). Waits for the read.
    func loaded(for url: URL) -> Loaded? {
        guard url.path == path, let read = try? work.wait(), FileStamp(path) == read.stamp
        else { return nil }
        return read.loaded
    }
}

/// What tells one version of a file from another without reading it.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// The stamp of the file at `path`, or nil when there is none.
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }
}
