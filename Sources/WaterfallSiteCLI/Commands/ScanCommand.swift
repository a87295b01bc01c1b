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
            jobs = Int(try NumericSetting.jobs.parse(text, command: "scan"))
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
            console.writeOutput(table(result))
            if !list.has("--quiet") {
                for diagnostic in result.diagnostics {
                    console.warn(Diagnostics.line(for: diagnostic))
                }
            }
            console.print(summary(result, seconds: elapsed))
        }
        if list.has("--strict") && !result.diagnostics.isEmpty {
            throw .failed("--strict: \(Diagnostics.count(result.diagnostics)) in '\(folder)'")
        }
    }

    static func table(_ result: ScanResult) -> String {
        let header = ["PATH", "FORMAT", "STORED", "ORIENT", "DISPLAY", "BYTES"]
        var rows: [[String]] = [header]
        rows.reserveCapacity(result.photos.count + 1)
        for photo in result.photos {
            rows.append([
                TerminalText.safe(photo.relativePath), photo.format.rawValue.uppercased(),
                "\(photo.storedWidth)×\(photo.storedHeight)", String(photo.orientation),
                "\(photo.displayWidth)×\(photo.displayHeight)",
                NumberText.grouped(Int(photo.byteSize)),
            ])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                // Numbers read best right-aligned, names left-aligned.
                line += column >= 2 ? pad + cell : cell + pad
                if column < row.count - 1 { line += "  " }
            }
            text += line + "\n"
        }
        return text
    }

    static func summary(_ result: ScanResult, seconds: Double) -> String {
        var counts: [ImageFormat: Int] = [:]
        for photo in result.photos { counts[photo.format, default: 0] += 1 }
        var line =
            "Scanned \(NumberText.grouped(result.photos.count)) photo\(result.photos.count == 1 ? "" : "s")"
        // JPEG and PNG always, the newer formats when there are any.
        let named: [(ImageFormat, String)] = [
            (.jpeg, "JPEG"), (.png, "PNG"), (.heif, "HEIC/HEIF"), (.avif, "AVIF"), (.webp, "WebP"),
        ]
        let parts = named.filter { $0.0 == .jpeg || $0.0 == .png || counts[$0.0] != nil }
            .map { "\(NumberText.grouped(counts[$0.0] ?? 0)) \($0.1)" }
        line += " (\(parts.joined(separator: ", ")))"
        if !result.diagnostics.isEmpty { line += ", \(Diagnostics.count(result.diagnostics))" }
        line += " in \(NumberText.decimal(seconds, decimals: 2)) s"
        return line
    }
}
