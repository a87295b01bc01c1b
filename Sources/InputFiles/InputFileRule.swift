#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for reading an input file (a photo, a static file, a theme file, the logo, the
/// favicon, the metadata file): it is read only when it is a regular file reached from its root
/// folder without leaving it, unless ``followsLinks`` (`--follow-symlinks`), and never when it is
/// a device, a FIFO or a socket. A shop's folder may come from anyone; a link in it to
/// `/etc/shadow` must not end up on the web.
///
/// The check is made on what is opened: each folder on the way is opened relative to the one
/// before with `O_NOFOLLOW`, so nothing can swap a link in between the check and the read, and the
/// opened descriptor itself is confirmed to be a regular file. A link met on the way is resolved
/// and followed only when it leads inside the root. The scanner, which must not spend a system
/// call per photo, makes the same decision with ``isInside(_:resolvedRoot:)`` on the links it
/// meets, and words it with ``outsideLinkText(target:root:)``.
public struct InputFileRule: Sendable {
    /// Follow symbolic links wherever they lead (`--follow-symlinks`); devices, FIFOs and sockets
    /// are refused all the same.
    public let followsLinks: Bool

    /// Refuse every symbolic link on the way, even one that stays inside the root: see
    /// ``refusingLinks``.
    private var refusesLinks = false

    public init(followsLinks: Bool) {
        self.followsLinks = followsLinks
    }

    /// The rule that follows no symbolic link at all, even one inside the root, which it
    /// refuses as ``InputFileError/Reason/notRegular(kind:)`` "a symbolic link": for the files
    /// `serve` sends, where a link is never followed.
    public static let refusingLinks: InputFileRule = {
        var rule = InputFileRule(followsLinks: false)
        rule.refusesLinks = true
        return rule
    }()

    /// Opens `relative` (a `/`-separated path without `.` or `..`) inside the folder `root` for
    /// reading; the caller closes the descriptor.
    public func open(_ relative: String, in root: String) throws(InputFileError) -> Int32 {
        let (components, shown) = try Self.components(of: relative, in: root)
        let rootDescriptor = openFolder(root)
        guard rootDescriptor >= 0 else { throw Self.failure(errno, path: root) }
        defer { close(rootDescriptor) }
        return try open(relative, components, from: rootDescriptor, root: root, shown: shown)
    }

    /// ``open(_:in:)`` with the root already open as `folder` (the folder at `root`): for a
    /// folder many files are read from, opened once rather than once a file.
    public func open(_ relative: String, inOpened folder: Int32, root: String)
        throws(InputFileError) -> Int32
    {
        let (components, shown) = try Self.components(of: relative, in: root)
        return try open(relative, components, from: folder, root: root, shown: shown)
    }

    /// The names `relative` goes through, and how the file is shown in a message.
    private static func components(of relative: String, in root: String)
        throws(InputFileError) -> (names: [String], shown: String)
    {
        let shown = root == "/" ? "/" + relative : root + "/" + relative
        let components = relative.split(separator: "/").map(String.init)
        guard !components.isEmpty, !components.contains(where: { $0 == "." || $0 == ".." }) else {
            throw InputFileError(path: shown, reason: .leavesRoot(root: root))
        }
        return (components, shown)
    }

    private func open(
        _ relative: String, _ components: [String], from folder: Int32, root: String,
        shown: String
    ) throws(InputFileError) -> Int32 {
        let descriptor =
            followsLinks
            ? try openFollowing(relative, from: folder, shown: shown)
            : try openInside(components, from: folder, root: root, shown: shown)
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw InputFileError(path: shown, reason: .notRegular(kind: Self.kind(info.st_mode)))
        }
        // Opened non-blocking only so that a FIFO swapped in cannot hang the open itself.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// The bytes of `relative` inside `root`, read through ``open(_:in:)``.
    public func contents(of relative: String, in root: String) throws(InputFileError) -> [UInt8] {
        let descriptor = try open(relative, in: root)
        defer { close(descriptor) }
        return try Self.contents(of: descriptor, path: root + "/" + relative)
    }

    /// The rest of the bytes of `descriptor`, a file ``open(_:in:)`` opened (for a caller that
    /// needs the descriptor itself too); `path` names it in an error.
    public static func contents(of descriptor: Int32, path: String) throws(InputFileError)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno, path: path)
            }
            bytes += chunk[..<count]
        }
    }

    /// Whether `target`, a path with every link resolved, is `resolvedRoot` (resolved, with a
    /// trailing `/`) or inside it: the decision every link an input goes through must pass.
    public static func isInside(_ target: [UInt8], resolvedRoot: [UInt8]) -> Bool {
        target.starts(with: resolvedRoot) || target + [UInt8(ascii: "/")] == resolvedRoot
    }

    /// How a link leading out of `root` (such as "the photos folder") is reported, with the fix.
    public static func outsideLinkText(target: String, root: String) -> String {
        "symbolic link to '\(target)' leads outside \(root); not followed "
            + "(add --follow-symlinks to include what it leads to)"
    }

    /// `path` with every symbolic link resolved, as bytes; nil when it leads nowhere.
    public static func resolved(_ path: String) -> [UInt8]? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// `path` resolved with a trailing `/`, the form ``isInside(_:resolvedRoot:)`` takes.
    public static func resolvedRoot(_ path: String) -> [UInt8]? {
        guard let resolved = resolved(path) else { return nil }
        return resolved == [UInt8(ascii: "/")] ? resolved : resolved + [UInt8(ascii: "/")]
    }

    /// What kind of file `mode` is, for a message ("a FIFO").
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }
}

