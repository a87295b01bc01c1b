import Foundation

/// Work that runs on its own thread while the caller goes on; ``wait()`` joins it and returns its
/// value or rethrows its error.
final class BackgroundWork<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcome: Result<Value, CommandError>?

    init(_ work: @escaping @Sendable () throws(CommandError) -> Value) {
        let thread = Thread { [self] in
            let outcome: Result<Value, CommandError>
            do throws(CommandError) { outcome = .success(try work()) } catch { outcome = .failure(error) }
            condition.lock()
            self.outcome = outcome
            condition.broadcast()
            condition.unlock()
        }
        thread.start()
    }

    @discardableResult
    func wait() throws(CommandError) -> Value {
        condition.lock()
        while outcome == nil { condition.wait() }
        let outcome = self.outcome!
        condition.unlock()
        return try outcome.get()
    }
}
