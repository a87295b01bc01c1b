#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way a build runs work in parallel: on at most `--jobs` threads, the calling thread
/// one of them, each claiming the next item when it is done with one (items differ in cost: a
/// fixed share each can leave a core idle at the end).
///
/// Threads of its own rather than Dispatch's: work that runs beside a parallel phase (reading
/// the previous build's records, linking originals: `BackgroundWork`) must never wait for a
/// Dispatch worker that the phase keeps busy.
public enum ParallelWork {
    /// Runs `body(0)` … `body(workers - 1)` at once: the first on the calling thread, each other
    /// on a thread started for it, and returns when all have finished.
    ///
    /// Each worker used to start pinned to a processor other than its creator's, so the scheduler
    /// would not queue it behind the creator first; that gained under 3% of a two-job scan and
    /// was dropped (`Sources/ProcessFittings/README.md`).
    public static func run(workers: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard workers > 1 else {
            if workers == 1 { body(0) }
            return
        }
        var threads: [pthread_t] = []
        threads.reserveCapacity(workers - 1)
        for worker in 1..<workers {
            if let thread = start({ body(worker) }) {
                threads.append(thread)
            } else {
                // No thread to be had: this part runs on the calling thread.
                body(worker)
            }
        }
        body(0)
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Runs `body` on a thread of its own, started as ``run(workers:_:)`` starts its workers, and
    /// returns at once; false when no thread could be started (`body` has then not run).
    public static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = start(body) else { return false }
        pthread_detach(thread)
        return true
    }

    /// A thread started to run `body`.
    private static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(Job(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Job>.fromOpaque(context.unsafelyUnwrapped).takeRetainedValue().body()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// A thread's work, as an object its context pointer can carry.
    private final class Job {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
