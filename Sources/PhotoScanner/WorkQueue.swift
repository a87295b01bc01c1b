import Dispatch
import Synchronization

/// Work shared by a fixed number of workers, where doing one item can add more (listing a
/// folder finds its subfolders). A worker asks for the next item, waiting while the queue is
/// empty but others are still busy and may add some; once nothing is queued and nobody is busy,
/// every worker is told the work is done.
///
/// Items are taken last in, first out: the newest items are the folders just found and the
/// files just listed, whose directory entries are still in the CPU's caches.
final class WorkQueue<Item: Sendable>: Sendable {
    private struct State {
        var items: [Item]
        var busy = 0
    }

    private let state: Mutex<State>
    /// One signal per queued item, and one per worker when all work is done.
    private let available = DispatchSemaphore(value: 0)
    private let workers: Int

    init(_ items: [Item], workers: Int) {
        state = Mutex(State(items: items))
        self.workers = workers
        for _ in items { available.signal() }
        if items.isEmpty {
            for _ in 0..<workers { available.signal() }
        }
    }

    /// Queues `items` (from within a worker's item, before it calls ``finished()``).
    func add(_ items: [Item]) {
        guard !items.isEmpty else { return }
        state.withLock { $0.items.append(contentsOf: items) }
        for _ in items { available.signal() }
    }

    /// The next item, or nil when all work is done. Every item taken must be followed by
    /// ``finished()``.
    func next() -> Item? {
        available.wait()
        return state.withLock { state in
            // Woken with nothing queued: only the signal that all work is done does that, since
            // each queued item comes with its own signal.
            guard let item = state.items.popLast() else { return nil }
            state.busy += 1
            return item
        }
    }

    /// Marks the item taken last by this worker as done.
    func finished() {
        let allDone = state.withLock { state in
            state.busy -= 1
            return state.busy == 0 && state.items.isEmpty
        }
        if allDone {
            for _ in 0..<workers { available.signal() }
        }
    }

    /// Runs `perform` on `workers` threads, each taking items until all work is done.
    func run(_ perform: @Sendable (Item, WorkQueue<Item>) -> Void) {
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let item = next() {
                perform(item, self)
                finished()
            }
        }
    }
}
