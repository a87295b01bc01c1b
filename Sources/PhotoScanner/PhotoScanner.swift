import Dispatch
import Foundation
import Synchronization

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

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, excludedFolders: [URL] = []) {
        self.jobs = max(1, jobs)
        self.excludedFolders = excludedFolders
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
        _ root: URL, cache: ScanCache? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws(ScanError) -> ScanResult {
        try scan(root, cacheAfterWalk: { cache }, progress: progress)
    }

    /// Scans `root` recursively, asking for the cache only once the folders are listed, so a
    /// caller can read a large cache file on another thread during the walk.
    public func scan(
        _ root: URL, cacheAfterWalk: () -> ScanCache?, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws(ScanError) -> ScanResult {
        var walker = DirectoryWalker(excludedFolders: excludedFolders.map { $0.standardizedFileURL.path })
        try walker.walk(rootPath: root.path, jobs: jobs)
        let candidates = walker.candidates
        let walkDiagnostics = walker.diagnostics
        let folders = walker.folders
        let cache = cacheAfterWalk()
        let (outcomes, cachedCount) = readHeaders(candidates, folders: folders, cache: cache, progress: progress)

        // Photos in listing order; diagnostics too, the walk's among the readers' where they were found.
        var photos: [ScannedPhoto] = []
        var diagnostics: [ScanDiagnostic] = []
        photos.reserveCapacity(candidates.count)
        var nextWalkDiagnostic = 0
        for index in 0...outcomes.count {
            while nextWalkDiagnostic < walkDiagnostics.count && walkDiagnostics[nextWalkDiagnostic].candidatesBefore == index {
                diagnostics.append(walkDiagnostics[nextWalkDiagnostic].diagnostic)
                nextWalkDiagnostic += 1
            }
            guard index < outcomes.count else { break }
            switch outcomes[index] {
            case .photo(let photo, let warning):
                photos.append(photo)
                if let warning { diagnostics.append(warning) }
            case .rejected(let diagnostic):
                diagnostics.append(diagnostic)
            }
        }
        // The walk's file list and the outcomes (200,000 small allocations at 100,000 photos) are
        // freed on another core, not on the way back to the caller.
        if candidates.count >= 10_000 {
            let garbage = Garbage(candidates: candidates, outcomes: outcomes, walker: walker)
            DispatchQueue.global(qos: .utility).async { garbage.drop() }
        }
        return ScanResult(photos: photos, diagnostics: diagnostics, cachedCount: cachedCount)
    }
}

/// Large values whose last reference is dropped on a background thread.
private final class Garbage: @unchecked Sendable {
    private var candidates: [Candidate]
    private var outcomes: [HeaderOutcome]
    private var walker: DirectoryWalker

    init(candidates: [Candidate], outcomes: [HeaderOutcome], walker: DirectoryWalker) {
        self.candidates = candidates
        self.outcomes = outcomes
        self.walker = walker
    }

    func drop() {
        candidates = []
        outcomes = []
        walker = DirectoryWalker(excludedFolders: [])
    }
}

private extension PhotoScanner {
    /// Files per batch a worker claims: big enough that claiming costs nothing, small enough that
    /// workers finish together.
    static let batchSize = 32

    /// Reads every candidate's header, in parallel when `jobs > 1`; `outcomes[i]` belongs to
    /// `candidates[i]`, so the order never depends on scheduling.
    func readHeaders(
        _ candidates: [Candidate], folders: [ListedFolder], cache: ScanCache?, progress: (@Sendable (Int, Int) -> Void)?
    ) -> ([HeaderOutcome], cachedCount: Int) {
        let total = candidates.count
        progress?(0, total)
        guard total > 0 else { return ([], 0) }
        let lookup = cache.map { CacheLookup(cache: $0, candidates: candidates) }
        let workers = min(jobs, (total + Self.batchSize - 1) / Self.batchSize)
        if workers <= 1 {
            var outcomes: [HeaderOutcome] = []
            outcomes.reserveCapacity(total)
            var cachedCount = 0
            let cursor = FolderCursor(folders: folders)
            for (index, candidate) in candidates.enumerated() {
                let (outcome, fromCache) = HeaderReader.read(candidate, in: cursor, cached: lookup?.entry(at: index))
                outcomes.append(outcome)
                if fromCache { cachedCount += 1 }
                if (index + 1) % Self.batchSize == 0 || index + 1 == total { progress?(index + 1, total) }
            }
            return (outcomes, cachedCount)
        }

        let shared = SharedProgress(progress: progress)
        let outcomes = [HeaderOutcome](unsafeUninitializedCapacity: total) { buffer, initialized in
            // Each index is written by exactly one worker (the one that claimed its batch), so
            // the writes never overlap.
            let slots = UnsafeSendableBuffer(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                let cursor = FolderCursor(folders: folders)
                while true {
                    let start = shared.claimed.wrappingAdd(Self.batchSize, ordering: .relaxed).oldValue
                    guard start < total else { return }
                    let end = min(start + Self.batchSize, total)
                    var cached = 0
                    for index in start..<end {
                        let (outcome, fromCache) = HeaderReader.read(candidates[index], in: cursor, cached: lookup?.entry(at: index))
                        (slots.buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: outcome)
                        if fromCache { cached += 1 }
                    }
                    shared.cached.wrappingAdd(cached, ordering: .relaxed)
                    shared.finished(end - start, of: total)
                }
            }
            initialized = total
        }
        return (outcomes, shared.cached.load(ordering: .relaxed))
    }
}

/// The cache entry of each candidate, found by the header workers themselves. The entry is
/// usually at the candidate's own index (the folder is as the cache saw it); only when one is not
/// are all candidates paired with entries in listing order, once (``ScanCache/positions(of:)``),
/// for every worker to use. So a rebuild where nothing was added or removed pairs nothing, and
/// any other costs one pass, never a search per file.
private final class CacheLookup: Sendable {
    let cache: ScanCache
    private let candidates: [Candidate]
    private let positions = Mutex<[Int?]?>(nil)

    init(cache: ScanCache, candidates: [Candidate]) {
        self.cache = cache
        self.candidates = candidates
    }

    func entry(at index: Int) -> ScanCache.Entry? {
        let path = candidates[index].relativePath
        if index < cache.entries.count && cache.entries[index].photo.relativePath == path { return cache.entries[index] }
        let positions = self.positions.withLock { positions in
            if positions == nil { positions = cache.positions(of: candidates.map(\.relativePath)) }
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
