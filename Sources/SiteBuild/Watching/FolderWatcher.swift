#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Watches folders (with everything below them) and single files with inotify, and reports a
/// change once writes have settled, so a photo being copied or a file being saved in three
/// steps causes one rebuild, not several.
///
/// A watched folder that is renamed or deleted is looked for again at its path every 200 ms
/// and watched anew when it is back. Files are watched through their folder, so editors that
/// save by writing a new file and renaming it over the old one are seen too. Hidden names
/// (editors' swap files, the build's staging folders) and the `excluded` folders (the output,
/// when it is inside the photos folder) never count as changes. Only ``stop()`` may be called
/// from another thread.
public final class FolderWatcher: @unchecked Sendable {
    private let inotify: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let trees: [String]
    private let excluded: [String]
    /// Folder → the names in it that matter (files watched alone).
    private let files: [String: Set<String>]
    /// Watch descriptor → the folder it watches, and whether it belongs to a tree.
    private var watched: [Int32: (path: String, inTree: Bool)] = [:]
    private var missingTrees: Set<String> = []

    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Watches `trees` recursively and `files` one by one; throws when inotify is unavailable.
    public init(trees: [String], files: [String], excluded: [String]) throws(SiteBuildError) {
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else {
            throw .watchFailed(call: "inotify_init1", reason: String(cString: strerror(errno)))
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw .watchFailed(call: "pipe", reason: String(cString: strerror(errno)))
        }
        wakeReader = ends[0]
        wakeWriter = ends[1]
        _ = fcntl(wakeReader, F_SETFL, O_NONBLOCK)
        self.trees = trees.map(Self.withoutTrailingSlash)
        self.excluded = excluded.map(Self.withoutTrailingSlash)
        var byFolder: [String: Set<String>] = [:]
        for file in files {
            let slash = file.lastIndex(of: "/") ?? file.startIndex
            byFolder[String(file[..<slash]), default: []].insert(
                String(file[file.index(after: slash)...]))
        }
        self.files = byFolder
        for tree in self.trees where !addTree(tree) { missingTrees.insert(tree) }
        for folder in byFolder.keys { _ = add(folder, inTree: false) }
    }

    deinit {
        close(inotify)
        close(wakeReader)
        close(wakeWriter)
    }

    /// Makes ``waitForChange(settle:)`` return nil; safe from any thread and a signal handler's queue.
    public func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// Blocks until something changed and then nothing more for `settle` seconds (or changes
    /// have gone on for `longest` seconds); returns the changed paths, or nil after ``stop()``
    /// or once `stoppingOn` is readable.
    public func waitForChange(
        settle: Double = 0.1, longest: Double = 2, stoppingOn stopDescriptor: Int32 = -1
    ) -> [String]? {
        var changed: [String] = []
        var firstChange: Double?
        while true {
            var timeout: Int32 = missingTrees.isEmpty ? -1 : 200
            if let firstChange {
                let left = min(settle, firstChange + longest - Self.now())
                if left <= 0 { return changed }
                timeout = Int32((left * 1000).rounded(.up))
            }
            var set = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&set, 3, timeout)
            if ready < 0 && errno != EINTR { return nil }
            if set[1].revents != 0 || set[2].revents != 0 { return nil }
            var found = readEvents()
            found += lookForMissingTrees()
            if !found.isEmpty {
                changed += found
                if firstChange == nil { firstChange = Self.now() }
            } else if ready == 0 && firstChange != nil {
                return changed
            }
        }
    }

    /// The events waiting, as the paths that changed (watches follow new and moved folders).
    private func readEvents() -> [String] {
        var changed: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            var offset = 0
            while offset + 16 <= count {
                let (descriptor, mask, length) = buffer.withUnsafeBytes { bytes in
                    (
                        bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix {
                    $0 != 0
                }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += 16 + length
                if let path = handle(descriptor: descriptor, mask: mask, name: name) {
                    changed.append(path)
                }
            }
        }
    }

    private func handle(descriptor: Int32, mask: UInt32, name: String) -> String? {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: start over, and rebuild to be safe.
            for descriptor in watched.keys { inotify_rm_watch(inotify, descriptor) }
            watched.removeAll()
            for tree in trees where !addTree(tree) { missingTrees.insert(tree) }
            for folder in files.keys { _ = add(folder, inTree: false) }
            return trees.first ?? "(events lost)"
        }
        guard let (folder, inTree) = watched[descriptor] else { return nil }
        if mask & UInt32(IN_IGNORED) != 0 {
            watched[descriptor] = nil
            return nil
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // A moved folder's watch would follow it to its new name: watch the path instead.
            guard trees.contains(folder) else { return nil }
            forget(below: folder)
            missingTrees.insert(folder)
            return folder
        }
        guard !name.isEmpty, !name.hasPrefix(".") else { return nil }
        let path = folder + "/" + name
        if isExcluded(path) { return nil }
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if inTree && isFolder {
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { _ = addTree(path) }
            if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { forget(below: path) }
            return path
        }
        if inTree || files[folder]?.contains(name) == true { return path }
        return nil
    }

    /// Watches every tree that has come back; returns those.
    private func lookForMissingTrees() -> [String] {
        var back: [String] = []
        for tree in missingTrees.sorted() where addTree(tree) {
            missingTrees.remove(tree)
            back.append(tree)
        }
        return back
    }

    /// Watches `root` and every folder below it (symlinked folders included, each once).
    private func addTree(_ root: String) -> Bool {
        guard add(root, inTree: true) else { return false }
        var seen: Set<[UInt64]> = []
        var pending = [root]
        while let folder = pending.popLast() {
            var info = stat()
            guard stat(folder, &info) == 0,
                seen.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
            else { continue }
            guard let stream = opendir(folder) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix("."),
                    entry.pointee.d_type == DT_DIR || entry.pointee.d_type == DT_LNK
                        || entry.pointee.d_type == DT_UNKNOWN
                else {
                    continue
                }
                let path = folder + "/" + name
                if isExcluded(path) { continue }
                if entry.pointee.d_type != DT_DIR {
                    var target = stat()
                    guard stat(path, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR else {
                        continue
                    }
                }
                if add(path, inTree: true) { pending.append(path) }
            }
        }
        return true
    }

    private func add(_ folder: String, inTree: Bool) -> Bool {
        let descriptor = inotify_add_watch(inotify, folder, Self.mask)
        guard descriptor >= 0 else { return false }
        // A folder that is a tree's and a file's folder reports as part of the tree.
        if let existing = watched[descriptor], existing.inTree, !inTree { return true }
        watched[descriptor] = (folder, inTree)
        return true
    }

    /// Drops the watches of `folder` and everything below it.
    private func forget(below folder: String) {
        for (descriptor, entry) in watched
        where entry.inTree && (entry.path == folder || entry.path.hasPrefix(folder + "/")) {
            inotify_rm_watch(inotify, descriptor)
            watched[descriptor] = nil
        }
    }

    private func isExcluded(_ path: String) -> Bool {
        excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    private static func withoutTrailingSlash(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
