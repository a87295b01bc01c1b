/// Where SiteBuild tells people what it did and how far it is: the command line implements it
/// (standard output for results, standard error for warnings and the progress line), so
/// SiteBuild itself never writes to the terminal (`scripts/check-terminal-writes.sh`).
///
/// Lines arrive whole and without a line break; the reporter makes them safe to show (a file
/// name may hold control characters) and ends them.
public protocol BuildReporter: Sendable {
    /// A line of the command's result (a build's summary, what `init` wrote): standard output.
    func result(_ line: String)
    /// A warning or a note for people: standard error, also with `--quiet`.
    func warning(_ line: String)
    /// A progress indicator for one run of stages; `quiet` (the `--quiet` setting) keeps it
    /// silent.
    func progress(quiet: Bool) -> any BuildProgress
}

/// How far a stage is, shown while it runs (see ``BuildReporter/progress(quiet:)``).
public protocol BuildProgress: Sendable {
    /// `phase` ("Resizing photos") has done `done` of `total`.
    func update(_ phase: String, done: Int, total: Int)
    /// The stages are over for now: clears the indicator, so the next line starts clean.
    func finish()
}
