import Synchronization

extension ParallelWork {
    /// Calls `body` with every index below `count` on at most `jobs` threads, each claiming the
    /// next index when it is done with one.
    ///
    /// After a failure no index above it is started, and the error thrown is the lowest failing
    /// index's: every index below it ran to its end (one claimed before the failure was seen
    /// still runs), so it is the error a loop of one index after the other would have met first.
    public static func forEach<Failure: Error>(
        _ count: Int, jobs: Int, _ body: @Sendable (Int) throws(Failure) -> Void
    ) throws(Failure) {
        guard count > 0 else { return }
        let next = Atomic(0)
        let failures = Mutex<[Int: Failure]>([:])
        withoutActuallyEscaping(body) { body in
            run(workers: min(count, max(1, jobs))) { _ in
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    // Claimed but not started when a lower index failed: a thread can be
                    // held up between its claim and this check while others fail above it.
                    guard index < count, failures.withLock({ $0.keys.allSatisfy { $0 > index } })
                    else { return }
                    do throws(Failure) {
                        try body(index)
                    } catch {
                        failures.withLock { $0[index] = error }
                    }
                }
            }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key } }) { throw first.value }
    }

    /// `transform` of every index below `count`, in index order, computed as ``forEach(_:jobs:_:)``
    /// calls its body (and failing as it fails).
    public static func map<Value: Sendable, Failure: Error>(
        _ count: Int, jobs: Int, _ transform: @Sendable (Int) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        let results = Slots<Value>(count: count)
        try forEach(count, jobs: jobs) { index throws(Failure) in
            results.store(try transform(index), at: index)
        }
        return results.values()
    }

    /// `transform` of the indices below `count` cut into runs of at least `minimum` (as many runs
    /// as jobs), joined in the runs' order: the list `transform(0..<count)` gives, for per-item
    /// work too small to hand out item by item (merging 100,000 metadata rows).
    public static func mapRuns<Value: Sendable>(
        _ count: Int, jobs: Int, minimum: Int,
        _ transform: @Sendable (Range<Int>) -> [Value]
    ) -> [Value] {
        let runs = runRanges(count, jobs: jobs, minimum: minimum)
        guard runs.count > 1 else { return transform(0..<count) }
        return map(runs.count, jobs: runs.count) { transform(runs[$0]) }.flatMap { $0 }
    }

    /// Calls `body` with the indices below `count` cut into runs as ``mapRuns(_:jobs:minimum:_:)``
    /// cuts them, for work that writes each index's result in place (a buffer of 100,000 photos
    /// filled without a second copy).
    public static func forEachRun(
        _ count: Int, jobs: Int, minimum: Int, _ body: @Sendable (Range<Int>) -> Void
    ) {
        let runs = runRanges(count, jobs: jobs, minimum: minimum)
        forEach(runs.count, jobs: runs.count) { body(runs[$0]) }
    }

    /// `0..<count` in as many runs as jobs, each at least `minimum` long (one run at least).
    private static func runRanges(_ count: Int, jobs: Int, minimum: Int) -> [Range<Int>] {
        let runs = max(1, min(jobs, count / max(1, minimum)))
        return (0..<runs).map { (count * $0 / runs)..<(count * ($0 + 1) / runs) }
    }
}

/// One result per index, each written once by the thread that computed it.
private final class Slots<Value: Sendable>: Sendable {
    private let storage: Mutex<[Value?]>

    init(count: Int) { storage = Mutex([Value?](repeating: nil, count: count)) }

    func store(_ value: Value, at index: Int) { storage.withLock { $0[index] = value } }

    /// Every slot's value; call once every index has been stored.
    func values() -> [Value] { storage.withLock { $0.map { $0! } } }
}
