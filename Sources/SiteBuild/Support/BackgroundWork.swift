import Dispatch
import Workers

/// Work that runs on its own thread while the caller goes on; ``wait()`` joins it and returns its
/// value or rethrows its error.
///
/// A thread of its own, not a Dispatch queue: the work (reading the previous build's cache,
/// linking originals) runs while the caller keeps every Dispatch worker busy, and must not wait
/// for one of them.
final class BackgroundWork<Value>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<Value, SiteBuildError>?

    init(_ work: @escaping @Sendable () throws(SiteBuildError) -> Value) {
        let body: @Sendable () -> Void = { [self] in
            do throws(SiteBuildError) { outcome = .success(try work()) } catch {
                outcome = .failure(error)
            }
            finished.signal()
        }
        // No thread to be had: the work runs now, on the caller's.
        if !ParallelWork.detach(body) { body() }
    }

    /// The work's value, once it has finished; may be called again.
    @discardableResult
    func wait() throws(SiteBuildError) -> Value {
        finished.wait()
        // The semaphore's signal stays for the next call; the write of `outcome` happened before it.
        finished.signal()
        return try outcome.unsafelyUnwrapped.get()
    }
}
