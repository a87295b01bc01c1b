import Foundation
import Testing

@testable import PhotoRenditions

/// What the writer itself refuses of a rendition store's files, whatever the injected byte check
/// says: an entry that is a symbolic link or not a regular file is never opened for its bytes.
@Suite("Rendition writer: store entries")
struct RenditionStoreEntryTests {
    /// A writer whose byte check passes everything, so only the writer's own rules act.
    let writer: RenditionWriter = {
        var writer = RenditionWriter(
            encoder: RenditionEncoder(),
            widths: RenditionWidths(layout: RenditionWidthsTests.defaultLayout), jobs: 2)
        writer.storeCheck = { _, _, _ in nil }
        return writer
    }()

    @Test("a symbolic link to a whole rendition and a FIFO are refused; the photo is encoded")
    func linkAndFIFO() throws {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "store-entries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appending(path: "outside"), withIntermediateDirectories: true)
        try Data(GeneratedImages.photo(width: 1200, height: 800)).write(
            to: folder.appending(path: "wide.jpg"))
        let photo = RenditionWriter.Photo(
            source: folder.appending(path: "wide.jpg"), relativePath: "wide.jpg", orientation: 1,
            displaySize: RenditionSize(width: 1200, height: 800))
        let store = folder.appending(path: "store")
        let filled = writer.write([photo], into: store, reusing: nil)
        let names = try #require(filled.renditions[0]).files.map {
            $0.path.split(separator: "/")[1]
        }
        let linked = String(names[0])
        let fifo = String(names[1])
        // The real file, moved out of the store and linked to: whole, but not the store's.
        try FileManager.default.moveItem(
            at: store.appending(path: linked), to: folder.appending(path: "outside/" + linked))
        try FileManager.default.createSymbolicLink(
            at: store.appending(path: linked),
            withDestinationURL: folder.appending(path: "outside/" + linked))
        try FileManager.default.removeItem(at: store.appending(path: fifo))
        #expect(mkfifo(store.appending(path: fifo).path, 0o644) == 0)

        let site = folder.appending(path: "site")
        let report = writer.write([photo], into: site, reusing: nil, store: store)
        #expect(report.writeFailure == nil)
        #expect(report.encodedCount == 1 && report.storeCount == 0)
        #expect(
            report.rejected.map(\.path)
                == [linked, fifo].sorted().map { store.appending(path: $0).path })
        let reasons = Dictionary(uniqueKeysWithValues: report.rejected.map { ($0.path, $0.reason) })
        #expect(reasons[store.appending(path: linked).path]?.contains("symbolic link") == true)
        #expect(
            reasons[store.appending(path: fifo).path]?.contains("not a regular file (a FIFO)")
                == true)
        #expect(report.rejected.allSatisfy { $0.place == .store })
        for name in names {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: site.appending(path: String(name)).path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name)")
        }
    }

    @Test(
        "across file systems a checked file is copied from what was checked; a link is still refused",
        .enabled(if: Self.otherFileSystem != nil, "no second file system (/dev/shm) here"))
    func acrossFileSystems() throws {
        let shared = try #require(Self.otherFileSystem)
        let store = shared.appending(path: "store-\(UUID().uuidString)")
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "store-copies-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: store)
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photos = try [(1200, 800), (800, 1200)].map { width, height in
            let name = "\(width)x\(height).jpg"
            try Data(GeneratedImages.photo(width: width, height: height)).write(
                to: folder.appending(path: name))
            return RenditionWriter.Photo(
                source: folder.appending(path: name), relativePath: name, orientation: 1,
                displaySize: RenditionSize(width: width, height: height))
        }
        let filled = writer.write(photos, into: store, reusing: nil)
        let kept = try #require(filled.renditions[0]).allFiles.map(\.path)
        let spoilt = String(try #require(filled.renditions[1]).files[0].path.dropFirst(11))
        try FileManager.default.removeItem(at: store.appending(path: spoilt))
        try FileManager.default.createSymbolicLink(
            at: store.appending(path: spoilt), withDestinationURL: photos[1].source)

        let site = folder.appending(path: "site")
        let report = writer.write(photos, into: site, reusing: nil, store: store)
        #expect(report.writeFailure == nil)
        #expect(report.storeCount == 1 && report.encodedCount == 1)
        #expect(report.rejected.map(\.path) == [store.appending(path: spoilt).path])
        for path in kept {
            let name = String(path.dropFirst(11))
            #expect(
                try Data(contentsOf: site.appending(path: name))
                    == Data(contentsOf: store.appending(path: name)), "\(name)")
        }
    }

    /// A folder on another file system than the temporary folder, where a hard link fails.
    static let otherFileSystem: URL? = {
        var shared = stat()
        var temporary = stat()
        guard stat("/dev/shm", &shared) == 0,
            stat(FileManager.default.temporaryDirectory.path, &temporary) == 0,
            shared.st_dev != temporary.st_dev, access("/dev/shm", W_OK) == 0
        else { return nil }
        return URL(fileURLWithPath: "/dev/shm")
    }()
}
