import Foundation

/// Work that runs on its own thread while the caller goes on; ``wait()`` joins it and rethrows
/// its error.
final class BackgroundWork: @unchecked Sendable {
    private let condition = NSCondition()
    private var finished = false
    private var failure: CommandError?

    init(_ work: @escaping @Sendable () throws(CommandError) -> Void) {
        let thread = Thread { [self] in
            var failure: CommandError?
            do throws(CommandError) { try work() } catch { failure = error }
            condition.lock()
            self.failure = failure
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.start()
    }

    func wait() throws(CommandError) {
        condition.lock()
        while !finished { condition.wait() }
        let failure = self.failure
        condition.unlock()
        if let failure { throw failure }
    }
}
