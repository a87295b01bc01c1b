import PhotoScanner
import ProcessFittings
import SiteRenderer

/// The JSON document `scan --json` prints: the root, one record per photo (path, format, stored
/// and display sizes, orientation, bytes) and the diagnostics, for scripts to read.
public enum ScanDocument {
    /// The document in pieces to be written out in order: 100,000 records make megabytes, and
    /// joining them (or making a `String` of them) would copy every byte once more.
    ///
    /// - Parameters:
    ///   - jobs: how many threads may write the records when `fast` is true.
    ///   - fast: the process fitting "scan records by pointer, on several threads" (see
    ///     `Sources/ProcessFittings/README.md`); off, ``JSONText`` writes every member in turn.
    ///     The bytes are the same either way.
    public static func pieces(
        _ result: ScanResult, root: String, jobs: Int = 1, fast: Bool = ProcessFittings.areOn
    ) -> [[UInt8]] {
        var json = JSONText(pretty: true)
        json.beginObject()
        json.string("root", root)
        json.beginArray("images")
        var pieces: [[UInt8]] = []
        if fast && !result.photos.isEmpty {
            pieces.append(json.takeBytes())
            pieces.append(contentsOf: fastImageRecords(result.photos, jobs: jobs))
            json.elementsWrittenElsewhere()
        } else {
            for photo in result.photos { imageRecord(photo, into: &json) }
        }
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

    /// One photo's record, member by member: the reference the fast writer must match.
    static func imageRecord(_ photo: ScannedPhoto, into json: inout JSONText) {
        json.beginObject()
        json.string("path", photo.relativePath)
        // A name that is not valid UTF-8 is published escaped: say so, so a script
        // percent-decodes it to find the file (see FileNameText).
        if FileNameText.isEscaped(photo.relativePath) { json.bool("escaped", true) }
        json.string("format", photo.format.rawValue)
        json.integer("storedWidth", photo.storedWidth)
        json.integer("storedHeight", photo.storedHeight)
        json.integer("orientation", photo.orientation)
        json.integer("displayWidth", photo.displayWidth)
        json.integer("displayHeight", photo.displayHeight)
        json.integer("byteSize", photo.byteSize)
        json.endObject()
    }
}
