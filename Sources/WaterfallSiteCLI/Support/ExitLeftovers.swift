import Synchronization

/// Large values a command drops just before the process exits. Freeing a no-change rebuild's
/// 100,000 photos, paths, plan and cache one allocation at a time took 7 ms of its 0.2 s, for
/// memory the exit hands back all at once anyway. So when the executable exits right after the
/// command (``WaterfallSite/run(_:console:exitsAfterwards:)``), commands hand their large values
/// to ``keep(_:)`` and they are never freed. In-process callers, the tests among them, are not
/// armed: everything is freed as usual.
enum ExitLeftovers {
    private static let armed = Atomic<Bool>(false)

    /// What ``keep(_:)`` holds: one reference, retained once and never released.
    private final class Kept {
        let values: [Any]
        init(_ values: [Any]) { self.values = values }
    }

    /// From now on, ``keep(_:)`` keeps; only for a process that exits after the command.
    static func arm() {
        armed.store(true, ordering: .relaxed)
    }

    /// Frees as usual again: for a command that builds many times in one process (`serve`).
    static func disarm() {
        armed.store(false, ordering: .relaxed)
    }

    /// Keeps `values` alive until the process exits when armed; does nothing otherwise.
    static func keep(_ values: Any...) {
        guard armed.load(ordering: .relaxed) else { return }
        _ = Unmanaged.passRetained(Kept(values))
    }
}
