import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Folder listings made ahead of the walk by several threads, and, when asked, the headers of
/// the photos in them read at the same time.
///
/// Listing a folder is system calls (`readdir`, and an `lstat` of each subfolder) plus a sort;
/// reading a header is four more system calls. Done as one pool of work (a folder's listing
/// queues its subfolders and its photos), two cores never wait for each other: a folder of
/// 10,000 photos is read by both, and the walk, which must visit folders in order, then only
/// assembles what was found. Without headers read ahead (a rebuild, where the cache decides
/// what to read) only the listings are made ahead.
///
/// Only real folders are listed ahead (never through a symbolic link), excluded folders are not,
/// and a folder that is its own ancestor (a bind mount) is not descended into again: the walk
/// reports it. A folder that cannot be opened is left to the walk, which reports the error
/// where it belongs in the order; so is a photo whose folder could not be opened again.
struct FolderListings: Sendable {
    struct Listing: Sendable {
        /// In natural order, hidden names left out.
        var entries: [DirectoryWalker.Entry]
        /// `lstat` of the entries that `readdir` says are folders, by entry index.
        var folderInfo: [Int: stat]
        /// Headers read ahead, by entry index; nil when none were.
        var outcomes: HeaderSlots?
    }

    /// Counts of photos found and headers read ahead so far, each call with the increments.
    typealias Progress = @Sendable (_ found: Int, _ read: Int) -> Void

    private var listings: [[UInt8]: Listing] = [:]

    /// Nothing listed ahead: the walk lists every folder itself.
    init() {}

    /// Lists every real folder below `root` (absolute path bytes, no NUL) with `jobs` threads,
    /// reading the photos' headers as well when `readsHeaders`.
    init(root: [UInt8], rootID: DirectoryWalker.FileID, excluded: Set<DirectoryWalker.FileID>, jobs: Int,
         readsHeaders: Bool, progress: Progress? = nil) {
        let plan = Plan(excluded: excluded, readsHeaders: readsHeaders, progress: progress)
        let queue = WorkQueue<Work>([.list(Folder(path: root, relative: [], ancestors: [rootID]))], workers: jobs)
        let found = Mutex<[[UInt8]: Listing]>([:])
        queue.run { work, queue in
            switch work {
            case .list(let folder):
                if let listing = plan.list(folder, queue: queue) {
                    found.withLock { $0[folder.path] = listing }
                }
            case .read(let run):
                plan.read(run)
            }
        }
        listings = found.withLock { $0 }
    }

    /// The listing of the folder at `path`, handed over once.
    mutating func take(_ path: [UInt8]) -> Listing? {
        listings.removeValue(forKey: path)
    }
}

/// Header outcomes written by several workers, each into its own entries, and read by the walk
/// once all workers are done.
final class HeaderSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<HeaderOutcome?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    subscript(index: Int) -> HeaderOutcome? {
        get { slots[index] }
        set { slots[index] = newValue }
    }
}

private extension FolderListings {
    /// Photos per queued run of header reads: small enough that two workers share a big folder
    /// evenly, big enough that queueing costs nothing next to the reads.
    static let readRunLength = 32

    struct Folder: Sendable {
        var path: [UInt8]
        /// Relative to the root, no trailing `/`; empty for the root.
        var relative: [UInt8]
        var ancestors: [DirectoryWalker.FileID]
    }

    /// Some of one folder's photos, to measure.
    struct ReadRun: Sendable {
        var folder: Folder
        var entries: [DirectoryWalker.Entry]
        var indices: ArraySlice<Int>
        var slots: HeaderSlots
    }

    enum Work: Sendable {
        case list(Folder)
        case read(ReadRun)
    }

    /// What every worker needs to know.
    struct Plan: Sendable {
        var excluded: Set<DirectoryWalker.FileID>
        var readsHeaders: Bool
        var progress: Progress?

