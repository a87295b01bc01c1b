import InputFiles
import PhotoRenditions
import PhotoScanner
import SiteRenderer
import Synchronization

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

/// The output folder's safety rules: a build is written into a hidden staging folder beside the
/// output and swapped in only when complete, so an interrupted or failed build leaves the previous
/// site as it was; and an existing folder is only replaced when it is empty, a previous
/// waterfall-site build (it has the marker file), or the user said `--force`.
///
/// The build's own records (``BuildCache``) live beside the output too, never in it, so uploading
/// the folder publishes nothing but the site: `.NAME.waterfall-site-cache` for an output `NAME`.
final class OutputFolder: @unchecked Sendable {
    /// The file that marks a folder as a waterfall-site build.
    static let markerName = ".waterfall-site"
    static let markerText =
        "This folder was built by waterfall-site; a rebuild replaces it whole.\n"

    let url: URL
    let staging: URL
    /// The previous build's records of the site in `url`, beside it (see ``BuildCache``).
    let records: URL
    /// Where this build's records wait until the swap: named like the staging folder, so what a
    /// killed build left is cleared with it (see ``recoverLeftovers()``).
    let stagedRecords: URL
    /// What a swap in progress changes in the carried folders (see ``PublishJournal``).
    let journal: String
    private let fileManager = FileManager.default
    /// Folders already made in the staging folder, so 100,000 photos do not ask 100,000 times.
    private let createdFolders = Mutex<Set<ExactPath>>([])
    /// Held while the site is swapped in, so Ctrl-C never sees half a swap.
    private let swapLock = Mutex<Void>(())
    private var abandoned = false

    /// Whether `url` holds a previous build, whose unchanged files this build keeps.
    private(set) var isPreviousBuild: Bool

    init(_ url: URL) {
        // An output that is a symlink (`_site -> /srv/www/gallery`) is built into its target,
        // and the symlink stays as it is: the staging folder and the records go beside the target,
        // where a rename can swap them with it.
        self.url = Self.target(of: url.standardizedFileURL)
        isPreviousBuild = FileManager.default.fileExists(
            atPath: self.url.appending(path: Self.markerName).path)
        let parent = self.url.deletingLastPathComponent()
        // Hidden (leading dot) so a scan of a photos folder that contains the output skips it.
        staging = parent.appending(path: ".\(self.url.lastPathComponent).staging-\(getpid())")
        records = parent.appending(path: ".\(self.url.lastPathComponent)\(BuildCache.fileName)")
        stagedRecords = parent.appending(path: staging.lastPathComponent + BuildCache.fileName)
        journal =
            parent.appending(path: ".\(self.url.lastPathComponent).waterfall-site-journal").path
    }

