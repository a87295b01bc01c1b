import Foundation
import Testing

@testable import PhotoScanner

/// One folder's listing: every name in one buffer, hidden names left out, natural order.
@Suite("Folder entries")
struct FolderEntriesTests {
    /// Lists `folder` (not its subfolders) as the walk does.
    static func entries(of folder: TemporaryFolder) throws -> FolderEntries {
        let descriptor = open(folder.url.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return FolderListings.withScratch { FolderEntries(reading: descriptor, buffer: $0) }
    }

    @Test(
        "names come out NUL-terminated, in natural order, with their types; hidden names are left out"
    )
    func namesInOrder() throws {
        let folder = try TemporaryFolder()
        for name in [
            "IMG_10.jpg", "IMG_9.jpg", "img_9b.png", ".hidden.jpg", "._IMG_9.jpg", "Z.txt", "é.jpg",
        ] {
            try folder.write(name, [1, 2, 3])
        }
        try folder.makeFolder("album 2")
        try folder.makeFolder("album 10")
        try folder.makeFolder(".thumbnails")
        let listing = try Self.entries(of: folder)

        let names = listing.entries.map { String(decoding: listing.name($0), as: UTF8.self) }
        #expect(
            names == [
                "album 2", "album 10", "IMG_9.jpg", "img_9b.png", "IMG_10.jpg", "Z.txt", "é.jpg",
            ])
        #expect(
            listing.entries.map { Int32($0.type) }
                == [DT_DIR, DT_DIR, DT_REG, DT_REG, DT_REG, DT_REG, DT_REG].map(Int32.init))
        for entry in listing.entries {
            // Ready for the C shim: the byte after each name ends it.
            #expect(listing.names[Int(entry.start + entry.length)] == 0)
            #expect(!listing.name(entry).contains(0))
        }
        #expect(listing.names.count == listing.entries.reduce(0) { $0 + Int($1.length) + 1 })
    }

    @Test("an empty folder, and one with only hidden names, have no entries")
    func empty() throws {
        let folder = try TemporaryFolder()
        #expect(try Self.entries(of: folder).entries.isEmpty)
        try folder.write(".DS_Store", [0])
        let listing = try Self.entries(of: folder)
        #expect(listing.entries.isEmpty)
        #expect(listing.names.isEmpty)
    }

    @Test("a thousand names keep their natural order and every name its own bytes")
    func manyNames() throws {
        let folder = try TemporaryFolder()
        for number in stride(from: 1000, through: 1, by: -1) {
            try folder.write("photo\(number).jpg", [])
        }
        let listing = try Self.entries(of: folder)
        #expect(
            listing.entries.map { String(decoding: listing.name($0), as: UTF8.self) }
                == (1...1000).map { "photo\($0).jpg" })
    }
}
