import PhotoScanner
import SiteRenderer

/// How scanner diagnostics read on a terminal: one line each, naming the file and the reason.
public enum Diagnostics {
    public static func line(for diagnostic: ScanDiagnostic) -> String {
        // A line break in a name would otherwise fake a line of output.
        "\(diagnostic.isWarning ? "warning" : "skipped"): \(TerminalText.safe(diagnostic.relativePath)): \(diagnostic.message)"
    }

    /// "2 files skipped, 1 warning" style counts.
    public static func count(_ diagnostics: [ScanDiagnostic]) -> String {
        let warnings = diagnostics.lazy.filter(\.isWarning).count
        let skipped = diagnostics.count - warnings
        var parts: [String] = []
        if skipped > 0 {
            parts.append("\(NumberText.grouped(skipped)) file\(skipped == 1 ? "" : "s") skipped")
        }
        if warnings > 0 {
            parts.append("\(NumberText.grouped(warnings)) warning\(warnings == 1 ? "" : "s")")
        }
        return parts.joined(separator: ", ")
    }
}