    /// `url`, or the folder it names when it is a symlink (even one whose target does not exist
    /// yet: the build then creates the target, not a folder in the symlink's place).
    private static func target(of url: URL) -> URL {
        var info = stat()
        guard lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK else { return url }
        if stat(url.path, &info) == 0 { return url.resolvingSymlinksInPath() }
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)
        else { return url }
        let target =
            destination.hasPrefix("/")
            ? URL(fileURLWithPath: destination)
            : url.deletingLastPathComponent().appending(path: destination)
        return target.standardizedFileURL
    }

    /// The records to read for the site in `url`: those an older version of waterfall-site kept
    /// inside the site when it has them (they came with that very site, and anything beside it is
    /// older), else those beside it; nil when there are none or `url` is not a previous build.
    var recordsToLoad: URL? {
        guard isPreviousBuild else { return nil }
        let inside = url.appending(path: BuildCache.fileName)
        if fileManager.fileExists(atPath: inside.path) { return inside }
        return fileManager.fileExists(atPath: records.path) ? records : nil
    }

    /// Writes this build's records, to be put beside the site by ``swapIn(carrying:records:)``.
    func stageRecords(_ bytes: Data) throws(SiteBuildError) {
        let file = try OutputFile(creating: stagedRecords.path)
        defer { file.close() }
        try file.write(bytes)
    }

    /// Holds `.NAME.waterfall-site-lock` beside the output until ``unlock()`` (or the process
    /// ends), so a second build into the same output fails at once instead of mixing its files
    /// with this one's.
    func lock() throws(SiteBuildError) {
        // `-o new/folder/site` makes its parents, as the output folder itself is made.
        let parent = url.deletingLastPathComponent()
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(
                .createOutputParent, path: parent.path, reason: FileSystemFailure.reason(error))
        }
        // Taken under the mutex, so a Ctrl-C meanwhile (see ``abandon()``) waits and then finds
        // the lock held and its file to remove, never a file made but not yet known.
        try lockDescriptor.withLock { (held: inout Int32) throws(SiteBuildError) in
            held = try takeLock(at: lockPath)
        }
    }

    /// The descriptor of the lock file at `path`, made if missing and locked with `flock`; a
    /// file a killed build left is taken over (its lock went with the process).
    private func takeLock(at path: String) throws(SiteBuildError) -> Int32 {
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .fileSystem(
                    .createLockFile, path: path, reason: String(cString: strerror(errno)))
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                var bytes = [UInt8](repeating: 0, count: 32)
                let count = read(descriptor, &bytes, bytes.count)
                let holder =
                    count > 0
                    ? Int32(
                        String(
                            decoding: bytes[..<count].prefix { $0 != UInt8(ascii: "\n") },
                            as: UTF8.self)) : nil
                close(descriptor)
                throw .outputBusy(path: url.path, holder: holder)
            }
            // The build that held it may have removed the file meanwhile (see unlock()): a lock
            // on a file no longer at `path` keeps nobody out, so take the new one.
            var held = stat()
            var named = stat()
            guard fstat(descriptor, &held) == 0, stat(path, &named) == 0,
                held.st_ino == named.st_ino, held.st_dev == named.st_dev
            else {
                close(descriptor)
                continue
            }
            let pid = "\(getpid())\n"
            _ = ftruncate(descriptor, 0)
            _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
            return descriptor
        }
    }

    /// What Ctrl-C or SIGTERM does before the process exits (the command line's signal handling, see ``BuildInterruptions``): when this
    /// build holds the lock, removes the staging folder (see ``abandonStaging()``) and the lock
    /// file; before it does, touches nothing, as what is beside the output is then another's.
    func abandon() {
        lockDescriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            abandonStaging()
            unlink(lockPath)
            close(descriptor)
            descriptor = -1
        }
    }

    /// Removes the lock file and lets go of it, so nothing of the build stays beside the output
    /// but its records. Called on the way out of every build and from the Ctrl-C handler
    /// (see ``BuildInterruptions``), whichever comes first; the second call does nothing.
    ///
    /// The file goes while the lock is still held, never after: once let go, another build may
    /// have taken the same path, and its lock file must stay. A file left by a killed build
    /// (SIGKILL runs no handler) holds no lock, so the next build takes it over silently.
    func unlock() {
        lockDescriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            unlink(lockPath)
            close(descriptor)
            descriptor = -1
        }
    }

    /// The lock file while this build holds it, else -1; behind a mutex because the Ctrl-C
    /// handler's thread lets go of it while the build's own thread may be doing the same.
    private let lockDescriptor = Mutex<Int32>(-1)
    private var lockPath: String {
        url.deletingLastPathComponent().path + "/.\(url.lastPathComponent).waterfall-site-lock"
    }

    /// Refuses to go on when replacing the output would lose something the tool did not create.
    /// `force` is ignored when a settings file (`settingsFile`) chose the output.
    func checkReplaceable(force: Bool, chosenBy settingsFile: URL? = nil) throws(SiteBuildError) {
        var isDirectory = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return }
        guard isDirectory else {
            throw .outputIsAFile(path: url.path)
        }
        if force && settingsFile == nil { return }
        let contents = (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []
        if contents.isEmpty || contents.contains(Self.markerName) { return }
        if let settingsFile {
            throw .outputNotOurs(path: url.path, settingsFile: settingsFile.path)
        }
        throw .outputNotOurs(path: url.path, settingsFile: nil)
    }

    /// A fresh, empty staging folder; also clears what builds that were killed left beside the
    /// output (their staging or set-aside folders, named after a process that no longer runs).
    func prepareStaging() throws(SiteBuildError) {
        removeStaging()
        recoverLeftovers()
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(
                .createStagingFolder, path: staging.path, reason: FileSystemFailure.reason(error))
        }
        try write(Self.markerText, to: Self.markerName)
    }

    func removeStaging() {
        try? fileManager.removeItem(at: staging)
        unlink(stagedRecords.path)
    }

    /// Removes the staging folder while other threads may still be writing into it (on Ctrl-C):
    /// moving it aside first makes their next writes fail instead of refilling it. Whatever a
    /// write in flight leaves is cleared by the next build (see ``recoverLeftovers()``). Waits for a
    /// swap in progress, so the output is always either the previous site or the new one.
    func abandonStaging() {
        swapLock.withLock { _ in abandonStagingLocked() }
    }

    private func abandonStagingLocked() {
        abandoned = true
        unlink(stagedRecords.path)
        let aside = url.deletingLastPathComponent().appending(
            path: ".\(url.lastPathComponent).previous-\(getpid())-aborted")
        if rename(staging.path, aside.path) == 0 {
            try? fileManager.removeItem(at: aside)
        } else {
            try? fileManager.removeItem(at: staging)
        }
    }

    /// Whether this build found what a build killed during its swap left half done and finished
    /// it (see ``PublishJournal``): the carried folders are then placed again rather than trusted.
    private(set) var restoredCarriedFolders = false

    /// Clears what builds that were killed left beside the output, first putting back the
    /// previous site when a build was killed between the two renames of the fallback swap, and
    /// finishing the removals (or undoing the arrivals) its journal lists.
    func recoverLeftovers() {
        defer {
            isPreviousBuild = fileManager.fileExists(
                atPath: url.appending(path: Self.markerName).path)
        }
        let parent = url.deletingLastPathComponent()
        let previousPrefix = ".\(url.lastPathComponent).previous-"
        let stagingPrefix = ".\(url.lastPathComponent).staging-"
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        func leftovers(_ prefix: String) -> [String] {
            names.filter { name in
                guard name.hasPrefix(prefix),
                    let pid = Int32(name.dropFirst(prefix.count).prefix { $0.isNumber }),
                    pid != getpid()
                else { return false }
                // Only a folder whose build is gone: kill(pid, 0) fails with ESRCH for a dead process.
                return kill(pid, 0) == -1 && errno == ESRCH
            }.sorted()
        }
        // Set-aside previous sites first: a build killed between the two renames of its swap left
        // no output at all, and the previous site goes back before anything else is looked at.
        for name in leftovers(previousPrefix)
        where !name.hasSuffix("-aborted") && !fileManager.fileExists(atPath: url.path) {
            let leftover = parent.appending(path: name).path
            if fileManager.fileExists(atPath: leftover + "/" + Self.markerName)
                && rename(leftover, url.path) == 0
            {
                break
            }
        }
        if finishJournal() { restoredCarriedFolders = true }
        for name in leftovers(previousPrefix) + leftovers(stagingPrefix) {
            try? fileManager.removeItem(atPath: parent.appending(path: name).path)
        }
    }

    /// Puts the finished staging folder in place of the output, first moving the `carried` folders
    /// of the previous site into it; the old output is removed only after the new one is in place.
    ///
    /// With `records` (this build wrote ``stageRecords(_:)``), the previous records go just before
    /// the new site comes in and the new ones follow it: whenever the build stops, the records
    /// beside the output describe the site in it (or the previous site that the next build puts
    /// back), or are missing, which costs a slower build but never a wrong one. Without, the
    /// records beside the output already describe the new site.
    func swapIn(carrying carried: [CarriedFolder] = [], records: Bool) throws(SiteBuildError) {
        try swapLock.withLock { _ throws(SiteBuildError) in
            try swapInLocked(carrying: carried, records: records)
        }
    }

    private func swapInLocked(carrying carried: [CarriedFolder], records newRecords: Bool)
        throws(SiteBuildError)
    {
        guard !abandoned else { throw .interrupted }
        let previous =
            url.deletingLastPathComponent().path + "/.\(url.lastPathComponent).previous-\(getpid())"
        let hadOutput = fileManager.fileExists(atPath: url.path)
        if !carried.isEmpty {
            var info = stat()
            guard lstat(staging.path, &info) == 0 else {
                throw .fileSystem(
                    .readStagingFolder, path: staging.path, reason: String(cString: strerror(errno))
                )
            }
            var entry = PublishJournal(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), pid: getpid())
            entry.carried = carried.map(\.name)
            entry.added = carried.flatMap { $0.newArrivals() }
            entry.leavers = carried.flatMap(\.leaverPaths)
            try entry.write(to: journal)
            do {
                for folder in carried { try folder.moveIn(oldSite: staging.path) }
            } catch {
                finishJournal()
                throw error
            }
        }
        if newRecords { unlink(records.path) }
        // Where the previous site is once the new one is in place.
        var oldSite = staging.path
        if hadOutput {
            let code = FolderExchange.exchange(staging.path, url.path)
            if code != 0 {
                guard FolderExchange.isUnsupported(code) else {
                    finishJournal()
                    throw .fileSystem(
                        .swapSite, path: url.path, reason: String(cString: strerror(code)))
                }
                // No exchange on this file system: two renames, with a moment between them when
                // the output is missing; a build killed there has its next build move the
                // previous site back (see recoverLeftovers()).
                do {
                    for folder in carried { try folder.pointAt(oldSite: previous) }
                } catch {
                    finishJournal()
                    throw error
                }
                guard rename(url.path, previous) == 0 else {
                    let reason = String(cString: strerror(errno))
                    finishJournal()
                    throw .fileSystem(.movePreviousSiteAside, path: url.path, reason: reason)
                }
                guard rename(staging.path, url.path) == 0 else {
                    let reason = String(cString: strerror(errno))
                    _ = rename(previous, url.path)
                    finishJournal()
                    throw .fileSystem(.moveNewSiteIn, path: url.path, reason: reason)
                }
                oldSite = previous
            }
        } else if rename(staging.path, url.path) != 0 {
            throw .fileSystem(
                .moveNewSiteIn, path: url.path, reason: String(cString: strerror(errno)))
        }
        for folder in carried { folder.takeOver(from: oldSite) }
        if newRecords && rename(stagedRecords.path, records.path) != 0 {
            unlink(stagedRecords.path)
        }
        for folder in carried { folder.removeLeavers(from: url.path) }
        if !carried.isEmpty { unlink(journal) }
        try? fileManager.removeItem(atPath: oldSite)
    }

    /// Finishes what the journal beside the output lists, after a build that stopped between
    /// writing it and removing it: when its site is in place, puts each carried folder in place of
    /// the symlink to it and removes the files the site no longer has; when it is not, takes out
    /// of the live site the files that build had moved in. True when there was a journal.
    @discardableResult
    private func finishJournal() -> Bool {
        guard fileManager.fileExists(atPath: journal) else { return false }
        defer { unlink(journal) }
        guard let entry = PublishJournal.read(journal) else { return true }
        let parent = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        if entry.isSite(url.path) {
            for folder in entry.carried {
                let live = url.path + "/" + folder
                var linkInfo = stat()
                guard lstat(live, &linkInfo) != 0 || (linkInfo.st_mode & S_IFMT) == S_IFLNK else {
                    continue
                }
                // The folder is still in the previous site, wherever the swap left that.
                for old in ["staging", "previous"] {
                    let held = "\(parent)/.\(name).\(old)-\(entry.pid)/\(folder)"
                    var heldInfo = stat()
                    if lstat(held, &heldInfo) == 0 && (heldInfo.st_mode & S_IFMT) == S_IFDIR {
                        CarriedFolder.takeOver(held, into: live)
                        break
                    }
                }
            }
            for file in entry.leavers { PublishJournal.remove(file, under: url.path) }
            for folder in entry.carried where !entry.leavers.isEmpty {
                rmdir(url.path + "/" + folder)
            }
        } else {
            for file in entry.added { PublishJournal.remove(file, under: url.path) }
        }
        return true
    }

    /// Writes `text` to `relativePath` inside the staging folder, creating folders as needed.
    ///
    /// When the site being replaced has the same file with the same bytes, that file is linked
    /// instead: unchanged files keep their modification time (and inode), so `rsync` and upload
    /// tools send only what changed.
    func write(_ text: String, to relativePath: String) throws(SiteBuildError) {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Writes `bytes` to `relativePath`, keeping the previous file when it has the same bytes (see
    /// ``write(_:to:)-(String,_)``).
    func write(_ bytes: Data, to relativePath: String) throws(SiteBuildError) {
        if let previous = previousFile(relativePath, size: bytes.count), previous.contents == bytes,
            keepPrevious(relativePath)
        {
            return
        }
        let file = try create(relativePath)
        defer { file.close() }
        try file.write(bytes)
    }

    /// Links the previous site's `relativePath` into the staging folder unread, when the caller
    /// knows it is still right (the build cache vouches for it); false when there is none.
    func keepPrevious(_ relativePath: String) -> Bool {
        guard isPreviousBuild,
            (try? makeFolder(staging.appending(path: relativePath).deletingLastPathComponent()))
                != nil
        else {
            return false
        }
        return link(url.path + "/" + relativePath, staging.path + "/" + relativePath) == 0
    }

    /// Keeps all of `relativePaths` (see ``keepPrevious(_:)-(String)``) or none: when one is
    /// missing, those already linked are taken out again, so the caller writes every one afresh
    /// and never through a link into the previous site.
    func keepPrevious(_ relativePaths: [String]) -> Bool {
        for (index, path) in relativePaths.enumerated() where !keepPrevious(path) {
            for linked in relativePaths[..<index] { unlink(staging.path + "/" + linked) }
            return false
        }
        return true
    }

    /// Hard-links `source` at `relativePath` in the staging folder, making its folder; false when
    /// the file system cannot link it there (another device, say) and the caller must copy it.
    func linkFile(_ source: String, at relativePath: String) throws(SiteBuildError) -> Bool {
        let destination = staging.appending(path: relativePath)
        try makeFolder(destination.deletingLastPathComponent())
        // AT_SYMLINK_FOLLOW: a file that is a symlink (or an open descriptor's
        // /proc/self/fd/N) is linked to its target, not the link.
        return linkat(AT_FDCWD, source, AT_FDCWD, destination.path, AT_SYMLINK_FOLLOW) == 0
    }

    /// The same file in the site being replaced (a previous waterfall-site build), if it exists
    /// with `size` bytes; a file of another size is not read at all.
    func previousFile(_ relativePath: String, size: Int) -> (path: String, contents: Data)? {
        guard isPreviousBuild else { return nil }
        let path = url.path + "/" + relativePath
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) == size,
            let contents = fileManager.contents(atPath: path)
        else { return nil }
        return (path, contents)
    }

    /// Whether the previous site's `relativePath` is the file with `identity`'s device and inode
    /// (a hard link to it).
    func previousFile(_ relativePath: String, is identity: FileIdentity) -> Bool {
        var info = stat()
        guard stat(url.path + "/" + relativePath, &info) == 0 else { return false }
        return UInt64(info.st_dev) == identity.device && UInt64(info.st_ino) == identity.inode
    }

    /// Creates (truncates) `relativePath` inside the staging folder for writing in pieces.
    ///
    /// Plain POSIX writes: Foundation's `Data.write` syncs every file to disk, which costs more
    /// than the whole render on a busy machine, and the staging swap already protects the site.
    func create(_ relativePath: String) throws(SiteBuildError) -> OutputFile {
        let destination = staging.appending(path: relativePath)
        try makeFolder(destination.deletingLastPathComponent())
        return try OutputFile(creating: destination.path)
    }

    /// Creates `folder` (and its parents) once; safe to call from several threads.
    private func makeFolder(_ folder: URL) throws(SiteBuildError) {
        let path = folder.path
        if createdFolders.withLock({ $0.contains(ExactPath(path)) }) { return }
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(.createFolder, path: path, reason: FileSystemFailure.reason(error))
        }
        createdFolders.withLock { _ = $0.insert(ExactPath(path)) }
    }

    /// Removes files written into the staging folder, to write them again (unlinked, never
    /// rewritten in place: a file kept from the previous site is a hard link to its file there,
    /// which must not change before the swap).
    func removeStaged(_ relativePaths: [String]) {
        for path in relativePaths { unlink(staging.path + "/" + path) }
    }

    /// Places the original `source` (path bytes: a name need not be valid UTF-8) at
    /// `relativePath` in the staging folder: a hard link where the file system allows (no copy,
    /// no space), a copy otherwise. Only a regular file is placed: returns why the photo was left
    /// out when it is gone or is no longer a regular file (deleted, or replaced by a FIFO, since
    /// the scan saw it); throws when the site cannot be written.
    func placeOriginal(_ source: [UInt8], at relativePath: String) throws(SiteBuildError) -> String?
    {
        // Plain string paths: URL parsing per photo shows at 100,000 photos.
        let destination = staging.path + "/" + relativePath
        if let slash = destination.utf8.lastIndex(of: UInt8(ascii: "/")) {
            let folder = String(destination[..<slash])
            if !createdFolders.withLock({ $0.contains(ExactPath(folder)) }) {
                try makeFolder(URL(fileURLWithPath: folder))
            }
        }
        let sourcePath = source + [0]
        return try sourcePath.withUnsafeBufferPointer { path throws(SiteBuildError) -> String? in
            try path.withMemoryRebound(to: CChar.self) { path throws(SiteBuildError) -> String? in
                let source = path.baseAddress.unsafelyUnwrapped
                // AT_SYMLINK_FOLLOW: a photo that is a symlink is linked to its target, not the link.
                if linkat(AT_FDCWD, source, AT_FDCWD, destination, AT_SYMLINK_FOLLOW) == 0 {
                    // What was linked is whatever the name held at that moment: check it.
                    var info = stat()
                    if lstat(destination, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
                        return nil
                    }
                    unlink(destination)
                    return Self.notRegular(info.st_mode)
                }
                if errno == ENOENT || errno == ENOTDIR { return Self.vanished }
                return try copyOriginal(source, to: destination)
            }
        }
    }

    private static let vanished = "the file is gone (deleted or moved during the build)"

    private static func notRegular(_ mode: mode_t) -> String {
        "it is no longer a regular file (now \(InputFileRule.kind(mode)), replaced during the build)"
    }

    /// Copies the regular file `source` to `destination` through a bounded buffer (where a hard
    /// link is not possible: another file system); why it was left out, or nil.
    private func copyOriginal(_ source: UnsafePointer<CChar>, to destination: String)
        throws(SiteBuildError) -> String?
    {
        // O_NONBLOCK: opening a FIFO put in the photo's place must not wait for a writer.
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return Self.vanished }
            throw .fileSystem(
                .copyIntoSite, path: String(cString: source),
                reason: String(cString: strerror(errno)))
        }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else {
            throw .fileSystem(
                .copyIntoSite, path: String(cString: source),
                reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return Self.notRegular(info.st_mode) }
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else {
            throw .fileSystem(
                .write, path: destination, reason: String(cString: strerror(errno)))
        }
        let file = OutputFile(descriptor: output, path: destination)
        defer { file.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw .fileSystem(
                    .copyIntoSite, path: String(cString: source),
                    reason: String(cString: strerror(errno)))
            }
            if count == 0 { return nil }
            try file.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}

/// A file being written in the staging folder.
struct OutputFile {
    let descriptor: Int32
    let path: String

    func write(_ text: String) throws(SiteBuildError) {
        var text = text
        try check(text.withUTF8 { write($0) })
    }

    func write(_ data: Data) throws(SiteBuildError) {
        try check(data.withUnsafeBytes { write($0.bindMemory(to: UInt8.self)) })
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(SiteBuildError) {
        try check(write(bytes.bindMemory(to: UInt8.self)))
    }

    private func check(_ failure: Int32?) throws(SiteBuildError) {
        if let failure {
            throw .fileSystem(.write, path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Writes all of `bytes`; the `errno` of a failure, nil on success.
    private func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    func close() {
        _ = systemClose(descriptor)
    }
}

// The C library's calls, by names that `OutputFile`'s own `write` and `close` do not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

extension OutputFile {
    /// Creates (truncates) the file at `path`, whose folder exists.
    init(creating path: String) throws(SiteBuildError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .fileSystem(.write, path: path, reason: String(cString: strerror(errno)))
        }
        self.init(descriptor: descriptor, path: path)
    }
}
