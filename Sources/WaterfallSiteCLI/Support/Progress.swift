import Foundation
import SiteRenderer

/// A one-line progress indicator on standard error, drawn only on a terminal and never with
/// `--quiet`, so piped or scripted runs see no control characters.
final class Progress: @unchecked Sendable {
    private let console: Console
    private let enabled: Bool
    private let lock = NSLock()
    private var phase = ""
    private var lastDraw = 0.0
    private var drawn = false

    init(console: Console, quiet: Bool) {
        self.console = console
        self.enabled = console.errorIsTerminal && !quiet
    }

    /// Shows `phase` with `done` of `total`, at most ten times a second.
    func update(_ phase: String, done: Int, total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date().timeIntervalSinceReferenceDate
        guard phase != self.phase || now - lastDraw >= 0.1 || done == total else { return }
        self.phase = phase
        lastDraw = now
        let percent = total > 0 ? done * 100 / total : 100
        console.writeError("\r\u{1B}[2K\(phase) \(NumberText.grouped(done))/\(NumberText.grouped(total)) (\(percent)%)")
        drawn = true
    }

    /// Clears the line, so the summary or a warning starts on a clean line.
    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn { console.writeError("\r\u{1B}[2K") }
        drawn = false
    }
}
