import Workers

/// What a build leaves in memory when it ends (the metadata's table, the catalogue, the scan, the
/// records), freed on a thread of its own so the caller returns without waiting for it.
///
/// At 100,000 photos of 25,000 products, freeing them on the build's thread took 10–15% of a
/// no-change rebuild's time on that thread (the tables' entries, then `munmap` and `brk`). The
/// command line exits meanwhile, and the system takes the memory back whole; `serve` goes on
/// while the thread frees it.
///
/// Unchecked: after `init` the values are touched once, by ``letGo()``'s thread.
final class Leftovers: @unchecked Sendable {
    private var values: [Any]

    /// Holds `values` until ``letGo()``. The caller's own references must be gone by then (held
    /// only here), or the last of them frees the value where it goes.
    init(_ values: Any...) {
        self.values = values
    }

    /// Frees the values on a thread of its own, or on this one when no thread can be started.
    func letGo() {
        if !ParallelWork.detach({ self.values = [] }) { values = [] }
    }
}
