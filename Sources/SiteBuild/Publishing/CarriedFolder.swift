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

/// A folder of the previous site (the originals) that the new site takes over with one rename
/// instead of placing each of its files again, so a rebuild of 100,000 unchanged photos makes no
/// link at all.
///
/// The folder never leaves the live site before the swap: new and changed files wait in a hidden
/// folder of the staging folder and are moved into the live folder in the moment before the swap
/// (``moveIn(oldSite:)``, called by ``OutputFolder/swapIn(carrying:records:)``), while the new site
/// holds a symlink that reaches the folder once the sites are swapped; an exchange then puts the
/// folder itself in place of the symlink (``takeOver(from:)``). Files the new site no longer has
/// are removed only after that (``removeLeavers(from:)``), as the ``PublishJournal`` lists them.
final class CarriedFolder: @unchecked Sendable {
    /// The folder's path inside the site, such as `photos`.
    let name: String
    /// Positions in the new build's file list of the files to place (new, or changed since the
    /// previous build): each goes to ``incomingPath(for:)``.
    let arrivals: [Int]
    private let arrivingFiles: [String]
    /// Files the previous site has and the new site does not.
    private let leavers: [String]
    private let previousPath: String
    private let stagedPath: String
    /// Where arrivals wait, relative to the staging folder.
    private let incomingName: String
    private let incomingPath: String

    /// What the previous build had of one of the new build's files.
    enum PreviousState {
        /// The previous build did not place it.
        case absent
        case unchanged
        case changed
    }

    /// Takes over `name` from the previous site in `output`, or nil when that is not possible: the
    /// previous site has no such folder, or a file of one build is a folder of the other.
    ///
    /// - Parameters:
    ///   - newFiles: every file this build places there.
    ///   - previousState: what the previous build had of `newFiles[index]`.
    ///   - previousFiles: every file the previous build placed there (asked only when some are
    ///     gone or new), and how many there are.
    convenience init?(
        name: String, output: OutputFolder, newFiles: [String],
        previousState: (_ index: Int) -> PreviousState,
        previousCount: Int, previousFiles: () -> [String]
    ) {
        guard Self.isFolder(output.url.path + "/" + name) else { return nil }
        var arrivals: [Int] = []
        var added: [String] = []
        var matched = 0
        for index in newFiles.indices {
            switch previousState(index) {
            case .unchanged:
                matched += 1
            case .changed:
                matched += 1
                arrivals.append(index)
            case .absent:
                arrivals.append(index)
                added.append(newFiles[index])
            }
        }
        let previous = matched < previousCount || !added.isEmpty ? previousFiles() : []
        let leavers = matched < previousCount ? Self.leavers(previous, keeping: newFiles) : []
        // A path that is a file in one build and a folder in the other cannot be moved into place
        // file by file; such a rare rebuild places everything again instead. Only a file in one
        // build alone can be a folder in the other.
        if !leavers.isEmpty && !Self.folders(of: newFiles).isDisjoint(with: leavers) { return nil }
        if !added.isEmpty && !Self.folders(of: previous).isDisjoint(with: added) { return nil }
        self.init(
            name: name, output: output, arrivals: arrivals,
            arrivingFiles: arrivals.map { newFiles[$0] }, leavers: leavers)
    }

    /// Takes over `name` from the previous site in `output` as it is, when the caller knows that
    /// the new build has exactly the same files, all unchanged: nothing arrives, nothing leaves.
    convenience init?(unchanged name: String, output: OutputFolder) {
        guard Self.isFolder(output.url.path + "/" + name) else { return nil }
        self.init(name: name, output: output, arrivals: [], arrivingFiles: [], leavers: [])
    }

    /// Takes over `name` from the previous site in `output`, when the caller knows what arrives
    /// (files already written to ``incomingName(of:)`` in the staging folder) and what leaves.
    convenience init?(
        name: String, output: OutputFolder, arrivingFiles: [String], leavers: [String]
    ) {
        guard Self.isFolder(output.url.path + "/" + name) else { return nil }
        self.init(
            name: name, output: output, arrivals: [], arrivingFiles: arrivingFiles, leavers: leavers
        )
    }

    /// The staging folder's hidden folder where files for `name` wait until ``moveIn(oldSite:)``:
    /// at the staging folder's top even for a folder deeper in the site (`layout/ceramics`),
    /// so none is left behind in the new site once the arrivals moved in.
    static func incomingName(of name: String) -> String {
        ".incoming-"
            + name.flatMap { character -> [Character] in
                switch character {
                case "%": ["%", "2", "5"]
                case "/": ["%", "2", "F"]
                default: [character]
                }
            }
    }

    private init(
        name: String, output: OutputFolder, arrivals: [Int], arrivingFiles: [String],
        leavers: [String]
    ) {
        self.name = name
        self.arrivals = arrivals
        self.arrivingFiles = arrivingFiles
        self.leavers = leavers
        previousPath = output.url.path + "/" + name
        stagedPath = output.staging.path + "/" + name
        incomingName = Self.incomingName(of: name)
        incomingPath = output.staging.path + "/" + incomingName
    }

