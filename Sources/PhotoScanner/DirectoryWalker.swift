import InputFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file whose name has an image extension: where its name is, nothing to allocate or count
/// references of. Its relative path becomes a `String` only for the result, on a header worker
/// (see ``ListedFolder/relativePath(of:)``).
struct Candidate: Sendable {
    /// Index of its folder in `DirectoryWalker.folders`.
    var folder: Int
    /// Where its NUL-terminated name starts in that folder's `names`.
    var nameStart: Int32
    /// The name's length in bytes, without its NUL.
    var nameLength: Int32
}

/// A folder the walk found candidates in.
struct ListedFolder: Sendable {
    /// Absolute path bytes, no terminator.
    var path: [UInt8]
    /// Its path relative to the walk's root followed by `/`, or nothing for the root itself:
    /// what the relative paths of its files start with.
    var relativePrefix: [UInt8]
    /// The folder's names (``FolderEntries/names``), which its candidates point into.
    var names: [UInt8]

    /// `candidate`'s path relative to the walk's root.
    func relativePath(of candidate: Candidate) -> String {
        names.withUnsafeBufferPointer { names in
            let name = names[
                Int(candidate.nameStart)..<Int(candidate.nameStart + candidate.nameLength)]
            return DirectoryWalker.relativePath(relativePrefix, UnsafeBufferPointer(rebasing: name))
        }
    }

    /// Whether `candidate`'s relative path is `path`, compared as bytes without making a String
    /// (unless the path has a `%` or a byte past ASCII, which may make its text differ from its
    /// bytes: see ``FileNameText``).
    func relativePath(of candidate: Candidate, is path: String) -> Bool {
        let prefixCount = relativePrefix.count
        let count = prefixCount + Int(candidate.nameLength)
        var path = path
        let sameBytes = path.withUTF8 { path in
            guard path.count == count else { return false }
            return relativePrefix.withUnsafeBufferPointer { prefix in
                names.withUnsafeBufferPointer { names in
                    let name = names.baseAddress! + Int(candidate.nameStart)
                    return
                        (prefixCount == 0
                        || memcmp(path.baseAddress!, prefix.baseAddress!, prefixCount) == 0)
                        && memcmp(path.baseAddress! + prefixCount, name, Int(candidate.nameLength))
                            == 0
                }
            }
        }
        if sameBytes && !path.utf8.contains(UInt8(ascii: "%")) { return true }
        let mayDiffer =
            names.withUnsafeBufferPointer { names in
                FileNameText.mayNeedEscaping(
                    UnsafeBufferPointer(
                        rebasing: names[
                            Int(
                                candidate.nameStart)..<Int(
                                    candidate.nameStart + candidate.nameLength)]))
            } || relativePrefix.withUnsafeBufferPointer { FileNameText.mayNeedEscaping($0) }
        guard mayDiffer else { return false }
        // As bytes: `==` on Strings is canonical equivalence, and a name with é composed is not
        // the file whose name has e and U+0301.
        return relativePath(of: candidate).hasSameBytes(as: path)
    }
}

/// Lists a folder tree with POSIX calls: the kernel's folder records (whose `d_type` spares a
/// `stat` for most entries, see ``FolderEntries``), `stat` for symbolic links. Foundation's URL
/// enumeration costs several allocations per entry, which shows at ten thousand photos.
///
/// Rules: names starting with `.` (hidden files and folders, AppleDouble `._*`) are skipped;
/// folders are entered in natural order; each real folder (device and inode) is walked once,
/// however many links lead to it, so a graph of links cannot multiply the site; a link to a
/// folder being walked higher up is reported as a loop; symbolic links are followed only within
/// the walk's root unless `followsOutsideLinks` (a link elsewhere is reported, not followed);
/// excluded folders (matched by device and inode, so any spelling of the path works) are never
/// entered.
struct DirectoryWalker {
    /// The files to measure, in listing order.
    private(set) var candidates: [Candidate] = []
    /// The problems found, in listing order, each with the number of candidates listed before it.
    private(set) var diagnostics: [(candidatesBefore: Int, diagnostic: ScanDiagnostic)] = []
    /// The folders candidates live in, by index.
    private(set) var folders: [ListedFolder] = []
    private var excluded: Set<FileID>
    private var ancestors: [FileID] = []
    /// Every folder entered so far, by the relative path it was first entered through.
    private var walked: [FileID: [UInt8]] = [:]
    /// Follow symbolic links that lead outside the root (`--follow-symlinks`).
    private let followsOutsideLinks: Bool
    /// The root with every link resolved and a trailing `/`: where a link's resolved target must
    /// start to be inside.
    private var resolvedRoot: [UInt8] = []
    private var prelisted = FolderListings()
    /// ``FolderEntries/bufferSize`` bytes for listing folders during ``walk(rootPath:jobs:)``.
    private var scratch: UnsafeMutableRawPointer?

