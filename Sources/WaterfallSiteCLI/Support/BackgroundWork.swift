import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work that runs on its own thread while the caller goes on; ``wait()`` joins it and returns its
/// value or rethrows its error.
///
/// A thread of its own, not a Dispatch queue: the work (reading the previous build's cache,
/// linking originals) runs while the caller keeps every Dispatch worker busy, and must not wait
/// for one of them.
final class BackgroundWork<Value>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<Value, CommandError>?

    init(_ work: @escaping @Sendable () throws(CommandError) -> Value) {
        let body = Body { [self] in
            do throws(CommandError) { outcome = .success(try work()) } catch { outcome = .failure(error) }
            finished.signal()
        }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context.unsafelyUnwrapped).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(body).toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: the work runs now, on the caller's.
            Unmanaged.passUnretained(body).release()
            body.run()
        }
    }

    /// The work's value, once it has finished; may be called again.
    @discardableResult
    func wait() throws(CommandError) -> Value {
        finished.wait()
        // The semaphore's signal stays for the next call; the write of `outcome` happened before it.
        finished.signal()
        return try outcome.unsafelyUnwrapped.get()
    }
}

/// The closure a new thread runs, as an object its context pointer can carry.
private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
