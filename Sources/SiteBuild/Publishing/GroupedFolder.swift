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

/// One of the site's large folders whose files come in groups, each under one key (the item
/// pages of each gallery page, the pages of a page kind in one of its folders; see
/// ``OutputManifest/Group``), as the ``SitePublisher`` publishes it. Made by ``SitePublisher/beginGroups(in:_:mayKeep:)``.
///
/// When the previous build's manifest has the folder's groups and the previous site still has
/// the folder, the folder is taken over whole (a ``CarriedFolder``): only the groups whose key
/// changed are made, of their files only those whose bytes differ from the previous site's are
/// written, and the files no group has any more leave with the swap. So a rebuild of 100,000
/// unchanged photos writes and links no item page. Otherwise every file is written into the new
/// site.
final class GroupedFolder: Sendable {
    /// The folder's path inside the site, such as `items`.
    let name: String
    let groups: [OutputManifest.Group]
    /// Whether the previous site's folder is taken over.
    let carries: Bool
    /// The groups to make, by index in ``groups``: all of them, or, when the folder is carried,
    /// those whose key changed.
    let groupsToMake: [Int]
    private let previousGroups: [OutputManifest.Group]
    private let output: OutputFolder
    /// Files written to the carried folder's incoming folder, relative to the folder.
    private let arrivals = Mutex<[String]>([])

    /// How a publication ended.
    enum Ending {
        /// Published; the previous site's folder is taken over when there is one.
        case published(CarriedFolder?)
        /// A path is a file in one build and a folder in the other, so the folder cannot be
        /// carried file by file: what was published is taken back, and the caller publishes the
        /// folder again without keeping (rare).
        case mustWriteAll
    }

    init(
        name: String, groups: [OutputManifest.Group], previous: [OutputManifest.Group],
        output: OutputFolder, carries: Bool
    ) {
        self.name = name
        self.groups = groups
        self.previousGroups = previous
        self.output = output
        self.carries = carries
        // A group's key covers its files' paths too, so a group with a key the previous folder
        // has is there already, wherever it was in the order: a category added before others
        // makes only its own pages.
        let previousKeys = carries ? Set(previous.map(\.key)) : []
        groupsToMake = groups.indices.filter { !previousKeys.contains(groups[$0].key) }
    }

    /// Publishes `bytes` at `path` (relative to the site, inside the folder), a file of one of
    /// ``groupsToMake``. Safe to call from several threads.
    func publish(_ bytes: Data, at path: String) throws(SiteBuildError) {
        guard carries else {
            try output.write(bytes, to: path)
            return
        }
        if output.previousFile(path, size: bytes.count)?.contents == bytes { return }
        let relative = String(path.dropFirst(name.count + 1))
        let file = try output.create(CarriedFolder.incomingName(of: name) + "/" + relative)
        defer { file.close() }
        try file.write(bytes)
        arrivals.withLock { $0.append(relative) }
    }

    /// Ends the publication. `paths` gives every file of the new folder, relative to the site;
    /// it is asked only when some group's paths changed.
    func finish(paths: () -> [String]) throws(SiteBuildError) -> Ending {
        guard carries else { return .published(nil) }
        let samePaths =
            previousGroups.count == groups.count
            && zip(previousGroups, groups).allSatisfy { $0.pathsDigest == $1.pathsDigest }
        var leavers: [String] = []
        if !samePaths {
            // The live folder itself says which files it has.
            let previousFiles = Self.files(under: output.url.path + "/" + name)
            let newFiles = Set(paths().map { String($0.dropFirst(name.count + 1)) })
            leavers = CarriedFolder.leavers(previousFiles, keeping: newFiles)
            if !CarriedFolder.folders(of: newFiles).isDisjoint(with: previousFiles)
                || !CarriedFolder.folders(of: previousFiles).isDisjoint(with: newFiles)
            {
                withdraw(paths: [])
                return .mustWriteAll
            }
        }
        guard
            let carried = CarriedFolder(
                name: name, output: output, arrivingFiles: arrivals.withLock { $0 }.sorted(),
                leavers: leavers)
        else {
            throw .previousSiteVanished(path: "\(output.url.path)/\(name)")
        }
        return .published(carried)
    }

    /// Takes back what was published (to publish the folder again): the carried folder's
    /// arrivals, or else the files at `paths` (relative to the site).
    func withdraw(paths: [String]) {
        if carries {
            arrivals.withLock { $0.removeAll() }
            try? FileManager.default.removeItem(
                atPath: output.staging.path + "/" + CarriedFolder.incomingName(of: name))
        } else {
            output.removeStaged(paths)
        }
    }

    /// Every file (not folder) under `root`, relative to it.
    private static func files(under root: String) -> Set<String> {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
        var info = stat()
        return Set(
            paths.filter {
                lstat(root + "/" + $0, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
            })
    }
}