        /// Lists `folder`, queues its subfolders and all but the first run of its photos, and
        /// reads that first run itself while the folder is open. Nil when it cannot be opened.
        func list(_ folder: Folder, queue: WorkQueue<Work>) -> Listing? {
            let directory = (folder.path + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress.unsafelyUnwrapped) }
            }
            guard let directory else { return nil }
            defer { closedir(directory) }
            let entries = DirectoryWalker.readEntries(directory)
            let descriptor = dirfd(directory)
            var folderInfo: [Int: stat] = [:]
            for (index, entry) in entries.enumerated() where Int32(entry.type) == Int32(DT_DIR) {
                var info = stat()
                let status = entry.name.withUnsafeBufferPointer { name in
                    name.withMemoryRebound(to: CChar.self) {
                        fstatat(descriptor, $0.baseAddress.unsafelyUnwrapped, &info, AT_SYMLINK_NOFOLLOW)
                    }
                }
                if status == 0 { folderInfo[index] = info }
            }
            // Subfolders first, so the other workers have something to do while this one reads.
            queue.add(folderInfo.sorted { $0.key < $1.key }.compactMap { index, info in
                let id = DirectoryWalker.FileID(info)
                guard (info.st_mode & S_IFMT) == S_IFDIR, !excluded.contains(id), !folder.ancestors.contains(id) else { return nil }
                return .list(folder.child(entries[index].name.dropLast(), id: id))
            })
            var listing = Listing(entries: entries, folderInfo: folderInfo, outcomes: nil)
            guard readsHeaders else { return listing }
            let photos = entries.indices.filter { index in
                Int32(entries[index].type) == Int32(DT_REG) && ImageExtensions.isCandidate(entries[index].name)
            }
            guard !photos.isEmpty else { return listing }
            let slots = HeaderSlots(count: entries.count)
            listing.outcomes = slots
            progress?(photos.count, 0)
            let runs = stride(from: 0, to: photos.count, by: FolderListings.readRunLength).map { start in
                ReadRun(folder: folder, entries: entries, indices: photos[start..<min(start + FolderListings.readRunLength, photos.count)], slots: slots)
            }
            queue.add(runs.dropFirst().map { .read($0) })
            read(runs[0], in: descriptor)
            return listing
        }

        /// Reads a queued run of photos, opening their folder again. When it cannot be, the
        /// photos stay unread and the scan reads them later, reporting the error.
        func read(_ run: ReadRun) {
            let descriptor = (run.folder.path + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress.unsafelyUnwrapped, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            }
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            read(run, in: descriptor)
        }

        func read(_ run: ReadRun, in descriptor: Int32) {
            for index in run.indices {
                let name = run.entries[index].name
                run.slots[index] = HeaderReader.read(name, in: descriptor, relativePath: run.folder.relativePath(of: name))
            }
            progress?(0, run.indices.count)
        }
    }
}

private extension FolderListings.Folder {
    /// The subfolder `name` (no NUL).
    func child(_ name: ArraySlice<UInt8>, id: DirectoryWalker.FileID) -> Self {
        let slash = UInt8(ascii: "/")
        return Self(
            path: path == [slash] ? path + name : path + [slash] + name,
            relative: relative.isEmpty ? Array(name) : relative + [slash] + name,
            ancestors: ancestors + [id])
    }

    /// The relative path of the file `name` (NUL-terminated) in this folder.
    func relativePath(of name: [UInt8]) -> String {
        let nameLength = name.count - 1
        let prefixLength = relative.isEmpty ? 0 : relative.count + 1
        return String(unsafeUninitializedCapacity: prefixLength + nameLength) { buffer in
            if prefixLength > 0 {
                _ = buffer.initialize(from: relative)
                buffer[relative.count] = UInt8(ascii: "/")
            }
            _ = buffer[prefixLength...].initialize(from: name[..<nameLength])
            return prefixLength + nameLength
        }
    }
}
