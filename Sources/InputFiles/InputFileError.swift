/// Why ``InputFileRule`` refused to read a file: the path and the reason, worded with the fix.
public struct InputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// There is no such file (or a folder on the way is missing).
        case missing
        /// A symbolic link on the way leads to `target`, outside `root`.
        case linkOutside(target: String, root: String)
        /// A symbolic link on the way leads nowhere.
        case brokenLink
        /// Following the links never reaches a file.
        case linkLoop
        /// It is a folder, a FIFO, a socket or a device, not a regular file.
        case notRegular(kind: String)
        /// The path names `.` or `..`, which could leave `root`.
        case leavesRoot(root: String)
        /// The system refused to read it.
        case unreadable(String)
    }

    /// The file, or the link on its way that was refused.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// "'PATH': REASON", the reason with its fix.
    public var description: String { "'\(path)': \(reasonText)" }

    /// The reason alone, with its fix.
    public var reasonText: String {
        switch reason {
        case .missing: return "no such file"
        case .linkOutside(let target, let root):
            return InputFileRule.outsideLinkText(target: target, root: "'\(root)'")
        case .brokenLink: return "broken symbolic link"
        case .linkLoop: return "symbolic link loop: following the link never reaches a file"
        case .notRegular(let kind):
            return "not a regular file (\(kind)); only regular files are read"
        case .leavesRoot(let root):
            return "the path leaves '\(root)' ('.' or '..'); name a file inside it"
        case .unreadable(let reason): return "not readable: \(reason)"
        }
    }
}
