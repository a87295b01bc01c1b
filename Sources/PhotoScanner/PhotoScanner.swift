import Dispatch
import Synchronization
import Workers

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Walks a folder and measures every JPEG and PNG from its header, in parallel.
///
/// Use it as `try PhotoScanner(jobs: 4).scan(folder)`. The result lists photos and diagnostics
/// in natural order of their relative paths, and is the same whatever `jobs` is. One bad file
/// never stops a scan: it becomes a diagnostic. Only a root folder that cannot be read throws.
public struct PhotoScanner: Sendable {
    /// How many header reads run at once (at least 1).
    public var jobs: Int
    /// Absolute folders that are never entered (the output folder when it lies inside the photos).
    public var excludedFolders: [URL]
    /// Follow symbolic links whose targets lie outside the scanned folder; without it they are
    /// reported (``ScanDiagnostic/Kind/linkOutside``) and left out.
    public var followsOutsideLinks: Bool

    public init(
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, excludedFolders: [URL] = [],
        followsOutsideLinks: Bool = false
    ) {
        self.jobs = max(1, jobs)
        self.excludedFolders = excludedFolders
        self.followsOutsideLinks = followsOutsideLinks
    }

    /// Scans `root` recursively.
    ///
    /// - Parameter progress: called with the number of headers read so far and the number of
    ///   candidates, at most once per small batch of files, from worker threads but never
    ///   concurrently and with `done` never decreasing; the last call has `done == total`.
    /// - Throws: `ScanError` when `root` is missing, is not a folder or cannot be listed.
    /// - Parameter cache: an earlier scan's results; files whose identity (device, inode, size,
    ///   modification time) is unchanged are taken from it without being opened.
    public func scan(
        _ root: URL, cache: ScanCache? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws(ScanError) -> ScanResult {
        try scan(atPath: root.path, cacheAfterWalk: { cache }, progress: progress)
    }

    /// Scans the folder at `path` (absolute, or relative to the working folder) recursively; the
    /// same as ``scan(_:cache:progress:)`` for a caller that has the path as text, which spares
    /// it a `URL`.
    public func scan(
        atPath path: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws(ScanError) -> ScanResult {
        try scan(atPath: path, cacheAfterWalk: { nil }, progress: progress)
    }

    /// Scans `root` recursively, asking for the cache only once the folders are listed, so a
    /// caller can read a large cache file on another thread during the walk.
    public func scan(
        _ root: URL, cacheAfterWalk: () -> ScanCache?,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws(ScanError) -> ScanResult {
        try scan(atPath: root.path, cacheAfterWalk: cacheAfterWalk, progress: progress)
    }

    private func scan(
        atPath rootPath: String, cacheAfterWalk: () -> ScanCache?,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) throws(ScanError) -> ScanResult {
        var walker = DirectoryWalker(
            excludedFolders: excludedFolders.map { $0.standardizedFileURL.path },
            followsOutsideLinks: followsOutsideLinks)
        try walker.walk(rootPath: rootPath, jobs: jobs)
        let candidates = walker.candidates
        let walkDiagnostics = walker.diagnostics
        let cache = cacheAfterWalk()
        let reads = readHeaders(
            candidates, folders: walker.folders, cache: cache, progress: progress)

        // Diagnostics in listing order: the walk's among the readers' where they were found.
        var diagnostics: [ScanDiagnostic] = []
        diagnostics.reserveCapacity(walkDiagnostics.count + reads.findings.count)
        var nextWalkDiagnostic = 0
        for finding in reads.findings {
            while nextWalkDiagnostic < walkDiagnostics.count
                && walkDiagnostics[nextWalkDiagnostic].candidatesBefore <= finding.candidate
            {
                diagnostics.append(walkDiagnostics[nextWalkDiagnostic].diagnostic)
                nextWalkDiagnostic += 1
            }
            diagnostics.append(finding.diagnostic)
        }
        diagnostics.append(contentsOf: walkDiagnostics[nextWalkDiagnostic...].map(\.diagnostic))
        // The walk's file list and folder names (100,000 small values at 100,000 photos) are
        // freed on another core, not on the way back to the caller.
        if candidates.count >= 10_000 {
            let garbage = Garbage(candidates: candidates, walker: walker)
            DispatchQueue.global(qos: .utility).async { garbage.drop() }
        }
        return ScanResult(
            photos: reads.photos, diagnostics: diagnostics, cachedCount: reads.cachedCount)
    }
}

/// Large values whose last reference is dropped on a background thread.
private final class Garbage: @unchecked Sendable {
    private var candidates: [Candidate]
    private var walker: DirectoryWalker

    init(candidates: [Candidate], walker: DirectoryWalker) {
        self.candidates = candidates
        self.walker = walker
    }

    func drop() {
        candidates = []
        walker = DirectoryWalker(excludedFolders: [])
    }
}

/// What the header reads found.
private struct HeaderReads {
    /// The measured photos, in listing order.
    var photos: [ScannedPhoto]
    /// Rejections and warnings, by index of the candidate each belongs to, in that order.
    var findings: [(candidate: Int, diagnostic: ScanDiagnostic)]
    /// Photos taken from the cache.
    var cachedCount: Int
}

extension PhotoScanner {
    /// Files per batch a worker claims: big enough that claiming costs nothing, small enough that
    /// workers finish together.
    fileprivate static let batchSize = 32

    /// Reads every candidate's header, with `jobs` workers when there is enough to share. Each
    /// photo is written straight into its candidate's place in the result, so the order never
    /// depends on scheduling and a scan where every file is a photo copies nothing afterwards;
    /// the places of rejected files are closed up at the end.
    fileprivate func readHeaders(
        _ candidates: [Candidate], folders: [ListedFolder], cache: ScanCache?,
        progress: (@Sendable (Int, Int) -> Void)?
    ) -> HeaderReads {
        let total = candidates.count
        progress?(0, total)
        guard total > 0 else { return HeaderReads(photos: [], findings: [], cachedCount: 0) }
        let lookup = cache.map { CacheLookup(cache: $0, candidates: candidates, folders: folders) }
        let workers = min(jobs, (total + Self.batchSize - 1) / Self.batchSize)
        let shared = SharedProgress(progress: progress)
        var photos = [ScannedPhoto](unsafeUninitializedCapacity: total) { buffer, initialized in
            // Each index is written by exactly one worker (the one that claimed its batch), so
            // the writes never overlap.
            let slots = UnsafeSendableBuffer(buffer: buffer)
            let work: @Sendable (Int) -> Void = { _ in
                let cursor = FolderCursor(folders: folders)
                var mine: [(candidate: Int, diagnostic: ScanDiagnostic, rejected: Bool)] = []
                while true {
                    let start = shared.claimed.wrappingAdd(Self.batchSize, ordering: .relaxed)
                        .oldValue
                    guard start < total else { break }
                    let end = min(start + Self.batchSize, total)
                    var cached = 0
                    for index in start..<end {
                        let (outcome, fromCache) = HeaderReader.read(
                            candidates[index], in: cursor, cached: lookup?.entry(at: index))
                        let slot = slots.buffer.baseAddress.unsafelyUnwrapped + index
                        switch outcome {
                        case .photo(let photo, let warning):
                            slot.initialize(to: photo)
                            if let warning { mine.append((index, warning, false)) }
                        case .rejected(let diagnostic):
                            slot.initialize(to: Self.placeholder)
                            mine.append((index, diagnostic, true))
                        }
                        if fromCache { cached += 1 }
                    }
                    shared.cached.wrappingAdd(cached, ordering: .relaxed)
                    shared.finished(end - start, of: total)
                }
                if !mine.isEmpty { shared.findings.withLock { $0.append(contentsOf: mine) } }
            }
            if workers <= 1 {
                work(0)
            } else {
                ParallelWork.run(workers: workers, work)
            }
            initialized = total
        }
        let findings = shared.findings.withLock { $0 }.sorted { $0.candidate < $1.candidate }
        // Close up the places of rejected files, keeping the photos in order.
        let rejected = findings.filter(\.rejected).map(\.candidate)
        if !rejected.isEmpty {
            var kept = 0
            var nextRejected = 0
            for index in photos.indices {
                if nextRejected < rejected.count && rejected[nextRejected] == index {
                    nextRejected += 1
                    continue
                }
                if kept != index { photos.swapAt(kept, index) }
                kept += 1
            }
            photos.removeLast(photos.count - kept)
        }
        return HeaderReads(
            photos: photos, findings: findings.map { ($0.candidate, $0.diagnostic) },
            cachedCount: shared.cached.load(ordering: .relaxed))
    }

    /// What a rejected file's place holds until the places are closed up.
    fileprivate static let placeholder = ScannedPhoto(
        relativePath: "", format: .jpeg, storedWidth: 0, storedHeight: 0, orientation: 1,
        byteSize: 0)
}

/// The cache entry of each candidate, found by the header workers themselves. The entry is
/// usually at the candidate's own index (the folder is as the cache saw it); only when one is not
/// are all candidates paired with entries in listing order, once (``ScanCache/positions(of:)``),
/// for every worker to use. So a rebuild where nothing was added or removed pairs nothing, and
/// any other costs one pass, never a search per file.
private final class CacheLookup: Sendable {
    let cache: ScanCache
    private let candidates: [Candidate]
    private let folders: [ListedFolder]
    private let positions = Mutex<[Int?]?>(nil)

    init(cache: ScanCache, candidates: [Candidate], folders: [ListedFolder]) {
        self.cache = cache
        self.candidates = candidates
        self.folders = folders
    }

    func entry(at index: Int) -> ScanCache.Entry? {
        let candidate = candidates[index]
        if index < cache.entries.count
            && folders[candidate.folder].relativePath(
                of: candidate, is: cache.entries[index].photo.relativePath)
        {
            return cache.entries[index]
        }
        let positions = self.positions.withLock { positions in
            if positions == nil {
                positions = cache.positions(
                    of: candidates.map { folders[$0.folder].relativePath(of: $0) })
            }
            return positions.unsafelyUnwrapped
        }
        return positions[index].map { cache.entries[$0] }
    }
}

/// Counters the header workers share.
private final class SharedProgress: Sendable {
    /// The next unclaimed candidate index.
    let claimed = Atomic<Int>(0)
    /// Candidates taken from the cache.
    let cached = Atomic<Int>(0)
    let progress: (@Sendable (Int, Int) -> Void)?
    /// Headers read so far; the lock also serialises the callback so `done` never goes backwards.
    let done = Mutex<Int>(0)
    /// Rejections and warnings, with the index of their candidate, in the order workers found them.
    let findings = Mutex<[(candidate: Int, diagnostic: ScanDiagnostic, rejected: Bool)]>([])

    init(progress: (@Sendable (Int, Int) -> Void)?) {
        self.progress = progress
    }

    func finished(_ count: Int, of total: Int) {
        done.withLock { done in
            done += count
            progress?(done, total)
        }
    }
}

/// The output buffer handed to the workers; safe because the workers write disjoint indices.
private struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
