/// One thing wrong with the metadata, named by file, row and column so the owner can find the
/// cell: a `metadata.csv` row is "row 3 (line 3)" and its column "column B ('title')", a
/// `metadata.json` entry is "photo 'Ceramics/mug.jpg'" and its column "key 'title'".
public struct MetadataProblem: Sendable, Equatable {
    public enum Severity: String, Sendable {
        /// The build stops on it.
        case error
        /// The build goes on; `--strict` stops it.
        case warning
    }

    public var severity: Severity
    /// The whole line as `check` and `build` print it, after "error: " or "warning: ".
    public var text: String
    /// The photo's path or the section's folder ("" for the top level) the problem is about,
    /// normalised; nil for a problem the metadata reader reported in words only.
    public var entry: String?
    /// The field (`title`, `alt`, `path`), when the problem is about one.
    public var field: String?
    /// The entry's place among the file's entries, which orders a list of problems.
    var position = Int.max

    /// A problem of `entry`'s `field`, placed by `place` ("row 3 (line 3), column B ('title')").
    init(
        _ severity: Severity, file: String, place: String, entry: String, field: String?,
        _ message: String
    ) {
        self.severity = severity
        self.text = "metadata file '\(file)': \(place): \(message)"
        self.entry = entry
        self.field = field
    }

    /// A bad entry the metadata reader refused, in its own words (they name the file, row and
    /// column already); the build stops at the first of these.
    public init(readError text: String) {
        severity = .error
        self.text = text
        entry = nil
        field = nil
    }

    /// The line printed for it: "warning: metadata file '…': row 3 (line 3), column B ('title'): …".
    public var line: String { "\(severity.rawValue): \(text)" }
}
