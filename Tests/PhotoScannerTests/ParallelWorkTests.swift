import Foundation
import Synchronization
import Testing

@testable import PhotoScanner

/// The workers the scanner starts for each of its parallel phases.
@Suite("Parallel work")
struct ParallelWorkTests {
    /// The `Cpus_allowed_list` line of the calling thread's status: which processors it may use.
    static func allowedProcessors() -> String? {
        guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
        else { return nil }
        return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }.map(
            String.init)
    }

    @Test(
        "every worker runs once, worker 0 on the calling thread, the others on threads of their own",
        arguments: [1, 2, 5])
    func everyWorkerOnce(workers: Int) {
        let caller = pthread_self()
        let seen = Mutex<[(worker: Int, thread: pthread_t)]>([])
        ParallelWork.run(workers: workers) { worker in
            seen.withLock { $0.append((worker, pthread_self())) }
        }
        let runs = seen.withLock { $0 }
        #expect(runs.map(\.worker).sorted() == Array(0..<workers))
        for run in runs {
            #expect(
                (pthread_equal(run.thread, caller) != 0) == (run.worker == 0),
                "worker \(run.worker)")
        }
    }

    @Test("no workers, no work")
    func none() {
        let calls = Atomic<Int>(0)
        ParallelWork.run(workers: 0) { _ in calls.add(1, ordering: .relaxed) }
        #expect(calls.load(ordering: .relaxed) == 0)
    }

    @Test("a worker may run on every processor the process may")
    func notPinned() throws {
        let own = try #require(Self.allowedProcessors(), "no /proc/thread-self/status here")
        let workers = Mutex<[String?]>([])
        ParallelWork.run(workers: 3) { worker in
            if worker > 0 { workers.withLock { $0.append(Self.allowedProcessors()) } }
        }
        #expect(workers.withLock { $0 } == [own, own])
    }
}
