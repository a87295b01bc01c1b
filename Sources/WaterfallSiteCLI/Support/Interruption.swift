import Dispatch
import SiteBuild
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cleans up when the user presses Ctrl-C (or the process gets SIGTERM) during a build, so an
/// interrupted build leaves no half-written staging folder behind, then exits 130 as shells expect.
public final class Interruption: InterruptionWatch, @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    /// What each signal did before, given back by ``cancel()`` (`serve` handles them itself).
    private var previousHandlers: [(Int32, sighandler_t?)] = []
    private let firedFlag = Atomic<Bool>(false)

    /// Whether a signal arrived; the build's own error path then leaves the exit to the handler.
    public var fired: Bool { firedFlag.load(ordering: .acquiring) }

    /// Set while `serve` handles the signals itself (see ``SignalStop``): a build then installs
    /// no handler, and ``SignalStop`` abandons it through ``abandonStandingAside()``.
    public static let standsAside = Atomic<Bool>(false)
    /// The clean-up of the build running while ``standsAside`` is set, until its ``cancel()``.
    private static let standingAside = Mutex<(@Sendable () -> Void)?>(nil)
    private var isStandingAside = false

    public init(cleanUp: @escaping @Sendable () -> Void) {
        guard !Self.standsAside.load(ordering: .acquiring) else {
            isStandingAside = true
            Self.standingAside.withLock {
                $0 = { [self] in
                    firedFlag.store(true, ordering: .releasing)
                    cleanUp()
                }
            }
            return
        }
        let registered = DispatchSemaphore(value: 0)
        sources = [SIGINT, SIGTERM].map { number in
            previousHandlers.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                firedFlag.store(true, ordering: .releasing)
                cleanUp()
                var notice = "\ninterrupted: the previous site was left as it was\n"
                notice.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
                exit(128 + number)
            }
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            return source
        }
        // The signals are ignored until the sources are registered: returning only then, a
        // signal after init (once the build holds its lock, say) is never lost.
        for _ in sources { registered.wait() }
    }

    /// Blocks the calling thread while the signal handler cleans up and ends the process.
    public func waitForExit() -> Never {
        while true { sleep(1) }
    }

    /// Abandons the build running while ``standsAside`` is set, if any, as a signal would;
    /// returns once its clean-up has run. The caller ends the process.
    static func abandonStandingAside() {
        // Held while the clean-up runs, so the build's cancel() cannot end its clean-up midway.
        standingAside.withLock { cleanUp in cleanUp?() }
    }

    /// Restores the default handling once the build no longer needs cleaning up after.
    public func cancel() {
        if isStandingAside { Self.standingAside.withLock { $0 = nil } }
        for source in sources { source.cancel() }
        for (number, handler) in previousHandlers { signal(number, handler ?? SIG_DFL) }
    }
}

/// The build's signal handling on the command line: each build's watch is an ``Interruption``.
struct SignalInterruptions: BuildInterruptions {
    func watch(cleanUp: @escaping @Sendable () -> Void) -> any InterruptionWatch {
        Interruption(cleanUp: cleanUp)
    }
}
