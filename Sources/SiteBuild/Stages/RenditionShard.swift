import PhotoRenditions
import PhotoScanner
import SiteRenderer
import Synchronization
import Workers

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

/// `waterfall-site renditions`: one shard of a site's renditions, written into a rendition store
/// that `build --rendition-store` links from, so a batch engine (a Kubernetes Indexed Job, a CI
/// matrix, a Slurm array, GNU parallel) can spread the encoding over many machines.
///
/// A store is a folder of rendition files under the names a build gives them (the content hash
/// of the photo's bytes and the rendition options, then the width), so any number of shards,
/// retries and option sets share it. A photo belongs to shard `hash mod N` of a stable hash of
/// its content hash: the shards stay balanced, and a photo keeps its shard when others are added.
///
/// Every file is written under a temporary name in the run's own folder of `.incoming/` and
/// renamed into place, so a file under its own name is complete, and two runs writing the same
/// file (a retry beside the first run) each rename a whole file over the other's identical one.
/// A run holds an `flock` on its incoming folder; a later run or `--prune` removes the folders
/// whose runs are gone (killed). That is the only lock, and the store needs nothing more of its
/// file system than an atomic rename within one folder.
public struct RenditionShard {
    /// Shard `index` of `count` (`--shard 0/4` is the first of four).
    public struct Shard: Sendable, Equatable {
        public var index: Int
        public var count: Int

        /// `I/N` with 0 ≤ I < N.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
                count >= 1, (0..<count).contains(index)
            else { return nil }
            self.index = index
            self.count = count
        }

