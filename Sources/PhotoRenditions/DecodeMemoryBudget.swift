#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes that decodes running at once may hold together: each job reserves what its photo's
/// decode will take at its peak (``RenditionEncoder`` asks the C shim, which reads the codec's
/// own header) before it decodes, and waits while the reservations of the others leave too
/// little, so `--jobs` never multiplies a decompression bomb.
///
/// A photo whose decode alone needs more than the whole budget is not refused: it waits until
/// every other reservation is released and then decodes alone. The pixel limit
/// (`--max-pixels`) is what bounds one photo; the budget bounds how many run together, and a
/// quarter of memory (the default) is less than one large photo needs on a small machine, where
/// refusing would fail builds that work one photo at a time. Reservations are served in the
/// order they were asked for, so a large photo is not passed over forever by small ones.
///
/// The waiting is a POSIX condition variable: Synchronization's `Mutex` has no way to sleep until
/// another thread releases, and a job that polls would spend a core the others need.
public final class DecodeMemoryBudget: @unchecked Sendable {
    /// The bytes all reservations together may hold.
    public let capacity: UInt64

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var held: UInt64 = 0
    private var nextTicket: UInt64 = 0
    private var serving: UInt64 = 0
    private var largestHeld: UInt64 = 0

    /// A budget of `capacity` bytes (at least 1).
    public init(capacity: UInt64) {
        self.capacity = max(1, capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        changed.deallocate()
    }

    /// A quarter of the machine's physical memory (`sysconf`), or 1 GiB where it cannot say.
    public static var defaultCapacity: UInt64 {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, pageSize > 0 else { return 1 << 30 }
        return UInt64(pages) * UInt64(pageSize) / 4
    }

    /// Waits until `bytes` fit beside the other reservations (or, for more than the whole
    /// budget, until no other is held) and takes them; returns what was taken, to hand back to
    /// ``release(_:)``.
    public func reserve(_ bytes: UInt64) -> UInt64 {
        let taken = min(bytes, capacity)
        pthread_mutex_lock(mutex)
        let ticket = nextTicket
        nextTicket += 1
        while ticket != serving || capacity - held < taken {
            pthread_cond_wait(changed, mutex)
        }
        held += taken
        largestHeld = max(largestHeld, held)
        serving += 1
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        return taken
    }

    /// Hands back what ``reserve(_:)`` took, waking the jobs that wait for room.
    public func release(_ taken: UInt64) {
        pthread_mutex_lock(mutex)
        held -= min(taken, held)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` holding a reservation of `bytes`, released however it ends.
    public func withReservation<Result, Failure: Error>(
        _ bytes: UInt64, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let taken = reserve(bytes)
        defer { release(taken) }
        return try body()
    }

    /// The bytes reserved now, and the most ever reserved at once: for tests and reports.
    public var reserved: (now: UInt64, most: UInt64) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (held, largestHeld)
    }
}
