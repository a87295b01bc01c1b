import Dispatch
import Foundation

/// Cleans up when the user presses Ctrl-C (or the process gets SIGTERM) during a build, so an
/// interrupted build leaves no half-written staging folder behind, then exits 130 as shells expect.
final class Interruption: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var firedFlag = false

    /// Whether a signal arrived; the build's own error path then leaves the exit to the handler.
    var fired: Bool { lock.withLock { firedFlag } }

    init(cleanUp: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                lock.withLock { firedFlag = true }
                cleanUp()
                FileHandle.standardError.write(Data("\ninterrupted: the previous site was left as it was\n".utf8))
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// Blocks the calling thread while the signal handler cleans up and ends the process.
    func waitForExit() -> Never {
        while true { sleep(1) }
    }

    /// Restores the default handling once the build no longer needs cleaning up after.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
