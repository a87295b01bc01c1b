import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PhotoRenditions

/// The writer puts every file it outputs through its ``RenditionDestination``: the encoded ones,
/// and those it reuses from the previous site or a rendition store. None is written behind the
/// destination's back.
@Suite("Rendition writer: destinations")
struct RenditionDestinationTests {
    /// A destination that keeps what it is given in memory and links nothing: its `folder` stays
    /// empty, so a file that turns up there was written past it.
    final class MemoryDestination: RenditionDestination {
        let folder: URL
        /// What `link` answers (after recording the call).
        let linkAnswer: RenditionLink
        let files = Mutex<[String: [UInt8]]>([:])
        let linked = Mutex<[String]>([])

        init(folder: URL, linkAnswer: RenditionLink = .unlinkable) {
            self.folder = folder
            self.linkAnswer = linkAnswer
        }

        func write(_ bytes: [UInt8], named name: String) {
            files.withLock { $0[name] = bytes }
        }

        func link(_ path: String, named name: String) -> RenditionLink {
            linked.withLock { $0.append(name) }
            return linkAnswer
        }
    }

    /// A plain folder that records which names were written and which linked.
    final class RecordingFolder: RenditionDestination {
        let files: RenditionFolder
        let written = Mutex<Set<String>>([])
        let linked = Mutex<Set<String>>([])

        init(_ folder: URL) throws {
            files = try RenditionFolder(folder)
        }

        var folder: URL { files.folder }

        func write(_ bytes: [UInt8], named name: String) throws(RenditionDestinationError) {
            try files.write(bytes, named: name)
            _ = written.withLock { $0.insert(name) }
        }

        func link(_ path: String, named name: String) -> RenditionLink {
            let answer = files.link(path, named: name)
            if case .linked = answer { _ = linked.withLock { $0.insert(name) } }
            return answer
        }
    }

    let writer: RenditionWriter = {
        var writer = RenditionWriter(
            encoder: RenditionEncoder(),
            widths: RenditionWidths(layout: RenditionWidthsTests.defaultLayout), jobs: 2)
        writer.storeCheck = { _, _, _ in nil }
        return writer
    }()

    /// Two photos (one twice, as two photos with the same bytes) in `folder/photos`.
    static func photos(in folder: URL) throws -> [RenditionWriter.Photo] {
        let photos = folder.appending(path: "photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data(GeneratedImages.photo(width: 1200, height: 800)).write(
            to: photos.appending(path: "wide.jpg"))
        try Data(GeneratedImages.photo(width: 600, height: 900)).write(
            to: photos.appending(path: "tall.jpg"))
        try Data(GeneratedImages.photo(width: 1200, height: 800)).write(
            to: photos.appending(path: "again.jpg"))
        return [("wide.jpg", 1200, 800), ("tall.jpg", 600, 900), ("again.jpg", 1200, 800)].map {
            RenditionWriter.Photo(
                source: photos.appending(path: $0.0), relativePath: $0.0, orientation: 1,
                displaySize: RenditionSize(width: $0.1, height: $0.2))
        }
    }

    static func names(_ report: RenditionWriter.Report) -> Set<String> {
        Set(
            report.renditions.compactMap { $0 }.flatMap(\.allFiles).map {
                String($0.path.dropFirst(RenditionWriter.folderName.count + 1))
            })
    }

    static func contents(of folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            contents[name] = try Data(contentsOf: folder.appending(path: name))
        }
        return contents
    }

    @Test("every encoded file goes through the destination, with the bytes a folder gets")
    func encodedThroughDestination() throws {
        let folder = try TemporaryFolder()
        let photos = try Self.photos(in: folder.url)
        let empty = folder.url.appending(path: "empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let memory = MemoryDestination(folder: empty)
        let report = writer.write(photos, to: memory, reusing: nil)
        #expect(report.writeFailure == nil && report.diagnostics.isEmpty)
        #expect(report.renditions.allSatisfy { $0 != nil })
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
        let kept = memory.files.withLock { $0 }
        #expect(Set(kept.keys) == Self.names(report))
        #expect(memory.linked.withLock { $0 }.isEmpty)

        let plain = folder.url.appending(path: "plain")
        let plainReport = writer.write(photos, into: plain, reusing: nil)
        #expect(plainReport.writeFailure == nil)
        #expect(try Self.contents(of: plain) == kept.mapValues { Data($0) })
    }

    @Test("files reused from the previous site and the store are linked through the destination")
    func reusedThroughDestination() throws {
        let folder = try TemporaryFolder()
        let photos = try Self.photos(in: folder.url)
        let previous = folder.url.appending(path: "previous")
        let first = writer.write(photos, into: previous, reusing: nil)
        #expect(first.writeFailure == nil)
        let expected = try Self.contents(of: previous)
        #expect(Set(expected.keys) == Self.names(first))

        for place in ["previous site", "store"] {
            let recording = try RecordingFolder(folder.url.appending(path: "from \(place)"))
            let report =
                place == "store"
                ? writer.write(photos, to: recording, reusing: nil, store: previous)
                : writer.write(photos, to: recording, reusing: previous)
            #expect(report.writeFailure == nil && report.encodedCount == 0)
            #expect(recording.written.withLock { $0 }.isEmpty, "\(place)")
            #expect(recording.linked.withLock { $0 } == Set(expected.keys), "\(place)")
            #expect(try Self.contents(of: recording.folder) == expected, "\(place)")
        }
    }

    @Test("a file the destination cannot link, or links to another inode, is written through it")
    func copiedThroughDestination() throws {
        let folder = try TemporaryFolder()
        let photos = try Self.photos(in: folder.url)
        let previous = folder.url.appending(path: "previous")
        #expect(writer.write(photos, into: previous, reusing: nil).writeFailure == nil)
        let expected = try Self.contents(of: previous)

        // Another file system; then a name replaced between the check and the link.
        for answer in [RenditionLink.unlinkable, .linked(device: 0, inode: 0)] {
            let empty = folder.url.appending(path: "empty-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let memory = MemoryDestination(folder: empty, linkAnswer: answer)
            let report = writer.write(photos, to: memory, reusing: previous)
            #expect(report.writeFailure == nil && report.encodedCount == 0)
            #expect(Set(memory.linked.withLock { $0 }) == Set(expected.keys))
            #expect(memory.files.withLock { $0 }.mapValues { Data($0) } == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
        }
    }

    @Test("a destination that cannot write stops the run with its reason")
    func writeFailure() throws {
        struct Full: RenditionDestination {
            let folder: URL
            func write(_ bytes: [UInt8], named name: String) throws(RenditionDestinationError) {
                throw RenditionDestinationError("cannot write '\(name)': No space left on device")
            }
            func link(_ path: String, named name: String) -> RenditionLink { .unlinkable }
        }
        let folder = try TemporaryFolder()
        let photos = try Self.photos(in: folder.url)
        let report = writer.write(photos, to: Full(folder: folder.url), reusing: nil)
        #expect(report.writeFailure?.hasSuffix(": No space left on device") == true)
        #expect(report.renditions.allSatisfy { $0 == nil })
    }
}
