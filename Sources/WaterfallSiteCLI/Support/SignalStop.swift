import SiteBuild
import Synchronization
import Workers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ctrl-C (SIGINT) and SIGTERM while `serve` runs. Between builds the process is told through a
/// pipe, so the watcher's wait ends, the server closes its connections and the command exits 0.
/// During a build (see ``building(_:)``) the build is abandoned at once, as ``Interruption``
/// abandons one of `build`: the previous site stays whole and the process exits 128 + the
/// signal's number (130 for Ctrl-C). A second signal ends the process at once, whatever it is
/// doing.
///
/// A plain C handler writing one byte, not a dispatch source: builds install and cancel their
/// own handling many times over a session, and a signal must never get lost between them. A
/// thread of its own reads the byte, because a build's clean-up cannot run in a signal handler.
public final class SignalStop: @unchecked Sendable {
    /// Where the handler writes; a signal handler cannot reach an instance.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    /// Signals seen so far, counted in the handler, which exits on the second.
    nonisolated(unsafe) private static var count: Int32 = 0
    /// Readable once a signal has asked `serve` to stop between builds: a watcher's wait polls it
    /// beside its own events.
    public let readEnd: Int32
    private let stopWriteEnd: Int32

    private struct State {
        var building = false
        var stopAsked = false
    }
    private let state = Mutex(State())

    /// Catches SIGINT and SIGTERM until ``cancel()``.
    public init() throws(CommandError) {
        var signalEnds: [Int32] = [0, 0]
        var stopEnds: [Int32] = [0, 0]
        guard pipe(&signalEnds) == 0 else {
            throw .failed("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        guard pipe(&stopEnds) == 0 else {
            close(signalEnds[0])
            close(signalEnds[1])
            throw .failed("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        readEnd = stopEnds[0]
        stopWriteEnd = stopEnds[1]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
        _ = fcntl(signalEnds[1], F_SETFL, O_NONBLOCK)
        for descriptor in signalEnds + stopEnds { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        Self.writeEnd = signalEnds[1]
        let signalReadEnd = signalEnds[0]
        guard ParallelWork.detach({ [self] in watch(signalReadEnd) }) else {
            throw .failed("cannot start the thread that handles Ctrl-C")
        }
        Interruption.standsAside.store(true, ordering: .releasing)
        // A parent may start us with the signals blocked (Foundation's Process does): unblock
        // them here, before the server's thread starts and inherits the mask.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                SignalStop.count += 1
                // The first signal's clean-up may wait for a swap; the user asked twice.
                if SignalStop.count > 1 { _exit(128 + number) }
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalStop.writeEnd, &byte, 1)
            }
        }
    }

    /// Whether a signal has asked `serve` to stop.
    public var fired: Bool {
        var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    /// Runs `build` unless a signal has already asked to stop (then false, and `build` does not
    /// run). A signal while it runs abandons the build (see ``Interruption``) and ends the
    /// process; it never returns to a caller that was told to stop.
    public func building(_ build: () -> Void) -> Bool {
        let starts = state.withLock { state in
            guard !state.stopAsked else { return false }
            state.building = true
            return true
        }
        guard starts else { return false }
        build()
        state.withLock { $0.building = false }
        return true
    }

    /// Gives the signals their default meaning back.
    public func cancel() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        Interruption.standsAside.store(false, ordering: .releasing)
    }
}

extension SignalStop {
    /// The signal thread: waits for the handler's byte and stops the build or the serving.
    private func watch(_ signalReadEnd: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = read(signalReadEnd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return }
            let abandons = state.withLock { state in
                if state.building { return true }
                state.stopAsked = true
                return false
            }
            guard abandons else {
                var one: UInt8 = 1
                _ = write(stopWriteEnd, &one, 1)
                continue
            }
            // The build's staging folder goes (waiting for a swap in progress, so the output is
            // the previous site or the new one, whole); the build then fails its next write and
            // waits for the exit rather than reporting that failure.
            Interruption.abandonStandingAside()
            var notice =
                "\ninterrupted: the build was abandoned; the site in the output folder is whole"
                + " (the previous one, unless this build had already put its own in place)\n"
            notice.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(128 + Int32(byte))
        }
    }
}
