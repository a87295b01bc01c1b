import PhotoScanner
import SiteBuild
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `waterfall-site scan DIR`: measures every photo and reports sizes and diagnostics, as a table
/// for people or as one JSON document for scripts.
enum ScanCommand {
    static let options: [ArgumentList.Option] = [
        .init(names: ["--json"], takesValue: false),
        .init(names: ["--strict"], takesValue: false),
        .init(names: ["--quiet", "-q"], takesValue: false),
        .init(names: ["--jobs", "-j"], takesValue: true),
        .init(names: ["--follow-symlinks"], takesValue: false),
        .init(names: ["--help", "-h"], takesValue: false),
    ]

    static func run(_ arguments: [String], console: Console) throws(CommandError) {
        let list = try ArgumentList(arguments, options: options, command: "scan")
        if list.has("--help") {
            console.writeOutput(HelpText.scan)
            return
        }
        guard list.positionals.count == 1, let folder = list.positionals.first else {
            throw .usage(
                list.positionals.isEmpty
                    ? "scan needs the folder of photos"
                    : "scan takes one folder, got \(list.positionals.count)",
                command: "scan")
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = list.value("--jobs") {
            jobs = Int(
                try CommandError.wording { () throws(SiteBuildError) in
                    try NumericSetting.jobs.parse(text, command: "scan")
                })
        }
        let progress = Progress(console: console, quiet: list.has("--quiet") || list.has("--json"))
        let started = Date()
        let result: ScanResult
        do {
            result = try PhotoScanner(
                jobs: jobs, followsOutsideLinks: list.has("--follow-symlinks")
            ).scan(atPath: folder) { done, total in
                progress.update("Scanning", done: done, total: total)
            }
        } catch {
            progress.finish()
            throw .failed(error.description)
        }
        progress.finish()
        let elapsed = Date().timeIntervalSince(started)

        if list.has("--json") {
            let document = ScanDocument.pieces(result, root: folder, jobs: jobs)
            console.writeOutputBytes(document)
        } else {
            console.writeOutput(ScanTable.table(result))
            if !list.has("--quiet") {
                for diagnostic in result.diagnostics {
                    console.warn(Diagnostics.line(for: diagnostic))
                }
            }
            console.print(ScanTable.summary(result, seconds: elapsed))
        }
        if list.has("--strict") && !result.diagnostics.isEmpty {
            throw .failed("--strict: \(Diagnostics.count(result.diagnostics)) in '\(folder)'")
        }
    }
}
