import Foundation
import PhotoScanner
import SiteRenderer

/// `waterfall-site scan DIR`: measures every photo and reports sizes and diagnostics, as a table
/// for people or as one JSON document for scripts.
enum ScanCommand {
    static let options: [ArgumentList.Option] = [
        .init(names: ["--json"], takesValue: false),
        .init(names: ["--strict"], takesValue: false),
        .init(names: ["--quiet", "-q"], takesValue: false),
        .init(names: ["--jobs", "-j"], takesValue: true),
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
                list.positionals.isEmpty ? "scan needs the folder of photos" : "scan takes one folder, got \(list.positionals.count)",
                command: "scan")
        }
        let jobs = try list.integer("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let progress = Progress(console: console, quiet: list.has("--quiet") || list.has("--json"))
        let started = Date()
        let result: ScanResult
        do {
            result = try PhotoScanner(jobs: jobs).scan(URL(fileURLWithPath: folder)) { done, total in
                progress.update("Scanning", done: done, total: total)
            }
        } catch {
            progress.finish()
            throw .failed(error.description)
        }
        progress.finish()
        let elapsed = Date().timeIntervalSince(started)

        if list.has("--json") {
            console.writeOutput(json(result, root: folder))
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

    static func json(_ result: ScanResult, root: String) -> String {
        var json = JSONText(pretty: true)
        json.beginObject()
        json.string("root", root)
        json.beginArray("images")
        for photo in result.photos {
            json.beginObject()
            json.string("path", photo.relativePath)
            json.string("format", photo.format.rawValue)
            json.integer("storedWidth", photo.storedWidth)
            json.integer("storedHeight", photo.storedHeight)
            json.integer("orientation", photo.orientation)
            json.integer("displayWidth", photo.displayWidth)
            json.integer("displayHeight", photo.displayHeight)
            json.integer("byteSize", photo.byteSize)
            json.endObject()
        }
        json.endArray()
        json.beginArray("diagnostics")
        for diagnostic in result.diagnostics {
            json.beginObject()
            json.string("path", diagnostic.relativePath)
            json.string("kind", diagnostic.kind.rawValue)
            json.string("severity", diagnostic.isWarning ? "warning" : "error")
            json.string("message", diagnostic.message)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text
    }

    static func table(_ result: ScanResult) -> String {
        let header = ["PATH", "FORMAT", "STORED", "ORIENT", "DISPLAY", "BYTES"]
        var rows: [[String]] = [header]
        rows.reserveCapacity(result.photos.count + 1)
        for photo in result.photos {
            rows.append([
                photo.relativePath, photo.format.rawValue.uppercased(),
                "\(photo.storedWidth)×\(photo.storedHeight)", String(photo.orientation),
                "\(photo.displayWidth)×\(photo.displayHeight)", NumberText.grouped(Int(photo.byteSize)),
            ])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
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
        let jpegs = result.photos.lazy.filter { $0.format == .jpeg }.count
        let pngs = result.photos.count - jpegs
        var line = "Scanned \(NumberText.grouped(result.photos.count)) photo\(result.photos.count == 1 ? "" : "s")"
        line += " (\(NumberText.grouped(jpegs)) JPEG, \(NumberText.grouped(pngs)) PNG)"
        if !result.diagnostics.isEmpty { line += ", \(Diagnostics.count(result.diagnostics))" }
        line += " in \(NumberText.decimal(seconds, decimals: 2)) s"
        return line
    }
}
