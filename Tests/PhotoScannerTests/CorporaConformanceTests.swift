import Foundation
import Testing

@testable import PhotoScanner

/// Scans the public test suites in ../shared/corpora (PngSuite, libpng's test PNGs,
/// libjpeg-turbo's test images, the EXIF orientation examples) and holds the result to
/// manifest.tsv: every `ok` row must match exactly, every `error` row must be a diagnostic.
@Suite("Conformance on public corpora")
struct CorporaConformanceTests {
    /// `<package>/../shared/corpora`, found from this file so the working directory does not matter.
    static let corpora = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpora")
    static let manifest = corpora.appendingPathComponent("manifest.tsv")
    /// The modern-format corpus, which lies inside `corpora` with its own manifest.
    static let formatsFolder = "formats"

    struct Row {
        var path: String
        var format: String
        var fields: [String]  // stored w, stored h, orientation, display w, display h
        var expectsError: Bool
    }

    static func rows(of manifest: URL = manifest) throws -> [Row] {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(
                String.init)
            return Row(
                path: columns[0], format: columns[1], fields: Array(columns[2...6]),
                expectsError: columns[7] == "error")
        }
    }

    // Skipped (with this reason in the test report) when the corpora are not checked out next to
    // the package, e.g. on a contributor's machine.
    @Test(
        "every manifest row matches",
        .enabled(
            if: FileManager.default.fileExists(atPath: manifest.path),
            "../shared/corpora/manifest.tsv is absent"))
    func manifestRows() throws {
        let rows = try Self.rows()
        #expect(rows.count > 200)
        let result = try PhotoScanner(jobs: 2).scan(Self.corpora)
        let photos = Dictionary(uniqueKeysWithValues: result.photos.map { ($0.relativePath, $0) })
        Self.expectMatches(rows, result, format: \.format)
        // Nothing outside the manifest was measured (the README and licences are not candidates).
        // `formats/` (HEIC, AVIF, WebP, MPO) has a manifest of its own, checked on its own.
        let measured = Set(photos.keys.filter { !$0.hasPrefix(Self.formatsFolder + "/") })
        #expect(measured.isSubset(of: Set(rows.map(\.path))))
    }

    /// Holds `result` to `rows`: every `ok` row measured exactly (as `format` says the row's
    /// format is scanned), every `error` row a diagnostic.
    static func expectMatches(_ rows: [Row], _ result: ScanResult, format: (Row) -> String) {
        let photos = Dictionary(uniqueKeysWithValues: result.photos.map { ($0.relativePath, $0) })
        let failures = Dictionary(
            grouping: result.diagnostics.filter { !$0.isWarning }, by: \.relativePath)
        for row in rows {
            if row.expectsError {
                #expect(photos[row.path] == nil, "\(row.path) should fail")
                #expect(failures[row.path] != nil, "\(row.path) should have a diagnostic")
                continue
            }
            guard let photo = photos[row.path] else {
                Issue.record("\(row.path): no photo; diagnostics: \(failures[row.path] ?? [])")
                continue
            }
            let orientation = row.fields[2] == "-" ? "1" : row.fields[2]
            let expected = [
                format(row), row.fields[0], row.fields[1], orientation, row.fields[3],
                row.fields[4],
            ]
            let actual = [
                photo.format.rawValue, "\(photo.storedWidth)", "\(photo.storedHeight)",
                "\(photo.orientation)",
                "\(photo.displayWidth)", "\(photo.displayHeight)",
            ]
            #expect(actual == expected, "\(row.path)")
        }
    }

    static let formatsManifest = corpora.appendingPathComponent(formatsFolder)
        .appendingPathComponent("manifest.tsv")

    /// `formats/`: every row. MPO and cut-MPO rows are measured as the JPEG their first frame is
    /// (display swapped for EXIF 5-8, orientation as read); HEIF, AVIF and WebP rows to the
    /// manifest's stored and display size, with orientation 1: their EXIF Orientation is recorded
    /// by the manifest but never applied (MIAF; no browser applies it to WebP), and a HEIF/AVIF
    /// transform is in the display size itself. Every error row is a diagnostic, and a file
    /// libheif rejects names the library's version.
    @Test(
        "every row of the formats manifest matches",
        .enabled(
            if: FileManager.default.fileExists(atPath: formatsManifest.path),
            "../shared/corpora/formats/manifest.tsv is absent"))
    func formatsRows() throws {
        var rows = try Self.rows(of: Self.formatsManifest)
        #expect(rows.count >= 106)
        let folder = Self.corpora.appendingPathComponent(Self.formatsFolder)
        let result = try PhotoScanner(jobs: 2).scan(folder)
        for index in rows.indices where ["heif", "avif", "webp"].contains(rows[index].format) {
            rows[index].fields[2] = "1"
        }
        Self.expectMatches(rows, result) {
            ["mpo", "jpeg"].contains($0.format) ? "jpeg" : $0.format
        }
        let failures = Dictionary(
            grouping: result.diagnostics.filter { !$0.isWarning }, by: \.relativePath)
        for row in rows where row.expectsError && ["heif", "avif"].contains(row.format) {
            let message = failures[row.path]?.first?.message ?? ""
            #expect(message.contains("libheif 1."), "\(row.path): \(message)")
        }
    }
}
