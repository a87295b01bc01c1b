import SiteBuild

/// SiteBuild reports through the console: results to standard output, warnings to standard
/// error, progress on standard error's terminal (see ``Progress``).
extension Console: BuildReporter {
    public func result(_ line: String) { print(line) }

    public func warning(_ line: String) { warn(line) }

    public func progress(quiet: Bool) -> any BuildProgress { Progress(console: self, quiet: quiet) }
}
