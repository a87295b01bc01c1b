import Dispatch
import Testing

@testable import SiteBuild

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a build leaves in memory is freed, and not on the thread that lets go of it.
@Suite("Leftovers: a build's values freed on a thread of their own")
struct LeftoversTests {
    /// Signals when it is freed, and says on which thread.
    final class Probe: @unchecked Sendable {
        let freed: DispatchSemaphore
        let thread: UnsafeMutablePointer<pthread_t>

        init(freed: DispatchSemaphore, thread: UnsafeMutablePointer<pthread_t>) {
            self.freed = freed
            self.thread = thread
        }

        deinit {
            thread.pointee = pthread_self()
            freed.signal()
        }
    }

    @Test("the values are freed after letGo, on another thread")
    func freedElsewhere() {
        let freed = DispatchSemaphore(value: 0)
        let thread = UnsafeMutablePointer<pthread_t>.allocate(capacity: 1)
        defer { thread.deallocate() }
        thread.initialize(to: pthread_self())
        let leftovers = Leftovers(
            [Probe(freed: freed, thread: thread)], "text", Probe(freed: freed, thread: thread))
        // Held until let go.
        #expect(freed.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
        leftovers.letGo()
        #expect(freed.wait(timeout: .now() + .seconds(30)) == .success)
        #expect(freed.wait(timeout: .now() + .seconds(30)) == .success)
        #expect(pthread_equal(thread.pointee, pthread_self()) == 0)
    }
}
