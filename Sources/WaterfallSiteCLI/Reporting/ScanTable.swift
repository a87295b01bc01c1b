import PhotoScanner
import SiteBuild
import SiteRenderer

/// What `waterfall-site scan` prints for people: the table of photos and the summary line.
public enum ScanTable {
    /// The photos as a table of aligned columns, one line each.
    public static func table(_ result: ScanResult) -> String {
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

    /// One line: how many photos of each format, the problems, the time.
    public static func summary(_ result: ScanResult, seconds: Double) -> String {
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
