import PhotoScanner
import SiteBuild
import SiteRenderer
import Synchronization

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
            let document = json(result, root: folder, jobs: jobs)
            console.writeOutputBytes(document)
            ExitLeftovers.keep(document)
        } else {
            console.writeOutput(table(result))
            if !list.has("--quiet") {
                for diagnostic in result.diagnostics {
                    console.warn(Diagnostics.line(for: diagnostic))
                }
            }
            console.print(summary(result, seconds: elapsed))
        }
        ExitLeftovers.keep(result)
        if list.has("--strict") && !result.diagnostics.isEmpty {
            throw .failed("--strict: \(Diagnostics.count(result.diagnostics)) in '\(folder)'")
        }
    }

    /// The JSON document, in pieces to be written out in order: 100,000 records make megabytes,
    /// and joining them (or making a `String` of them) would copy every byte once more. The image
    /// records are written by `jobs` threads, each a run of them.
    static func json(_ result: ScanResult, root: String, jobs: Int = 1) -> [[UInt8]] {
        var json = JSONText(pretty: true)
        json.beginObject()
        json.string("root", root)
        json.beginArray("images")
        let photos = result.photos
        let runCount = max(1, min(jobs, photos.count / 1000))
        let runs = Mutex<[[UInt8]]>(Array(repeating: [], count: runCount))
        ParallelWork.run(workers: runCount) { run in
            let range = (photos.count * run / runCount)..<(photos.count * (run + 1) / runCount)
            let records = imageRecords(photos[range], afterElement: run > 0)
            runs.withLock { $0[run] = records }
        }
        var pieces = [json.takeBytes()]
        pieces.append(contentsOf: runs.withLock { $0 }.filter { !$0.isEmpty })
        if !photos.isEmpty { json.elementsWrittenElsewhere() }
        json.endArray()
        json.beginArray("diagnostics")
        for diagnostic in result.diagnostics {
            json.beginObject()
            json.string("path", diagnostic.relativePath)
            if FileNameText.isEscaped(diagnostic.relativePath) { json.bool("escaped", true) }
            json.string("kind", diagnostic.kind.rawValue)
            json.string("severity", diagnostic.isWarning ? "warning" : "error")
            json.string("message", diagnostic.message)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        pieces.append(json.takeBytes())
        return pieces
    }

    /// The `images` records for `photos`, exactly as ``JSONText`` writes them member by member
    /// inside the document's `images` array (the tests hold the two to the same bytes), but from
    /// fixed pieces: 100,000 records are the bulk of `scan --json`'s own work.
    static func imageRecords(_ photos: ArraySlice<ScannedPhoto>, afterElement: Bool) -> [UInt8] {
        // Written through a pointer into room sized for the worst case (every path byte escaped
        // as \u00XX, every number 20 digits): appending piece by piece to an array checked its
        // capacity and uniqueness a dozen times per record. The fixed pieces are static strings,
        // not arrays: the threads writing runs at once would otherwise retain and release the
        // same arrays a dozen times per record, fighting over their reference counts.
        let bound = photos.reduce(0) { $0 + Pieces.fixedLength + 6 * $1.relativePath.utf8.count }
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            var writer = RecordWriter(base: buffer.baseAddress.unsafelyUnwrapped)
            photos.withUnsafeBufferPointer { photos in
                for index in photos.indices {
                    writer.put(index == 0 && !afterElement ? Pieces.open : Pieces.nextOpen)
                    writer.put(Pieces.path)
                    let path = photos[index].relativePath
                    if JSONText.isPlain(path) {
                        writer.put(UInt8(ascii: "\""))
                        writer.put(path)
                        writer.put(UInt8(ascii: "\""))
                    } else {
                        writer.put(JSONText.quoted(path))
                    }
                    // A name that is not valid UTF-8 is published escaped: say so, so a script
                    // percent-decodes it to find the file (see FileNameText).
                    if path.utf8.contains(UInt8(ascii: "%")) && FileNameText.isEscaped(path) {
                        writer.put(Pieces.escaped)
                    }
                    switch photos[index].format {
                    case .jpeg: writer.put(Pieces.jpeg)
                    case .png: writer.put(Pieces.png)
                    case .heif: writer.put(Pieces.heif)
                    case .avif: writer.put(Pieces.avif)
                    case .webp: writer.put(Pieces.webp)
                    }
                    writer.put(Pieces.storedWidth)
                    writer.putDigits(Int64(photos[index].storedWidth))
                    writer.put(Pieces.storedHeight)
                    writer.putDigits(Int64(photos[index].storedHeight))
                    writer.put(Pieces.orientation)
                    writer.putDigits(Int64(photos[index].orientation))
                    writer.put(Pieces.displayWidth)
                    writer.putDigits(Int64(photos[index].displayWidth))
                    writer.put(Pieces.displayHeight)
                    writer.putDigits(Int64(photos[index].displayHeight))
                    writer.put(Pieces.byteSize)
                    writer.putDigits(photos[index].byteSize)
                    writer.put(Pieces.close)
                }
            }
            count = writer.count
        }
    }

    /// Bytes written at a moving position in room the caller sized.
    private struct RecordWriter {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func put(_ byte: UInt8) {
            base[count] = byte
            count += 1
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        mutating func put(_ piece: StaticString) {
            put(UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
        }

        mutating func put(_ text: String) {
            var text = text
            text.withUTF8 { put($0) }
        }

        /// The decimal digits of `value`, as ``JSONText`` writes them.
        mutating func putDigits(_ value: Int64) {
            count += JSONText.writeDigits(of: value, to: base + count)
        }
    }

    /// The fixed parts of an image record, at the depth of the `images` array's elements.
    private enum Pieces {
        static let open: StaticString = "\n    {"
        static let nextOpen: StaticString = ",\n    {"
        static let path: StaticString = "\n      \"path\": "
        static let escaped: StaticString = ",\n      \"escaped\": true"
        static let jpeg: StaticString = ",\n      \"format\": \"jpeg\""
        static let png: StaticString = ",\n      \"format\": \"png\""
        static let heif: StaticString = ",\n      \"format\": \"heif\""
        static let avif: StaticString = ",\n      \"format\": \"avif\""
        static let webp: StaticString = ",\n      \"format\": \"webp\""
        static let storedWidth: StaticString = ",\n      \"storedWidth\": "
        static let storedHeight: StaticString = ",\n      \"storedHeight\": "
        static let orientation: StaticString = ",\n      \"orientation\": "
        static let displayWidth: StaticString = ",\n      \"displayWidth\": "
        static let displayHeight: StaticString = ",\n      \"displayHeight\": "
        static let byteSize: StaticString = ",\n      \"byteSize\": "
        static let close: StaticString = "\n    }"

        /// A record's bytes other than its path's: the longest of each alternative, the quotes
        /// around the path, and the most digits each of the six numbers can have.
        static let fixedLength = [
            nextOpen, path, escaped, jpeg, storedWidth, storedHeight, orientation, displayWidth,
            displayHeight, byteSize, close,
        ]
        .reduce(2 + 6 * JSONText.maximumDigits) { $0 + $1.utf8CodeUnitCount }
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
