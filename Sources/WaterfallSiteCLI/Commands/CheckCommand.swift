import SiteBuild
import SiteRenderer

/// `waterfall-site check PHOTOS`: reads the photos and the metadata as `build` would, builds
/// nothing, and lists every problem on standard output, one a line, each naming the file, the row
/// and the column; the count goes to standard error. Exit 0 with no problems, 1 with an error
/// (or with `--strict` a warning), 64 for a wrong command line.
enum CheckCommand {
    /// The build's options, so `check` reads the same settings file, metadata file and currency
    /// the build would; those that only shape the output are read and checked, then unused.
    static let options = BuildCommand.options

    static func run(_ arguments: [String], console: Console) throws(CommandError) {
        let list = try ArgumentList(arguments, options: options, command: "check")
        if list.has("--help") {
            console.writeOutput(HelpText.check)
            return
        }
        let settings = try BuildCommand.settings(from: list, command: "check")
        let report = try CommandError.wording { () throws(SiteBuildError) in
            try SiteBuilder(settings: settings, reporter: console).check()
        }
        // A line break in a file name must not start a line of its own: one line per problem.
        console.writeOutput(report.lines.map { TerminalText.safe($0) + "\n" }.joined())
        let counts = [
            report.errorCount > 0 ? plural(report.errorCount, "error") : nil,
            report.warningCount > 0 ? plural(report.warningCount, "warning") : nil,
        ].compactMap { $0 }.joined(separator: " and ")
        if report.errorCount > 0 || (settings.strict && report.warningCount > 0) {
            throw .failed(
                "\(counts)\(report.errorCount == 0 ? " (--strict)" : ""); the site would not be built"
            )
        }
        if !settings.quiet {
            let metadata = report.metadataFile.map { " and '\(PathText.displayed($0))'" } ?? ""
            console.warn(
                "Checked \(plural(report.photoCount, "photo"))\(metadata): "
                    + (counts.isEmpty ? "no problems" : counts))
        }
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(NumberText.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }
}