    /// Device and inode: the identity of a folder, however it was reached.
    struct FileID: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    init(excludedFolders: [String], followsOutsideLinks: Bool = false) {
        self.followsOutsideLinks = followsOutsideLinks
        var excluded = Set<FileID>()
        for path in excludedFolders {
            var info = stat()
            // A missing excluded folder cannot be entered anyway.
            if stat(path, &info) == 0 { excluded.insert(FileID(info)) }
        }
        self.excluded = excluded
    }

    /// Walks `rootPath`; throws when the root itself cannot be read. With `jobs` > 1, the
    /// folders are listed ahead by that many threads (see ``FolderListings``); the result is the
    /// same.
    mutating func walk(rootPath: String, jobs: Int) throws(ScanError) {
        var info = stat()
        guard stat(rootPath, &info) == 0 else {
            throw ScanError(path: rootPath, reason: Self.errorText(errno))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ScanError(path: rootPath, reason: "not a folder")
        }
        var rootBytes = Array(rootPath.utf8)
        while rootBytes.count > 1 && rootBytes.last == UInt8(ascii: "/") { rootBytes.removeLast() }
        if excluded.contains(FileID(info)) { return }
        if let resolved = Self.resolved(rootBytes) {
            resolvedRoot = resolved == [Self.separator] ? resolved : resolved + [Self.separator]
        }
        walked[FileID(info)] = []
        let scratch = UnsafeMutableRawPointer.allocate(
            byteCount: FolderEntries.bufferSize, alignment: 8)
        self.scratch = scratch
        defer {
            self.scratch = nil
            scratch.deallocate()
        }
        ancestors.append(FileID(info))
        if jobs > 1 {
            prelisted = FolderListings(root: rootBytes, excluded: excluded, jobs: jobs)
            if let listing = prelisted.take(0) {
                return visit(listing, absolute: rootBytes, relative: [])
            }
        }
        let descriptor = Self.openFolder(rootBytes)
        guard descriptor >= 0 else {
            throw ScanError(path: rootPath, reason: Self.errorText(errno))
        }
        list(descriptor, absolute: rootBytes, relative: [])
    }

    /// Opens the folder at `path` (absolute path bytes, no NUL) for listing; -1 with `errno` set
    /// when it cannot be.
    static func openFolder(_ path: [UInt8]) -> Int32 {
        withPath(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }
}

extension DirectoryWalker {
    /// `prefix` (a relative folder with its trailing `/`, or empty) and `name` as one String,
    /// made in place; escaped when the bytes are not valid UTF-8 (see ``FileNameText``).
    static func relativePath(_ prefix: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> String {
        if FileNameText.mayNeedEscaping(name)
            || prefix.withUnsafeBufferPointer({ FileNameText.mayNeedEscaping($0) })
        {
            return (prefix + name).withUnsafeBufferPointer { FileNameText.text(of: $0) }
        }
        return String(unsafeUninitializedCapacity: prefix.count + name.count) { buffer in
            _ = buffer.initialize(from: prefix)
            _ = buffer[prefix.count...].initialize(from: name)
            return prefix.count + name.count
        }
    }
}

extension DirectoryWalker {

    fileprivate static let separator = UInt8(ascii: "/")

