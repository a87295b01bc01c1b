/// A problem with a theme file, naming the file and line and saying what to fix.
public struct ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the problem is the file as a whole (missing, unreadable).
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
