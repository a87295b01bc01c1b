import Testing

@testable import WaterfallSiteCLI

@Suite("Exit leftovers")
struct ExitLeftoversTests {
    final class Tracked {}

    // Only the executable arms ExitLeftovers (it exits right after the command); tests run
    // commands in-process, so what a command hands over must be freed as usual.
    @Test("unarmed, nothing handed over is kept")
    func unarmedKeepsNothing() {
        weak var tracked: Tracked?
        do {
            let value = Tracked()
            tracked = value
            ExitLeftovers.keep(value, [value])
        }
        #expect(tracked == nil)
    }
}
