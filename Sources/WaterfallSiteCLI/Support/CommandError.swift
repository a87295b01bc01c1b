import SiteBuild

/// A failure that ends a command, with the exit status it maps to.
///
/// Messages name the file or option at fault and, where there is one, the fix.
public enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The command line itself is wrong; the usage text of `command` follows the message.
    case usage(String, command: String?)
    /// The work could not be done.
    case failed(String)

    public var description: String {
        switch self {
        case .usage(let message, _), .failed(let message): return message
        }
    }
}

extension CommandError {
    /// Runs SiteBuild's `work`; its failure comes out in the command line's words (see
    /// ``SiteBuildError/commandError``).
    static func wording<Value>(_ work: () throws(SiteBuildError) -> Value) throws(CommandError)
        -> Value
    {
        do {
            return try work()
        } catch {
            throw error.commandError
        }
    }
}
