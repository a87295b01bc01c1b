import Foundation
import Synchronization
import Testing

@testable import PhotoRenditions

/// The memory budget decodes reserve: a reservation that does not fit waits (asleep) until
/// others release; one larger than the whole budget waits for every other and runs alone.
@Suite("Decode memory budget")
struct DecodeMemoryBudgetTests {
    /// Runs `body` on a new thread; the returned flag turns true when it has finished.
    static func start(_ body: @escaping @Sendable () -> Void) -> DoneFlag {
        let done = DoneFlag()
        Thread {
            body()
            done.value.store(true, ordering: .sequentiallyConsistent)
        }.start()
        return done
    }

    /// Waits up to `seconds` for `flag`; its value then.
    static func settle(_ flag: DoneFlag, seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !flag.value.load(ordering: .sequentiallyConsistent) && Date() < end {
            Thread.sleep(forTimeInterval: 0.01)
        }
        return flag.value.load(ordering: .sequentiallyConsistent)
    }

    @Test("A reservation that does not fit waits until another is released")
    func waitsForRoom() {
        let budget = DecodeMemoryBudget(capacity: 100)
        let first = budget.reserve(60)
        let second = Self.start { budget.release(budget.reserve(60)) }
        #expect(!Self.settle(second, seconds: 0.3), "60 + 60 bytes must not fit in 100")
        #expect(budget.reserved.now == 60)
        budget.release(first)
        #expect(Self.settle(second, seconds: 10))
        #expect(budget.reserved.now == 0)
        #expect(budget.reserved.most == 60)
    }

    @Test("Reservations that fit together are held at once")
    func fitTogether() {
        let budget = DecodeMemoryBudget(capacity: 100)
        let a = budget.reserve(40)
        let b = budget.reserve(50)
        #expect(budget.reserved.now == 90)
        budget.release(a)
        budget.release(b)
        #expect(budget.reserved == (0, 90))
    }

    @Test("A photo larger than the whole budget waits for every other and decodes alone")
    func oversizeRunsAlone() {
        let budget = DecodeMemoryBudget(capacity: 100)
        let small = budget.reserve(10)
        let large = Self.start {
            let taken = budget.reserve(1_000)
            #expect(taken == 100)
            #expect(budget.reserved.now == 100)
            budget.release(taken)
        }
        #expect(!Self.settle(large, seconds: 0.3), "the large one must wait for the small one")
        // Served in order: a small one asked for after the large one waits behind it.
        let later = Self.start { budget.release(budget.reserve(10)) }
        #expect(!Self.settle(later, seconds: 0.2))
        budget.release(small)
        #expect(Self.settle(large, seconds: 10))
        #expect(Self.settle(later, seconds: 10))
        #expect(budget.reserved.most == 100)
    }

    @Test("The default is a quarter of physical memory")
    func defaultCapacity() {
        let physical = ProcessInfo.processInfo.physicalMemory
        #expect(DecodeMemoryBudget.defaultCapacity == physical / 4)
    }
}

/// A flag a thread sets when it has finished, read by the test's thread.
final class DoneFlag: Sendable {
    let value = Atomic<Bool>(false)
}
