import SiteBuild
import SiteRenderer
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A one-line progress indicator on standard error, drawn only on a terminal and never with
/// `--quiet`, so piped or scripted runs see no control characters.
public final class Progress: BuildProgress {
    private let console: Console
    private let enabled: Bool
    private let state = Mutex(State())

    /// What was drawn last.
    private struct State {
        var phase = ""
        var lastDraw = 0.0
        var drawn = false
    }

    public init(console: Console, quiet: Bool) {
        self.console = console
        self.enabled = console.errorIsTerminal && !quiet
    }

    /// Shows `phase` with `done` of `total`, at most ten times a second.
    public func update(_ phase: String, done: Int, total: Int) {
        guard enabled else { return }
        state.withLock { state in
            let now = Date().timeIntervalSinceReferenceDate
            guard phase != state.phase || now - state.lastDraw >= 0.1 || done == total else {
                return
            }
            state.phase = phase
            state.lastDraw = now
            let percent = total > 0 ? done * 100 / total : 100
            console.writeError(
                "\r\u{1B}[2K\(phase) \(NumberText.grouped(done))/\(NumberText.grouped(total)) (\(percent)%)"
            )
            state.drawn = true
        }
    }

    /// Clears the line, so the summary or a warning starts on a clean line.
    public func finish() {
        guard enabled else { return }
        state.withLock { state in
            if state.drawn { console.writeError("\r\u{1B}[2K") }
            state.drawn = false
        }
    }
}
