import SiteBuild

extension CommandError {
    /// The exit status a failure ends the process with: 64 for usage, 1 for the rest.
    var exitCode: ExitCode {
        switch self {
        case .usage: return .usage
        case .failed: return .failure
        }
    }
}
