import Foundation
import Synchronization
import Testing

@testable import Workers

/// The threads every parallel phase of a build runs on.
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

/// The loops every parallel phase of a build uses, each honouring `--jobs`.
@Suite("Parallel work over items")
struct ParallelItemsTests {
    struct Failed: Error, Equatable { let index: Int }

    @Test("every index once, on at most `jobs` threads", arguments: [1, 2, 3, 8])
    func everyIndexOnce(jobs: Int) {
        let seen = Mutex<[Int]>([])
        let threads = Mutex<[pthread_t]>([])
        ParallelWork.forEach(500, jobs: jobs) { index in
            seen.withLock { $0.append(index) }
            let me = pthread_self()
            threads.withLock { known in
                if !known.contains(where: { pthread_equal($0, me) != 0 }) { known.append(me) }
            }
        }
        #expect(seen.withLock { $0 }.sorted() == Array(0..<500))
        #expect(threads.withLock { $0.count } <= jobs)
    }

    @Test("one job: every index in order, on the calling thread")
    func oneJob() {
        let caller = pthread_self()
        let seen = Mutex<[Int]>([])
        ParallelWork.forEach(50, jobs: 1) { index in
            #expect(pthread_equal(pthread_self(), caller) != 0)
            seen.withLock { $0.append(index) }
        }
        #expect(seen.withLock { $0 } == Array(0..<50))
    }

    @Test("the lowest failing index's error, and no index claimed after a failure is seen")
    func lowestFailure() {
        let ran = Atomic(0)
        #expect(throws: Failed(index: 3)) {
            try ParallelWork.forEach(100, jobs: 1) { index throws(Failed) in
                ran.add(1, ordering: .relaxed)
                if index == 3 || index == 7 { throw Failed(index: index) }
            }
        }
        #expect(ran.load(ordering: .relaxed) == 4)
        // Threads that claimed an index past the failure before seeing it may fail too: the
        // error is still the lowest index's, and every index below it ran.
        let below = Atomic(0)
        #expect(throws: Failed(index: 200)) {
            try ParallelWork.forEach(10_000, jobs: 4) { index throws(Failed) in
                if index >= 200 { throw Failed(index: index) }
                below.add(1, ordering: .relaxed)
            }
        }
        #expect(below.load(ordering: .relaxed) == 200)
    }

    @Test("map keeps the indices' order", arguments: [1, 2, 5])
    func mapOrder(jobs: Int) {
        #expect(ParallelWork.map(1_000, jobs: jobs) { $0 * $0 } == (0..<1_000).map { $0 * $0 })
        #expect(ParallelWork.map(0, jobs: jobs) { $0 }.isEmpty)
    }

    @Test("runs join into the list one run over everything gives", arguments: [1, 2, 3])
    func runs(jobs: Int) {
        let ranges = Mutex<[Range<Int>]>([])
        let joined = ParallelWork.mapRuns(10_007, jobs: jobs, minimum: 1_000) { range in
            ranges.withLock { $0.append(range) }
            return range.map { $0 + 1 }
        }
        #expect(joined == Array(1...10_007))
        #expect(ranges.withLock { $0.count } == jobs)
        // Too few items for two runs of the minimum: one run.
        ranges.withLock { $0 = [] }
        _ = ParallelWork.mapRuns(1_500, jobs: jobs, minimum: 1_000) { range in
            ranges.withLock { $0.append(range) }
            return Array(range)
        }
        #expect(ranges.withLock { $0 } == [0..<1_500])
    }
}