        /// Whether the photo with content hash `hash` is this shard's.
        func owns(_ hash: String) -> Bool {
            var hasher = StableHasher()
            hasher.combine(hash)
            return Int(hasher.value % UInt64(count)) == index
        }
    }

    let settings: BuildSettings
    let reporter: any BuildReporter

    public init(settings: BuildSettings, reporter: any BuildReporter) {
        self.settings = settings
        self.reporter = reporter
    }

    /// The incoming folders of the store's runs.
    static let incomingFolder = ".incoming"

    /// Writes the renditions of `shard`'s photos into `store` (made when missing).
    public func run(_ shard: Shard, store: URL) throws(SiteBuildError) {
        let started = Date()
        let (photos, writer) = try prepare(store: store)
        try Self.makeFolder(store)
        Self.removeAbandonedIncoming(in: store)
        let incoming = try IncomingFolder(in: store)
        defer { incoming.remove() }

        let progress = reporter.progress(quiet: settings.quiet)
        let hashes = hashes(of: photos, writer: writer, progress: progress)
        var mine: [RenditionWriter.Photo] = []
        var failed: [(path: String, message: String)] = []
        for (photo, hash) in zip(photos, hashes) {
            switch hash {
            case .success(let hash) where shard.owns(hash):
                var photo = photo
                photo.knownContentHash = hash
                mine.append(photo)
            case .success:
                continue
            case .failure(let error):
                // Unreadable here: no shard can say whose it is, so each one reports it.
                failed.append((photo.relativePath, error.message))
            }
        }
        let report = writer.write(
            // The store as a store too: a file already there is checked, and replaced when bad.
            mine, into: store, reusing: nil, store: store, temporaries: incoming.url
        ) { done, total in
            progress.update("Resizing photos", done: done, total: total)
        }
        progress.finish()
        if let failure = report.writeFailure { throw .renditionWriteFailed(reason: failure) }
        failed += report.diagnostics.map { ($0.relativePath, $0.error.message) }
        for rejection in report.rejected {
            reporter.warning(
                "warning: \(TerminalText.safe(rejection.path)): not a usable rendition: \(rejection.reason); encoded again in its place"
            )
        }
        for (path, message) in failed {
            reporter.warning("warning: \(TerminalText.safe(path)): no resized copies (\(message))")
        }
        guard !settings.quiet else { return }
        let seconds = Date().timeIntervalSince(started)
        reporter.result(
            "Shard \(shard.index)/\(shard.count): \(NumberText.grouped(mine.count)) of \(NumberText.grouped(photos.count)) photos"
                + " → \(store.path)/ in \(NumberText.decimal(seconds, decimals: seconds < 10 ? 2 : 1)) s:"
                + " \(NumberText.grouped(report.encodedCount)) encoded, \(NumberText.grouped(report.reusedCount)) already in the store"
                + (failed.isEmpty ? "" : ", \(NumberText.grouped(failed.count)) without renditions")
        )
    }

    /// Removes from `store` the renditions that none of the photos needs with these options,
    /// and what killed runs left in `.incoming/`.
    public func prune(store: URL) throws(SiteBuildError) {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: store.path, isDirectory: &isFolder), isFolder
        else {
            throw .missingFolder(.renditionStore, path: store.path)
        }
        let (photos, writer) = try prepare(store: store)
        let progress = reporter.progress(quiet: settings.quiet)
        let hashes = hashes(of: photos, writer: writer, progress: progress)
        progress.finish()
        var used: Set<Substring> = []
        for case .success(let hash) in hashes { used.insert(Substring(hash)) }
        // A photo that cannot be read now may still be whole on another machine's copy.
        let unreadable = hashes.filter { if case .failure = $0 { true } else { false } }.count
        if unreadable > 0 {
            throw .storeNotPruned(unreadable: unreadable)
        }
        Self.removeAbandonedIncoming(in: store)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []
        var removed = 0
        var bytes: Int64 = 0
        for name in names.sorted() {
            guard let hash = RenditionWriter.contentHash(ofFileNamed: name), !used.contains(hash)
            else { continue }
            var info = stat()
            let path = store.path + "/" + name
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if unlink(path) == 0 {
                removed += 1
                bytes += Int64(info.st_size)
            }
        }
        guard !settings.quiet else { return }
        reporter.result(
            "Pruned \(store.path)/: \(NumberText.grouped(removed)) file\(removed == 1 ? "" : "s") no photo uses"
                + " (\(NumberText.decimal(Double(bytes) / 1_048_576, decimals: 1)) MB)")
    }

    /// The photos a build of these settings renders, and a writer with its options.
    private func prepare(store: URL) throws(SiteBuildError) -> (
        [RenditionWriter.Photo], RenditionWriter
    ) {
        // A build with them off has no use for a store; a shard writing them anyway would hide
        // that its options are not the build's.
        guard settings.renditions else {
            throw .renditionsTurnedOff
        }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: settings.photos.path, isDirectory: &isFolder),
            isFolder
        else {
            throw .missingFolder(.photos, path: settings.photos.path)
        }
        let builder = SiteBuilder(settings: settings, reporter: reporter)
        let metadata = try builder.loadMetadata().metadata
        let sizing = builder.imageSizing(builder.layoutOptions(metadata), metadata)
        let writer = RenditionWriter(
            encoder: RenditionEncoder(
                options: builder.renditionOptions, budget: builder.decodeBudget),
            widths: sizing.widths,
            jobs: settings.jobs
        ).checkingStore()
        // What the build leaves out of its scan, and the store.
        let staticFolder = try builder.loadStaticFolder(OutputFolder(settings.output))
        let scan = try builder.scanPhotos(
            excluding: [store, settings.output] + (staticFolder.map { [$0.url] } ?? []),
            progress: reporter.progress(quiet: settings.quiet))
        let folder = Array(settings.photos.path.utf8) + [UInt8(ascii: "/")]
        let photos = scan.photos.map { photo in
            var rendered = RenditionWriter.Photo(
                source: settings.photos.appending(path: photo.relativePath),
                relativePath: photo.relativePath, orientation: photo.orientation,
                displaySize: RenditionSize(width: photo.displayWidth, height: photo.displayHeight))
            // The file's own bytes: an escaped name (see FileNameText) is not the file's name.
            rendered.sourcePath = folder + FileNameText.bytes(of: photo.relativePath)
            return rendered
        }
        return (photos, writer)
    }

    /// Every photo's content hash, read on all jobs: a shard must know every photo's to know
    /// which are its own.
    private func hashes(
        of photos: [RenditionWriter.Photo], writer: RenditionWriter, progress: any BuildProgress
    ) -> [Result<String, RenditionError>] {
        let done = Atomic(0)
        return ParallelWork.map(photos.count, jobs: settings.jobs) { index in
            let hash = Result { () throws(RenditionError) in
                try writer.contentHash(of: photos[index])
            }
            let finished = done.wrappingAdd(1, ordering: .relaxed).newValue
            progress.update("Reading photos", done: finished, total: photos.count)
            return hash
        }
    }

    private static func makeFolder(_ url: URL) throws(SiteBuildError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(
                .createFolder, path: url.path, reason: FileSystemFailure.reason(error))
        }
    }

    /// Removes the incoming folders of runs that are gone: their lock is free.
    ///
    /// A run's folder has its final name only once its lock is held (see `IncomingFolder`), so a
    /// free lock, or none, means the run is over. A folder still being set up is left alone
    /// unless it is old enough that its run was killed in that instant.
    static func removeAbandonedIncoming(in store: URL, now: Date = Date()) {
        let root = store.path + "/" + incomingFolder
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            let folder = root + "/" + name
            if name.hasSuffix(IncomingFolder.startingSuffix) {
                var info = stat()
                guard lstat(folder, &info) == 0,
                    now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec)
                        > IncomingFolder.startingLifetime
                else { continue }
            } else {
                let descriptor = open(folder + "/" + IncomingFolder.lockName, O_RDWR | O_CLOEXEC)
                if descriptor >= 0 {
                    defer { close(descriptor) }
                    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
                }
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// A run's own folder of temporary files in the store, locked while the run lives.
    ///
    /// It is made and locked under a `.starting` name and then renamed, so another run's
    /// clean-up never sees it under its final name without its lock held. (Made in place, it
    /// could be taken for a killed run's and removed between the `mkdir` and the `flock`.)
    final class IncomingFolder {
        static let lockName = "lock"
        static let startingSuffix = ".starting"
        /// Seconds after which a folder still named `.starting` is a killed run's.
        static let startingLifetime: Double = 3600
        let url: URL
        private let descriptor: Int32

        init(in store: URL) throws(SiteBuildError) {
            let name = RenditionShard.incomingFolder + "/" + UUID().uuidString
            let starting = store.appending(path: name + Self.startingSuffix)
            url = store.appending(path: name)
            try RenditionShard.makeFolder(starting)
            descriptor = open(
                starting.path + "/" + Self.lockName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            // The lock belongs to the open file, so it stays held across the rename.
            guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0,
                rename(starting.path, url.path) == 0
            else {
                let reason = String(cString: strerror(errno))
                if descriptor >= 0 { close(descriptor) }
                try? FileManager.default.removeItem(at: starting)
                throw .fileSystem(.setUpTemporaryFiles, path: url.path, reason: reason)
            }
        }

        func remove() {
            try? FileManager.default.removeItem(at: url)
            close(descriptor)
        }
    }
}
