import Foundation

/// Where a command writes: results to standard output, everything for people to standard error.
///
/// Injected as a value so tests can capture both streams in memory.
public struct Console: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Whether standard error is a terminal: progress indicators only draw there.
    public var errorIsTerminal: Bool

    public init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        errorIsTerminal: Bool
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's real standard output and error.
    public static var standard: Console {
        Console(
            writeOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
            errorIsTerminal: isatty(STDERR_FILENO) == 1
        )
    }

    func print(_ line: String) { writeOutput(line + "\n") }
    func warn(_ line: String) { writeError(line + "\n") }
}
