import Foundation
import PhotoScanner
import Testing

@testable import SiteBuild

/// `scan --json`'s document, written by the fast record writer (a process fitting) and by
/// `JSONText` member by member.
@Suite("Scan document")
struct ScanDocumentTests {
    /// Photos with every digit count, up to the largest byte size, and plain, quoted and
    /// escaped (not UTF-8) paths.
    static let result: ScanResult = {
        let photos =
            (0..<2_345).map { index in
                ScannedPhoto(
                    relativePath: index % 101 == 0
                        ? "caf%E9/\(index).jpg" : "folder \(index % 7)/photo \"\(index)\".jpg",
                    format: index % 3 == 0 ? .png : .jpeg,
                    storedWidth: 100 + index, storedHeight: 50 + index % 13,
                    orientation: 1 + index % 8, byteSize: Int64(index * 31))
            }
            + (0...18).map { power in
                ScannedPhoto(
                    relativePath: power % 2 == 0 ? "edge/\(power).png" : "edge/<\(power)>.png",
                    format: .png,
                    storedWidth: 9, storedHeight: 10, orientation: 1,
                    byteSize: power == 18
                        ? Int64.max : (0..<power).reduce(1) { value, _ in value * 10 })
            }
        return ScanResult(
            photos: photos,
            diagnostics: [
                ScanDiagnostic(relativePath: "x.gif", kind: .unsupportedFormat, message: "GIF")
            ])
    }()

    static func written(_ result: ScanResult, jobs: Int, fast: Bool) -> String {
        String(
            decoding: ScanDocument.pieces(result, root: "photos", jobs: jobs, fast: fast)
                .joined(),
            as: UTF8.self)
    }

    @Test(
        "the fast writer, on one thread or several, writes the bytes JSONText writes",
        arguments: [1, 2, 3, 8])
    func fastEqualsPlain(jobs: Int) {
        let plain = Self.written(Self.result, jobs: jobs, fast: false)
        #expect(Self.written(Self.result, jobs: jobs, fast: true) == plain)
    }

    @Test("the document is JSON with every record, escaped names marked")
    func readsBack() throws {
        let text = Self.written(Self.result, jobs: 2, fast: true)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let images = try #require(document["images"] as? [[String: Any]])
        #expect(images.count == Self.result.photos.count)
        #expect(images.last?["path"] as? String == Self.result.photos.last?.relativePath)
        #expect(images[0]["escaped"] as? Bool == true)
        #expect(images[1]["escaped"] == nil)
        #expect((document["diagnostics"] as? [Any])?.count == 1)
    }

    @Test("no photos: an empty images array either way", arguments: [true, false])
    func empty(fast: Bool) throws {
        let text = Self.written(ScanResult(photos: [], diagnostics: []), jobs: 4, fast: fast)
        #expect(text.contains("\"images\": []"))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }
}
