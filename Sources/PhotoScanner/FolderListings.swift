import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Folder listings read ahead of the walk by several threads, one level of the tree at a time.
/// Listing a folder is system calls (`readdir`, and an `lstat` of each subfolder) plus a sort,
/// which two cores do in about half the time; the walk, which must visit folders in order, then
/// only assembles what was listed.
///
/// Only real folders are listed ahead (never through a symbolic link), excluded folders are not,
/// and a folder that is its own ancestor (a bind mount) is not descended into again: the walk
/// reports it. A folder that cannot be opened is left to the walk, which reports the error
/// where it belongs in the order.
struct FolderListings: Sendable {
    struct Listing: Sendable {
        /// In natural order, hidden names left out.
        var entries: FolderEntries
        /// `lstat` of the entries that `readdir` says are folders, by entry index.
        var folderInfo: [Int: stat]
        /// By entry index, the relative path of each plain file with an image extension (nil
        /// for other entries); nil when the walk lists the folder itself.
        var photoPaths: [String?]?
    }

    private var listings: [[UInt8]: Listing] = [:]

    /// Nothing listed ahead: the walk lists every folder itself.
    init() {}

    /// Lists every real folder below `root` (absolute path bytes, no NUL) with `jobs` threads.
    init(root: [UInt8], rootID: DirectoryWalker.FileID, excluded: Set<DirectoryWalker.FileID>, jobs: Int) {
        struct Pending: Sendable {
            var path: [UInt8]
            var ancestors: [DirectoryWalker.FileID]
        }
        var level = [Pending(path: root, ancestors: [rootID])]
        // Where a folder's path relative to the root starts in its absolute path.
        let relativeStart = root == [UInt8(ascii: "/")] ? 1 : root.count + 1
        while !level.isEmpty {
            let paths = level.map(\.path)
            let listed = Self.list(paths, relativeStart: relativeStart, jobs: jobs)
            var next: [Pending] = []
            for (pending, listing) in zip(level, listed) {
                guard let listing else { continue }
                let prefix = pending.path == [UInt8(ascii: "/")] ? pending.path : pending.path + [UInt8(ascii: "/")]
                for (index, info) in listing.folderInfo.sorted(by: { $0.key < $1.key }) {
                    let id = DirectoryWalker.FileID(info)
                    guard (info.st_mode & S_IFMT) == S_IFDIR, !excluded.contains(id), !pending.ancestors.contains(id) else { continue }
                    let name = listing.entries.name(listing.entries.entries[index])
                    next.append(Pending(path: prefix + name, ancestors: pending.ancestors + [id]))
                }
                listings[pending.path] = listing
            }
            level = next
        }
    }

    /// The listing of the folder at `path`, handed over once.
    mutating func take(_ path: [UInt8]) -> Listing? {
        listings.removeValue(forKey: path)
    }

    /// Lists `paths` with up to `jobs` threads; nil where a folder cannot be opened.
    private static func list(_ paths: [[UInt8]], relativeStart: Int, jobs: Int) -> [Listing?] {
        let workers = min(jobs, paths.count)
        if workers <= 1 { return paths.map { listing($0, relativeStart: relativeStart) } }
        let next = Atomic<Int>(0)
        let results = Mutex<[Int: Listing]>([:])
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var mine: [Int: Listing] = [:]
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < paths.count else { break }
                if let listing = listing(paths[index], relativeStart: relativeStart) { mine[index] = listing }
            }
            results.withLock { $0.merge(mine) { first, _ in first } }
        }
        let found = results.withLock { $0 }
        return paths.indices.map { found[$0] }
    }

    private static func listing(_ path: [UInt8], relativeStart: Int) -> Listing? {
        let directory = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress.unsafelyUnwrapped) }
        }
        guard let directory else { return nil }
        defer { closedir(directory) }
        let entries = FolderEntries(reading: directory)
        let descriptor = dirfd(directory)
        var folderInfo: [Int: stat] = [:]
        let relativePrefix = path.count > relativeStart ? Array(path[relativeStart...]) + [UInt8(ascii: "/")] : []
        let photoPaths = entries.names.withUnsafeBufferPointer { names in
            for (index, entry) in entries.entries.enumerated() where Int32(entry.type) == Int32(DT_DIR) {
                var info = stat()
                let name = UnsafeRawPointer(names.baseAddress.unsafelyUnwrapped + Int(entry.start)).assumingMemoryBound(to: CChar.self)
                if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 { folderInfo[index] = info }
            }
            return entries.entries.map { entry -> String? in
                let name = FolderEntries.name(entry, in: names)
                return Int32(entry.type) == Int32(DT_REG) && ImageExtensions.isCandidate(name)
                    ? DirectoryWalker.relativePath(relativePrefix, name) : nil
            }
        }
        return Listing(entries: entries, folderInfo: folderInfo, photoPaths: photoPaths)
    }
}