extension InputFileRule {
    /// The most links one path may go through, as the kernel's own limit for a lookup.
    private static let linkLimit = 40

    private static let fileFlags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC

    /// Opens `relative` following every link; only the kind of the file is checked.
    private func openFollowing(_ relative: String, from root: Int32, shown: String)
        throws(InputFileError) -> Int32
    {
        // Looked at before opening, so a device is never opened at all.
        var info = stat()
        guard fstatat(root, relative, &info, 0) == 0 else { throw Self.failure(errno, path: shown) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw InputFileError(path: shown, reason: .notRegular(kind: Self.kind(info.st_mode)))
        }
        let descriptor = openat(root, relative, Self.fileFlags)
        guard descriptor >= 0 else { throw Self.failure(errno, path: shown) }
        return descriptor
    }

    /// Opens `components` one at a time from `root` without following a link; a link met on the
    /// way is resolved, and the walk starts again from the root along the resolved path when
    /// that is inside the root.
    private func openInside(
        _ components: [String], from root: Int32, root rootPath: String, shown: String
    ) throws(InputFileError) -> Int32 {
        // Resolved only when a link is met: most paths have none, and realpath costs a system
        // call per component of the root (a rendition store is read a million files at a time).
        var resolvedRoot: [UInt8]?
        var components = components
        for _ in 0..<Self.linkLimit {
            var folder = dup(root)
            var restarted = false
            for (index, name) in components.enumerated() {
                let last = index == components.count - 1
                var info = stat()
                guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    close(folder)
                    throw Self.failure(errno, path: shown)
                }
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    close(folder)
                    let link = rootPath + "/" + components[...index].joined(separator: "/")
                    if refusesLinks {
                        throw InputFileError(
                            path: link, reason: .notRegular(kind: Self.kind(S_IFLNK)))
                    }
                    if resolvedRoot == nil { resolvedRoot = Self.resolvedRoot(rootPath) }
                    guard let resolvedRoot else { throw Self.failure(errno, path: rootPath) }
                    components =
                        try Self.inside(link, resolvedRoot: resolvedRoot, rootPath: rootPath)
                        + components[(index + 1)...]
                    restarted = true
                    break
                }
                if last && (info.st_mode & S_IFMT) != S_IFREG {
                    close(folder)
                    throw InputFileError(
                        path: shown, reason: .notRegular(kind: Self.kind(info.st_mode)))
                }
                let flags = last ? Self.fileFlags : O_RDONLY | O_DIRECTORY | O_CLOEXEC
                let next = openat(folder, name, flags | O_NOFOLLOW)
                let code = errno
                close(folder)
                guard next >= 0 else { throw Self.failure(code, path: shown) }
                folder = next
            }
            if !restarted {
                guard !components.isEmpty else {
                    close(folder)
                    throw InputFileError(path: shown, reason: .notRegular(kind: "a folder"))
                }
                return folder
            }
        }
        throw InputFileError(path: shown, reason: .linkLoop)
    }

    /// The components of where `link` leads, relative to the root, when that is inside it.
    private static func inside(_ link: String, resolvedRoot: [UInt8], rootPath: String)
        throws(InputFileError) -> [String]
    {
        guard let target = resolved(link) else {
            throw errno == ELOOP
                ? InputFileError(path: link, reason: .linkLoop)
                : InputFileError(path: link, reason: .brokenLink)
        }
        let targetText = String(decoding: target, as: UTF8.self)
        guard isInside(target, resolvedRoot: resolvedRoot) else {
            throw InputFileError(
                path: link, reason: .linkOutside(target: targetText, root: rootPath))
        }
        return target.count < resolvedRoot.count
            ? []
            : String(decoding: target[resolvedRoot.count...], as: UTF8.self)
                .split(separator: "/").map(String.init)
    }

    private static func failure(_ code: Int32, path: String) -> InputFileError {
        switch code {
        case ENOENT, ENOTDIR: return InputFileError(path: path, reason: .missing)
        case ELOOP: return InputFileError(path: path, reason: .linkLoop)
        default:
            return InputFileError(path: path, reason: .unreadable(String(cString: strerror(code))))
        }
    }
}

/// Opens the folder at `path`, following links: the root is the folder the user chose.
private func openFolder(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}