    /// Whether `path` is a folder itself (not a symlink to one).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Where a new or changed file waits in the staging folder until ``moveIn(oldSite:)``, relative to the
    /// staging folder.
    func incomingPath(for relativePath: String) -> String {
        incomingName + "/" + relativePath
    }

    /// The arrivals the live site does not have yet, relative to the site: what a build killed
    /// before its swap must take out again (see ``PublishJournal``).
    func newArrivals() -> [String] {
        var info = stat()
        return arrivingFiles.filter { lstat(previousPath + "/" + $0, &info) != 0 }.map {
            name + "/" + $0
        }
    }

    /// The files the new site no longer has, relative to the site.
    var leaverPaths: [String] { leavers.map { name + "/" + $0 } }

    /// Moves the arrivals into the live site's folder (those that are there: a photo that went
    /// away was left out), then puts in the staging folder, where the new site will have the
    /// folder, a symlink to where the live folder will be once the two sites are swapped:
    /// `oldSite`, the path the previous site takes. The live site only gains files (and a changed
    /// photo's original shows its new bytes a moment early); no link of it breaks.
    func moveIn(oldSite: String) throws(SiteBuildError) {
        var folders: Set<Substring> = []
        for file in arrivingFiles {
            let destination = previousPath + "/" + file
            if let slash = destination.utf8.lastIndex(of: UInt8(ascii: "/")),
                folders.insert(destination[..<slash]).inserted
            {
                try? FileManager.default.createDirectory(
                    atPath: String(destination[..<slash]), withIntermediateDirectories: true)
            }
            // An arrival that is not there was left out (its photo went away during the build).
            guard rename(incomingPath + "/" + file, destination) == 0 || errno == ENOENT else {
                throw .fileSystem(
                    .move(destination: previousPath), path: file,
                    reason: String(cString: strerror(errno)))
            }
        }
        try? FileManager.default.removeItem(atPath: incomingPath)
        try pointAt(oldSite: oldSite)
    }

    /// (Re)places the staging folder's symlink for this folder by one to `oldSite`'s.
    func pointAt(oldSite: String) throws(SiteBuildError) {
        let depth = name.split(separator: "/").count
        let oldName =
            oldSite.utf8.lastIndex(of: UInt8(ascii: "/")).map {
                String(oldSite[oldSite.utf8.index(after: $0)...])
            } ?? oldSite
        let target = String(repeating: "../", count: depth) + oldName + "/" + name
        if let slash = stagedPath.utf8.lastIndex(of: UInt8(ascii: "/")) {
            try? FileManager.default.createDirectory(
                atPath: String(stagedPath[..<slash]), withIntermediateDirectories: true)
        }
        let temporary = stagedPath + ".link"
        unlink(temporary)
        guard symlink(target, temporary) == 0, rename(temporary, stagedPath) == 0 else {
            throw .fileSystem(
                .linkLive(name: name), path: stagedPath, reason: String(cString: strerror(errno)))
        }
    }

    /// After the sites were swapped: puts the real folder, still in `oldSite`, in place of the
    /// new site's symlink to it, in one exchange (see ``FolderExchange``).
    func takeOver(from oldSite: String) {
        Self.takeOver(oldSite + "/" + name, into: previousPath)
    }

    /// Puts the folder `folder` at `site`, which is a symlink to it (or, after a kill in the
    /// fallback's window, missing): by exchange where the file system can, else by an unlink and
    /// a rename, whose moment between is the fallback's one window.
    static func takeOver(_ folder: String, into site: String) {
        let code = FolderExchange.exchange(folder, site)
        if code == 0 { return }
        var info = stat()
        if lstat(site, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK { unlink(site) }
        _ = rename(folder, site)
    }

    /// After the swap: removes from `site` (the new site's path) the files the new site no longer
    /// has, and the folders that leaves empty, this one too.
    func removeLeavers(from site: String) {
        let root = site + "/" + name
        for file in leavers { PublishJournal.remove(file, under: root) }
        // A folder left empty goes too (all originals gone with --no-original-link): a clean
        // build has none. rmdir leaves a folder that still holds something.
        if !leavers.isEmpty { rmdir(root) }
    }

    /// The files of `previous` that `new` does not have, sorted. Compared byte for byte: a photo
    /// renamed from é composed to e and U+0301 is one String, but the file under the old name
    /// must leave.
    static func leavers(_ previous: some Sequence<String>, keeping new: some Sequence<String>)
        -> [String]
    {
        let kept = Set(new.map(ExactPath.init))
        return previous.filter { !kept.contains(ExactPath($0)) }.sorted()
    }

    /// Every folder (and parent folder) that holds one of `files`.
    static func folders(of files: some Sequence<String>) -> Set<String> {
        var folders: Set<String> = []
        var seenParents: Set<Substring> = []
        for file in files {
            guard let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")),
                seenParents.insert(file[..<slash]).inserted
            else { continue }
            var folder = file[..<slash]
            while folders.insert(String(folder)).inserted,
                let up = folder.utf8.lastIndex(of: UInt8(ascii: "/"))
            {
                folder = folder[..<up]
            }
        }
        return folders
    }
}
