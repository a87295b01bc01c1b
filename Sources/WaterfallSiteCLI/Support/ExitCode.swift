/// Process exit statuses with a fixed meaning, so scripts can tell failures from misuse.
public enum ExitCode: Int32, Sendable {
    /// The command did its work (diagnostics about single photos allowed).
    case success = 0
    /// The command could not do its work, or `--strict` saw a diagnostic.
    case failure = 1
    /// The command line was wrong (BSD `EX_USAGE`).
    case usage = 64
}
