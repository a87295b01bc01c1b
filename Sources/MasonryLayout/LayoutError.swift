/// An invalid option or section, found before any layout runs.
///
/// `option` names the offending value as a path (`breakpoints[2].columns`,
/// `sections[4].insets.left`); `reason` says what is wrong with it, with the numbers involved.
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path of the offending option, e.g. `breakpoints[1].minimumWidth`.
    public let option: String
    /// What is wrong with it.
    public let reason: String

    /// Creates an error for `option`.
    public init(option: String, reason: String) {
        self.option = option
        self.reason = reason
    }

    /// "invalid layout option '<option>': <reason>".
    public var description: String {
        "invalid layout option '\(option)': \(reason)"
    }
}
