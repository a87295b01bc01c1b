import SiteBuild

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: results to standard output, everything for people to standard error.
///
/// Injected as a value so tests can capture both streams in memory.
public struct Console: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    /// Writes UTF-8 pieces to standard output in order: a large document goes out as it was
    /// made, without being joined or turned into a `String` first.
    public var writeOutputBytes: @Sendable ([[UInt8]]) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Whether standard error is a terminal: progress indicators only draw there.
    public var errorIsTerminal: Bool

    public init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        errorIsTerminal: Bool
    ) {
        self.writeOutput = writeOutput
        self.writeOutputBytes = { pieces in
            writeOutput(pieces.map { String(decoding: $0, as: UTF8.self) }.joined())
        }
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's real standard output and error, written with write(2) directly: no
    /// buffering to flush, and a reader that has gone away ends the output quietly.
    public static var standard: Console {
        var console = Console(
            writeOutput: { text in writeAll(text, to: STDOUT_FILENO) },
            writeError: { text in writeAll(text, to: STDERR_FILENO) },
            errorIsTerminal: isatty(STDERR_FILENO) == 1
        )
        console.writeOutputBytes = { pieces in
            for piece in pieces { piece.withUnsafeBytes { writeAll($0, to: STDOUT_FILENO) } }
        }
        return console
    }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// write(2) until every byte is out, retrying interrupted and partial writes. Stops quietly
    /// when the reader has gone (a closed pipe): there is nobody left to tell.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Writes `line` to standard output, control characters escaped (see ``TerminalText``).
    public func print(_ line: String) {
        writeOutput(TerminalText.safe(line, keepingLineBreaks: true) + "\n")
    }
    /// Writes `line` to standard error, control characters (such as a file name's) escaped.
    public func warn(_ line: String) {
        writeError(TerminalText.safe(line, keepingLineBreaks: true) + "\n")
    }
}
