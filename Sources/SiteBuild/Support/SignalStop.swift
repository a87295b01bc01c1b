import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ctrl-C (SIGINT) and SIGTERM while `serve` runs: instead of dying, the process is told
/// through a pipe, so the watcher's wait ends, the server closes its connections and the
/// command exits 0. A build in progress runs to its end first (it swaps the new site in or
/// leaves the old one); ``Interruption`` stands aside while this is installed.
///
/// A plain C handler writing one byte, not a dispatch source: builds install and cancel their
/// own handling many times over a session, and a signal must never get lost between them.
public final class SignalStop {
    /// Where the handler writes; a signal handler cannot reach an instance.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    /// Readable once a signal has arrived: a watcher's wait polls it beside its own events.
    public let readEnd: Int32

    /// Catches SIGINT and SIGTERM until ``cancel()``.
    public init() throws(CommandError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw .failed("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        readEnd = ends[0]
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        Self.writeEnd = ends[1]
        Interruption.standsAside.store(true, ordering: .releasing)
        // A parent may start us with the signals blocked (Foundation's Process does): unblock
        // them here, before the server's thread starts and inherits the mask.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(SignalStop.writeEnd, &byte, 1)
            }
        }
    }

    /// Whether a signal has arrived.
    public var fired: Bool {
        var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    /// Gives the signals their default meaning back.
    public func cancel() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        Interruption.standsAside.store(false, ordering: .releasing)
    }
}
