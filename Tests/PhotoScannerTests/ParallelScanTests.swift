import Foundation
import Synchronization
import Testing

@testable import PhotoScanner

@Suite("Parallel scanning")
struct ParallelScanTests {
    typealias Bytes = FixtureBytes

    /// A few hundred mixed files (JPEG with and without EXIF, PNG, errors) in nested folders.
    static func makeMixedFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for index in 0..<400 {
            let folderName = "day\(index % 7)"
            switch index % 5 {
            case 0:
                let exif = Bytes.tiff(
                    index % 2 == 0 ? .littleEndian : .bigEndian,
                    ifd0: [.orientation(UInt32(index % 9))])
                try folder.write(
                    "\(folderName)/img\(index).jpg",
                    Bytes.jpeg(
                        width: UInt16(100 + index), height: 50, segments: [Bytes.app1EXIF(exif)]))
            case 1:
                try folder.write(
                    "\(folderName)/img\(index).png",
                    Bytes.png(width: UInt32(10 + index), height: 20))
            case 2:
                try folder.write(
                    "\(folderName)/img\(index).jpeg",
                    Bytes.jpeg(width: 30, height: UInt16(1 + index), progressive: true))
            case 3: try folder.write("\(folderName)/broken\(index).jpg", Array("oops".utf8))
            default: try folder.write("\(folderName)/empty\(index).png", [])
            }
        }
        return folder
    }

    @Test("results are identical with 1, 2 and 8 workers")
    func parallelEqualsSerial() throws {
        let folder = try Self.makeMixedFolder()
        let serial = try folder.scan(jobs: 1)
        #expect(serial.photos.count == 240)
        #expect(serial.diagnostics.count == 160)
        for jobs in [2, 8] {
            #expect(try folder.scan(jobs: jobs) == serial)
        }
    }

    @Test("progress counts up to the total, never backwards", arguments: [1, 4])
    func progress(jobs: Int) throws {
        let folder = try Self.makeMixedFolder()
        let calls = Mutex<[(Int, Int)]>([])
        _ = try PhotoScanner(jobs: jobs).scan(folder.url) { done, total in
            calls.withLock { $0.append((done, total)) }
        }
        let seen = calls.withLock { $0 }
        #expect(seen.first?.0 == 0)
        #expect(seen.last.map { $0 == (400, 400) } == true)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.0 <= $1.0 })
        #expect(seen.allSatisfy { $0.0 <= $0.1 }, "never more done than found")
        // Batched, not once per file.
        #expect(seen.count < 100)
    }

    @Test(
        "one folder of many photos is shared by all workers, with the same result",
        arguments: [2, 3])
    func bigFolder(jobs: Int) throws {
        let folder = try TemporaryFolder()
        for index in 0..<300 {
            try folder.write(
                "all/photo \(index).jpg", Bytes.jpeg(width: UInt16(10 + index), height: 7))
        }
        try folder.write("all/nested/deeper/last.png", Bytes.png(width: 3, height: 4))
        try folder.write("all/not a photo.jpg", Array("text".utf8))
        let serial = try folder.scan(jobs: 1)
        #expect(serial.photos.count == 301)
        #expect(serial.diagnostics.map(\.relativePath) == ["all/not a photo.jpg"])
        #expect(try folder.scan(jobs: jobs) == serial)
        #expect(try PhotoScanner(jobs: jobs).scan(folder.url, cache: ScanCache()) == serial)
    }

    @Test(
        "photos and diagnostics come out in listing order, rejected files' places closed up",
        arguments: [1, 3])
    func listingOrder(jobs: Int) throws {
        let folder = try TemporaryFolder()
        var photos: [String] = []
        var diagnostics: [(path: String, kind: ScanDiagnostic.Kind)] = []
        // More files than one batch, so several workers take part, with every kind of finding
        // scattered among them: rejections, EXIF warnings (the photo is kept) and the walk's own.
        for index in 1...150 {
            let name = "photo\(index).jpg"
            switch index % 5 {
            case 0:
                try folder.write(name, Array("not an image".utf8))
                diagnostics.append((name, .notAnImage))
            case 1:
                let truncatedExif = Array(
                    Bytes.tiff(.littleEndian, ifd0: [.orientation(6)]).prefix(5))
                try folder.write(
                    name, Bytes.jpeg(width: 8, height: 6, segments: [Bytes.app1EXIF(truncatedExif)])
                )
                photos.append(name)
                diagnostics.append((name, .malformedExif))
            case 2:
                try folder.link(name, to: "gone-\(index).jpg")
                diagnostics.append((name, .brokenLink))
            case 3:
                try folder.write(name, [])
                diagnostics.append((name, .emptyFile))
            default:
                try folder.write(name, Bytes.png(width: UInt32(index), height: 2))
                photos.append(name)
            }
        }
        let result = try folder.scan(jobs: jobs)
        #expect(result.photos.map(\.relativePath) == photos)
        #expect(result.diagnostics.map(\.relativePath) == diagnostics.map(\.path))
        #expect(result.diagnostics.map(\.kind) == diagnostics.map(\.kind))
    }
}
