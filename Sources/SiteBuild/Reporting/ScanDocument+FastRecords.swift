import PhotoScanner
import SiteRenderer
import Synchronization
import Workers

/// The process fitting "scan records by pointer, on several threads" (see
/// `Sources/ProcessFittings/README.md`). It lives here, not in the fittings target, because it
/// writes this document's records field by field: moving it would tie the fittings to the
/// scanner's and the renderer's types. ``ScanDocument/pieces(_:root:jobs:fast:)`` chooses it.
extension ScanDocument {
    /// The `images` records, in runs written at once by up to `jobs` threads, each run a
    /// thousand records at least (a thread's start costs more than fewer records take).
    static func fastImageRecords(_ photos: [ScannedPhoto], jobs: Int) -> [[UInt8]] {
        ParallelWork.mapRuns(photos.count, jobs: jobs, minimum: 1000) { range in
            [imageRecords(photos[range], afterElement: range.lowerBound > 0)]
        }.filter { !$0.isEmpty }
    }

    /// The `images` records for `photos`, exactly as ``imageRecord(_:into:)`` writes them member
    /// by member inside the document's `images` array (the tests hold the two to the same bytes),
    /// but from fixed pieces: 100,000 records are the bulk of `scan --json`'s own work.
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
}
