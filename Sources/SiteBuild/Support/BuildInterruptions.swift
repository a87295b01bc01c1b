/// Ctrl-C and SIGTERM during a build. The command line owns the process's signals and the
/// terminal, so it handles them (its `Interruption`); SiteBuild only says what to clean up and
/// asks whether a signal came.
public protocol BuildInterruptions: Sendable {
    /// Watches for a signal until the watch is cancelled: on one, `cleanUp` runs (it removes the
    /// staging folder, or waits for a swap in progress) and the process ends.
    func watch(cleanUp: @escaping @Sendable () -> Void) -> any InterruptionWatch
}

/// One build's watch for a signal (see ``BuildInterruptions/watch(cleanUp:)``).
public protocol InterruptionWatch: Sendable {
    /// Whether a signal arrived; the build's own error path then leaves the exit to the handler.
    var fired: Bool { get }
    /// Blocks the calling thread while the handler cleans up and ends the process.
    func waitForExit() -> Never
    /// Stops watching, once the build no longer needs cleaning up after.
    func cancel()
}

/// No signal handling: a build run by a library user or a test leaves the process's signals as
/// they are, and nothing is ever interrupted.
public struct UnwatchedInterruptions: BuildInterruptions {
    public init() {}

    public func watch(cleanUp: @escaping @Sendable () -> Void) -> any InterruptionWatch {
        Unwatched()
    }

    private struct Unwatched: InterruptionWatch {
        var fired: Bool { false }
        func waitForExit() -> Never {
            preconditionFailure(
                "an unwatched build is never interrupted, so never waits for the exit")
        }
        func cancel() {}
    }
}