    fileprivate static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Calls `body` with `bytes` as a NUL-terminated C path.
    fileprivate static func withPath<Result>(
        _ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result
    ) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress.unsafelyUnwrapped) }
        }
    }

    /// Path bytes as text for a message, escaped as relative paths are (see ``FileNameText``).
    fileprivate static func string(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { FileNameText.text(of: $0) }
    }

    /// Reads, sorts and visits the entries of the open folder `descriptor`; closes it.
    fileprivate mutating func list(_ descriptor: Int32, absolute: [UInt8], relative: [UInt8]) {
        let entries = FolderEntries(reading: descriptor, buffer: scratch.unsafelyUnwrapped)
        close(descriptor)
        let listing = FolderListings.Listing(
            identity: ancestors[ancestors.count - 1], entries: entries,
            subfolders: [Int32?](repeating: nil, count: entries.entries.count))
        visit(listing, absolute: absolute, relative: relative)
    }

    /// Visits a listed folder's entries in order, entering the subfolders listed ahead through
    /// their listings.
    fileprivate mutating func visit(
        _ listing: FolderListings.Listing, absolute: [UInt8], relative: [UInt8]
    ) {
        let folder = folders.count
        let entries = listing.entries
        // "/" as the root would otherwise give "//name".
        let absolutePrefix =
            absolute == [Self.separator] ? [Self.separator] : absolute + [Self.separator]
        let relativePrefix = relative.isEmpty ? [] : relative + [Self.separator]
        folders.append(
            ListedFolder(path: absolute, relativePrefix: relativePrefix, names: entries.names))
        entries.names.withUnsafeBufferPointer { names in
            for (index, entry) in entries.entries.enumerated() {
                let name = FolderEntries.name(entry, in: names)
                // The common case, a plain file, needs no path at all: the listing already said
                // whether its name is a photo's.
                if Int32(entry.type) == Int32(DT_REG) {
                    if entry.isCandidate {
                        candidates.append(
                            Candidate(
                                folder: folder, nameStart: entry.start, nameLength: entry.length))
                    }
                    continue
                }
                if let slot = listing.subfolders[index], let subfolder = prelisted.take(Int(slot)) {
                    enter(
                        subfolder.identity, absolute: absolutePrefix + name,
                        relative: relativePrefix + name, listing: subfolder)
                } else {
                    visit(
                        entry, name: name, folder: folder, absolute: absolutePrefix + name,
                        relative: relativePrefix + name)
                }
            }
        }
    }

    fileprivate mutating func visit(
        _ entry: FolderEntries.Entry, name: UnsafeBufferPointer<UInt8>, folder: Int,
        absolute: [UInt8], relative: [UInt8]
    ) {
        switch Int32(entry.type) {
        case Int32(DT_REG):
            addCandidate(entry, name: name, folder: folder, relative: relative)
        case Int32(DT_DIR):
            var info = stat()
            guard Self.withPath(absolute, { lstat($0, &info) }) == 0 else {
                return report(relative, .unreadable, "cannot read folder: \(Self.errorText(errno))")
            }
            enter(FileID(info), absolute: absolute, relative: relative)
        case Int32(DT_LNK):
            followLink(entry, name: name, folder: folder, absolute: absolute, relative: relative)
        default:
            // DT_UNKNOWN (some file systems) needs an lstat; FIFOs, sockets and devices are
            // never candidates, but one named like a photo deserves a word.
            var info = stat()
            guard Self.withPath(absolute, { lstat($0, &info) }) == 0 else {
                return report(relative, .unreadable, "cannot read: \(Self.errorText(errno))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: addCandidate(entry, name: name, folder: folder, relative: relative)
            case S_IFDIR: enter(FileID(info), absolute: absolute, relative: relative)
            case S_IFLNK:
                followLink(
                    entry, name: name, folder: folder, absolute: absolute, relative: relative)
            default:
                if ImageExtensions.isCandidate(name) {
                    report(relative, .unreadable, "not a regular file")
                }
            }
        }
    }

    fileprivate mutating func addCandidate(
        _ entry: FolderEntries.Entry, name: UnsafeBufferPointer<UInt8>, folder: Int,
        relative: [UInt8]
    ) {
        guard ImageExtensions.isCandidate(name) else { return }
        candidates.append(
            Candidate(folder: folder, nameStart: entry.start, nameLength: entry.length))
    }

    fileprivate mutating func followLink(
        _ entry: FolderEntries.Entry, name: UnsafeBufferPointer<UInt8>, folder: Int,
        absolute: [UInt8], relative: [UInt8]
    ) {
        // The decision and its wording are ``InputFileRule``'s, shared with every other input;
        // only the link itself costs a system call, never a plain file.
        if !followsOutsideLinks, let target = Self.resolved(absolute),
            !InputFileRule.isInside(target, resolvedRoot: resolvedRoot)
        {
            return report(
                relative, .linkOutside,
                InputFileRule.outsideLinkText(
                    target: Self.string(target), root: "the photos folder"))
        }
        var info = stat()
        guard Self.withPath(absolute, { stat($0, &info) }) == 0 else {
            let code = errno
            if code == ELOOP {
                return report(
                    relative, .symlinkLoop,
                    "symbolic link loop: following the link never reaches a file")
            }
            if code == ENOENT || code == ENOTDIR {
                return report(
                    relative, .brokenLink, "broken symbolic link to '\(linkTarget(absolute))'")
            }
            return report(
                relative, .unreadable, "cannot follow symbolic link: \(Self.errorText(code))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: addCandidate(entry, name: name, folder: folder, relative: relative)
        case S_IFDIR: enter(FileID(info), absolute: absolute, relative: relative)
        default:
            if ImageExtensions.isCandidate(name) {
                report(relative, .unreadable, "not a regular file")
            }
        }
    }

    /// Visits the folder `id` unless it is excluded or already being walked higher up, through
    /// its `listing` when it was listed ahead.
    fileprivate mutating func enter(
        _ id: FileID, absolute: [UInt8], relative: [UInt8], listing: FolderListings.Listing? = nil
    ) {
        if excluded.contains(id) { return }
        if ancestors.contains(id) {
            // Only a link (or a bind mount) can lead back to a folder being walked; entering it
            // would never end.
            return report(
                relative, .symlinkLoop,
                "symbolic link loop: '\(linkTarget(absolute))' is a folder that contains this link")
        }
        if let first = walked[id] {
            // Two links per level back to the parent would otherwise publish 2^depth copies.
            return report(
                relative, .alreadyIncluded,
                "leads to the folder already included as '\(first.isEmpty ? "." : Self.string(first))'; not walked again"
            )
        }
        walked[id] = relative
        ancestors.append(id)
        defer { ancestors.removeLast() }
        if let listing {
            return visit(listing, absolute: absolute, relative: relative)
        }
        let descriptor = Self.openFolder(absolute)
        guard descriptor >= 0 else {
            return report(relative, .unreadable, "cannot read folder: \(Self.errorText(errno))")
        }
        list(descriptor, absolute: absolute, relative: relative)
    }

    /// `path` with every symbolic link resolved, nil when it leads nowhere.
    fileprivate static func resolved(_ path: [UInt8]) -> [UInt8]? {
        withPath(path) { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
        }
    }

    fileprivate func linkTarget(_ absolute: [UInt8]) -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { target in
            target.withMemoryRebound(to: CChar.self) { chars in
                Self.withPath(absolute) {
                    readlink($0, chars.baseAddress.unsafelyUnwrapped, chars.count - 1)
                }
            }
        }
        return length > 0 ? Self.string(Array(buffer[..<length])) : "?"
    }

    fileprivate mutating func report(
        _ relative: [UInt8], _ kind: ScanDiagnostic.Kind, _ message: String
    ) {
        let path = relative.withUnsafeBufferPointer { FileNameText.text(of: $0) }
        diagnostics.append(
            (candidates.count, ScanDiagnostic(relativePath: path, kind: kind, message: message)))
    }
}
