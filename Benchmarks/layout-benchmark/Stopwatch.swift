#if canImport(Glibc)
    import Glibc
#endif

/// Wall-clock and this thread's CPU time around a piece of work.
///
/// CPU time (user + system, `CLOCK_THREAD_CPUTIME_ID`) is the "one core" figure: on a machine
/// shared with other builds, wall time also counts the time the scheduler gave to others.
struct Stopwatch {
    /// Seconds of wall-clock and thread CPU time.
    struct Reading {
        var wall: Double
        var cpu: Double
    }

    static func measure(_ body: () throws -> Void) rethrows -> Reading {
        let clock = ContinuousClock()
        let cpuStart = threadCPUSeconds()
        let elapsed = try clock.measure(body)
        let cpu = threadCPUSeconds() - cpuStart
        return Reading(
            wall: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds)
                * 1e-18,
            cpu: cpu
        )
    }

    private static func threadCPUSeconds() -> Double {
        #if canImport(Glibc)
            var now = timespec()
            guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return 0 }
            return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
        #else
            return 0
        #endif
    }
}
