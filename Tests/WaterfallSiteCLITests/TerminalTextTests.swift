import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

@Suite("Terminal-safe text")
struct TerminalTextTests {
    @Test("control characters are escaped; line breaks only when kept")
    func escapes() {
        #expect(TerminalText.safe("plain café.jpg") == "plain café.jpg")
        #expect(TerminalText.safe("\u{1B}]0;pwned\u{07}.jpg") == #"\x1B]0;pwned\x07.jpg"#)
        #expect(TerminalText.safe("a\nb\tc\u{7F}\u{9B}") == #"a\x0Ab\x09c\x7F\x9B"#)
        #expect(TerminalText.safe("a\nb", keepingLineBreaks: true) == "a\nb")
        #expect(TerminalText.safe("abc\u{202E}gpj.exe") == #"abc\u{202E}gpj.exe"#)
    }

    @Test("a console escapes what it writes")
    func console() {
        let captured = CapturedRun(["scan", "/nonexistent/\u{1B}[2J"])
        #expect(captured.exitCode == .failure)
        #expect(!captured.error.contains("\u{1B}"))
        #expect(captured.error.contains(#"\x1B[2J"#))
    }
}
