import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The merged metadata the records keep (see `MetadataRecord`): every change to the metadata
/// file is seen by the rebuild, which then equals a `--no-cache` build, and a file whose identity
/// is unchanged is not read again.
@Suite("Build cache: the merged metadata", .serialized)
struct MetadataRecordEndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    static func metadata(price: String = "€44", extraRows: String = "") -> String {
        #"""
        { "photos": {
            "a.jpg": { "product": "cup set", "title": "Cup set", "slug": "cup-set", "price": "€42",
                       "position": 2 },
            "b.png": { "product": "cup set", "variant": "Rust", "price": "\#(price)",
                       "position": 1 }\#(extraRows)
          },
          "sections": { "Sub": { "title": "More" } } }
        """#
    }

    @Test(
        "A field changed, a row added, a photo added that a row named, the file deleted: each rebuild equals a --no-cache build"
    )
    func changesAreSeen() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try work.write("photos/b.png", try Repository.samplePhoto("Ceramics/espresso-cup.png"))
        try work.write("photos/Sub/c.jpg", try Repository.samplePhoto("dogs-at-the-door.jpg"))
        try work.write("photos/metadata.json", Self.metadata())

        func rebuildMatchesFresh(_ step: String, warns warning: String? = nil) throws {
            let cached = try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url)
            #expect(cached.status == 0, "\(step): \(cached.error)")
            let fresh = try ProcessRun(
                binary, ["build", "photos", "-o", "fresh", "--no-renditions", "--no-cache"],
                in: work.url)
            #expect(fresh.status == 0, "\(step): \(fresh.error)")
            #expect(cached.error == fresh.error, "\(step): the same warnings")
            if let warning { #expect(cached.error.contains(warning), "\(step): \(cached.error)") }
            let site = try EndToEndTests.tree(work.url.appending(path: "site"))
            let reference = try EndToEndTests.tree(work.url.appending(path: "fresh"))
            for (name, bytes) in reference where site[name] != bytes {
                Issue.record("\(step): \(name) differs from a build without the cache")
            }
            // Only redirects of pages that moved, which a build without records cannot know of.
            for (name, bytes) in site where reference[name] == nil {
                #expect(
                    name == "/_redirects"
                        || String(decoding: bytes, as: UTF8.self).contains(#"http-equiv="refresh""#),
                    "\(step): \(name) is only in the rebuilt site")
            }
        }

        try rebuildMatchesFresh("first build")
        try rebuildMatchesFresh("nothing changed")
        try work.write("photos/metadata.json", Self.metadata(price: "€46.50"))
        try rebuildMatchesFresh("one field of one row changed")
        #expect(try Self.text(work, "site/items/cup-set.html").contains("46.50"))
        let rows = #", "Sub/c.jpg": { "caption": "A dog at the door" }"#
        try work.write("photos/metadata.json", Self.metadata(price: "€46.50", extraRows: rows))
        try rebuildMatchesFresh("a row added")
        #expect(try Self.text(work, "site/index.html").contains("A dog at the door"))
        let named = rows + #", "Sub/d.jpg": { "caption": "A wall clock" }"#
        try work.write("photos/metadata.json", Self.metadata(price: "€46.50", extraRows: named))
        try rebuildMatchesFresh("a row naming no photo", warns: "no photo 'Sub/d.jpg'")
        try work.write("photos/Sub/d.jpg", try Repository.samplePhoto("wall-clock.jpg"))
        try rebuildMatchesFresh("the photo it named added")
        #expect(try Self.text(work, "site/index.html").contains("A wall clock"))
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/metadata.json"))
        try rebuildMatchesFresh("the file deleted")
        #expect(try !Self.text(work, "site/index.html").contains("A wall clock"))
    }

    @Test("A file rewritten in place with its size and time kept is taken from the records")
    func unchangedIdentityIsNotReadAgain() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        let file = try work.write(
            "photos/metadata.json", #"{ "photos": { "a.jpg": { "caption": "Blue mug" } } }"#)
        let build = ["build", "photos", "-o", "site", "--no-renditions"]
        #expect(try ProcessRun(binary, build, in: work.url).status == 0)
        var before = stat()
        #expect(stat(file.path, &before) == 0)
        // The same inode, size and modification time: the identity the records are keyed by.
        let handle = try FileHandle(forUpdating: file)
        try handle.write(
            contentsOf: Data(#"{ "photos": { "a.jpg": { "caption": "Rust mug" } } }"#.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        #expect(try ProcessRun(binary, build, in: work.url).status == 0)
        #expect(try Self.text(work, "site/index.html").contains("Blue mug"), "not read again")
        // A second later, it is read again.
        var later = [before.st_atim, before.st_mtim]
        later[1].tv_sec += 1
        #expect(utimensat(AT_FDCWD, file.path, &later, 0) == 0)
        #expect(try ProcessRun(binary, build, in: work.url).status == 0)
        #expect(try Self.text(work, "site/index.html").contains("Rust mug"))
    }

    static func text(_ work: TemporaryFolder, _ path: String) throws -> String {
        try String(contentsOf: work.url.appending(path: path), encoding: .utf8)
    }
}
