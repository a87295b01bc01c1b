import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A list's items worked on in runs, one run per core at once, for per-item work too small
/// to hand out item by item (merging and checking 100,000 metadata rows).
///
/// Measured on the products' warm rebuild (25,000 products of 4 photos, 2 cores, `perf`):
/// merging and checking was 24% of its CPU, all on one core; now three quarters of it is
/// shared by both cores, about 0.3 s less wall-clock time of 3.3 s.
enum ParallelChunks {
    /// What `transform` makes of `count` items cut into runs of at least `minimum` (as many
    /// runs as cores), joined in the runs' order: the same list as `transform(0..<count)`.
    static func map<Result: Sendable>(
        _ count: Int, minimum: Int = 2_000,
        _ transform: @Sendable (Range<Int>) -> [Result]
    ) -> [Result] {
        let runs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / minimum))
        guard runs > 1 else { return transform(0..<count) }
        var results = [[Result]](repeating: [], count: runs)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = RunSlots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                // Each run writes its own slot only.
                slots.buffer[run] = transform((count * run / runs)..<(count * (run + 1) / runs))
            }
        }
        return results.flatMap { $0 }
    }
}

/// The runs' results, each run writing only its own slot.
private struct RunSlots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
