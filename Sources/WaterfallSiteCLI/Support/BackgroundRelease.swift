import Dispatch

/// Gives a large value's memory back on another thread. A build of 100,000 photos ends holding
/// hundreds of thousands of small allocations (paths, cache entries), and freeing them one by one
/// on the way out took longer than anything else a no-change rebuild does after the scan; when the
/// process exits first, nothing needs freeing at all.
enum BackgroundRelease {
    static func drop<Value>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.empty() }
    }

    private final class Box<Value>: @unchecked Sendable {
        private var value: Value?

        init(_ value: consuming Value) {
            self.value = value
        }

        /// Drops the value here, on the thread that calls it.
        func empty() {
            value = nil
        }
    }
}
