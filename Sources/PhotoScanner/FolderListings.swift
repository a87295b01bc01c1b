import Synchronization
import Workers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folder listings read ahead of the walk by several threads, one level of the tree at a time.
/// Listing a folder is system calls (open, `fstat`, reading its entries) plus a sort, which two
/// cores do in about half the time; the walk, which must visit folders in order, then only
/// assembles what was listed.
///
/// Only real folders are listed ahead (never through a symbolic link). A folder's identity comes
/// from the `fstat` of the open folder itself, not from a `stat` of its name in its parent: one
/// lookup less per folder. Excluded folders and a folder that is its own ancestor (a bind mount)
/// are listed but not descended into; the walk skips or reports them. A folder that cannot be
/// opened is left to the walk, which reports the error where it belongs in the order.
struct FolderListings: Sendable {
    struct Listing: Sendable {
        /// Device and inode of the folder.
        var identity: DirectoryWalker.FileID
        /// In natural order, hidden names left out.
        var entries: FolderEntries
        /// By entry index, where the listing of each subfolder listed ahead is kept (see
        /// ``take(_:)``); nil for other entries and for folders not descended into.
        var subfolders: [Int32?]
    }

    /// Every listing, by the number ``take(_:)`` knows it by; the root's is 0.
    private var listings: [Listing?] = []

    /// Nothing listed ahead: the walk lists every folder itself.
    init() {}

    /// Lists every real folder below `root` (absolute path bytes, no NUL) with `jobs` threads.
    init(root: [UInt8], excluded: Set<DirectoryWalker.FileID>, jobs: Int) {
        struct Pending: Sendable {
            var path: [UInt8]
            /// The folders above it, for spotting one that contains itself.
            var ancestors: [DirectoryWalker.FileID]
            /// Its number in `listings`.
            var slot: Int
        }
        listings = [nil]
        var level = [Pending(path: root, ancestors: [], slot: 0)]
        while !level.isEmpty {
            let listed = Self.list(level.map(\.path), jobs: jobs)
            var next: [Pending] = []
            for (pending, listing) in zip(level, listed) {
                guard var listing else { continue }
                let identity = listing.identity
                if !excluded.contains(identity) && !pending.ancestors.contains(identity) {
                    let prefix =
                        pending.path == [UInt8(ascii: "/")]
                        ? pending.path : pending.path + [UInt8(ascii: "/")]
                    let ancestors = pending.ancestors + [identity]
                    for (index, entry) in listing.entries.entries.enumerated()
                    where Int32(entry.type) == Int32(DT_DIR) {
                        listing.subfolders[index] = Int32(listings.count)
                        next.append(
                            Pending(
                                path: prefix + listing.entries.name(entry), ancestors: ancestors,
                                slot: listings.count))
                        listings.append(nil)
                    }
                }
                listings[pending.slot] = listing
            }
            level = next
        }
    }

    /// The listing kept as `slot` (0 for the root), handed over once.
    mutating func take(_ slot: Int) -> Listing? {
        guard slot < listings.count else { return nil }
        defer { listings[slot] = nil }
        return listings[slot]
    }

    /// Lists `paths` with up to `jobs` threads; nil where a folder cannot be opened.
    private static func list(_ paths: [[UInt8]], jobs: Int) -> [Listing?] {
        let workers = min(jobs, paths.count)
        if workers <= 1 {
            return withScratch { buffer in paths.map { listing($0, buffer: buffer) } }
        }
        let next = Atomic<Int>(0)
        let results = Mutex<[(index: Int, listing: Listing)]>([])
        ParallelWork.run(workers: workers) { _ in
            var mine: [(index: Int, listing: Listing)] = []
            withScratch { buffer in
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < paths.count else { break }
                    if let listing = listing(paths[index], buffer: buffer) {
                        mine.append((index, listing))
                    }
                }
            }
            results.withLock { $0.append(contentsOf: mine) }
        }
        var found = [Listing?](repeating: nil, count: paths.count)
        for (index, listing) in results.withLock({ $0 }) { found[index] = listing }
        return found
    }

    /// Calls `body` with ``FolderEntries/bufferSize`` bytes of scratch space for one thread.
    static func withScratch<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
        let buffer = UnsafeMutableRawPointer.allocate(
            byteCount: FolderEntries.bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        return body(buffer)
    }

    private static func listing(_ path: [UInt8], buffer: UnsafeMutableRawPointer) -> Listing? {
        let descriptor = DirectoryWalker.openFolder(path)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let entries = FolderEntries(reading: descriptor, buffer: buffer)
        return Listing(
            identity: DirectoryWalker.FileID(info), entries: entries,
            subfolders: [Int32?](repeating: nil, count: entries.entries.count))
    }
}
