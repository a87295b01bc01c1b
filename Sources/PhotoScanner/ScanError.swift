/// Why a scan could not run at all (as opposed to per-file diagnostics): the root folder is
/// missing, is not a folder, or cannot be listed.
public struct ScanError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The folder the scan was asked to read, as given.
    public var path: String
    /// The operating system's explanation, such as "No such file or directory".
    public var reason: String
    public var description: String { "cannot scan '\(path)': \(reason)" }

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
