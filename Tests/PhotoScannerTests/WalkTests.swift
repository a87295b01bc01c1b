import Foundation
import Testing

@testable import PhotoScanner

/// The folder walk: which files are candidates, which folders are entered, and in what order.
@Suite("Folder walk")
struct WalkTests {
    typealias Bytes = FixtureBytes
    static let photo = Bytes.jpeg(width: 4, height: 3)

    @Test("hidden files, hidden folders and AppleDouble files are skipped")
    func hiddenSkipped() throws {
        let folder = try TemporaryFolder()
        try folder.write("visible.jpg", Self.photo)
        try folder.write(".hidden.jpg", Self.photo)
        try folder.write("._visible.jpg", [0x00, 0x05, 0x16, 0x07])  // AppleDouble header
        try folder.write(".thumbnails/cached.jpg", Self.photo)
        try folder.write("album/._cover.jpg", [0x00, 0x05, 0x16, 0x07])
        try folder.write("album/cover.jpg", Self.photo)
        let result = try folder.scan()
        #expect(result.photos.map(\.relativePath) == ["album/cover.jpg", "visible.jpg"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("only image extensions are candidates, matched case-insensitively")
    func extensions() throws {
        let folder = try TemporaryFolder()
        for name in ["a.JPG", "b.Jpeg", "c.jpe", "d.jfif", "e.PNG"] {
            try folder.write(name, Self.photo)
        }
        for name in ["metadata.json", "README.txt", "notes", "photo.jpg.bak", "page.html"] {
            try folder.write(name, Array("not an image".utf8))
        }
        let result = try folder.scan()
        #expect(
            result.photos.map(\.relativePath) == ["a.JPG", "b.Jpeg", "c.jpe", "d.jfif", "e.PNG"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("paths are listed in natural order, folders depth-first")
    func naturalOrderOfPaths() throws {
        let folder = try TemporaryFolder()
        let names = [
            "photo10.jpg", "photo2.jpg", "photo1.jpg", "Album 2/b.jpg", "album 10/a.jpg",
            "album 1/z.jpg", "a.jpg",
        ]
        for name in names { try folder.write(name, Self.photo) }
        let result = try folder.scan()
        #expect(
            result.photos.map(\.relativePath) == [
                "a.jpg", "album 1/z.jpg", "Album 2/b.jpg", "album 10/a.jpg", "photo1.jpg",
                "photo2.jpg", "photo10.jpg",
            ])
    }

    @Test("photos and diagnostics interleave by path order")
    func diagnosticsInOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write("b/empty2.jpg", [])
        try folder.write("b/empty10.jpg", [])
        try folder.write("a/empty.png", [])
        try folder.write("c/ok.jpg", Self.photo)
        let result = try folder.scan()
        #expect(
            result.diagnostics.map(\.relativePath) == [
                "a/empty.png", "b/empty2.jpg", "b/empty10.jpg",
            ])
        #expect(result.photos.map(\.relativePath) == ["c/ok.jpg"])
    }

    @Test(
        "symbolic links to files and folders inside the folder are followed, each folder walked once"
    )
    func linksFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write("originals/one.jpg", Self.photo)
        try folder.link("linked-file.jpg", to: "originals/one.jpg")
        try folder.link("linked-folder", to: "originals")
        let result = try folder.scan()
        // A folder is walked once, however many ways lead to it.
        #expect(result.photos.map(\.relativePath) == ["linked-file.jpg", "linked-folder/one.jpg"])
        #expect(
            result.diagnostics == [
                ScanDiagnostic(
                    relativePath: "originals", kind: .alreadyIncluded,
                    message:
                        "leads to the folder already included as 'linked-folder'; not walked again")
            ])
    }

    @Test("a broken link is a diagnostic naming its target")
    func brokenLink() throws {
        let folder = try TemporaryFolder()
        try folder.link("gone.jpg", to: "deleted/photo.jpg")
        let result = try folder.scan()
        #expect(result.photos.isEmpty)
        #expect(
            result.diagnostics == [
                ScanDiagnostic(
                    relativePath: "gone.jpg", kind: .brokenLink,
                    message: "broken symbolic link to 'deleted/photo.jpg'")
            ])
    }

    @Test("a link to an enclosing folder is a loop, not an endless walk")
    func folderLoop() throws {
        let folder = try TemporaryFolder()
        try folder.write("trip/day1.jpg", Self.photo)
        try folder.link("trip/again", to: "..")
        let result = try folder.scan()
        #expect(result.photos.map(\.relativePath) == ["trip/day1.jpg"])
        #expect(result.diagnostics.map(\.kind) == [.symlinkLoop])
        #expect(result.diagnostics.first?.relativePath == "trip/again")
    }

    @Test("links that point at each other are a loop")
    func linkCycle() throws {
        let folder = try TemporaryFolder()
        try folder.link("ping.jpg", to: "pong.jpg")
        try folder.link("pong.jpg", to: "ping.jpg")
        let result = try folder.scan()
        #expect(result.photos.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.symlinkLoop, .symlinkLoop])
    }

    @Test("excluded folders are never entered")
    func excludedFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("photo.jpg", Self.photo)
        try folder.write("_site/thumbs/photo.jpg", Self.photo)
        try folder.write("_site/broken.jpg", [])
        let result = try folder.scan(excluding: ["_site"])
        #expect(result.photos.map(\.relativePath) == ["photo.jpg"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("an excluded folder matches however its path is spelled")
    func excludedFolderOtherSpelling() throws {
        let folder = try TemporaryFolder()
        try folder.write("photo.jpg", Self.photo)
        try folder.write("_site/photo.jpg", Self.photo)
        try folder.makeFolder("albums")
        try folder.link("output", to: "_site")
        // Through "..", and through a symbolic link: both name the same folder (device + inode).
        #expect(
            try folder.scan(excluding: ["albums/../_site"]).photos.map(\.relativePath) == [
                "photo.jpg"
            ])
        let viaLink = try folder.scan(excluding: ["output"])
        #expect(viaLink.photos.map(\.relativePath) == ["photo.jpg"])
    }

    @Test("a root given with a trailing slash or through a link lists the same relative paths")
    func rootSpellings() throws {
        let folder = try TemporaryFolder()
        try folder.write("a/one.jpg", Self.photo)
        try folder.link("alias", to: "a")
        let direct = try PhotoScanner(jobs: 1).scan(folder.url.appendingPathComponent("a"))
        let slashed = try PhotoScanner(jobs: 1).scan(
            URL(fileURLWithPath: folder.url.appendingPathComponent("a").path + "/"))
        let linked = try PhotoScanner(jobs: 1).scan(folder.url.appendingPathComponent("alias"))
        let asText = try PhotoScanner(jobs: 2).scan(atPath: folder.url.path + "/a/")
        let dotted = try PhotoScanner(jobs: 1).scan(atPath: folder.url.path + "/alias/../a")
        #expect(direct.photos.map(\.relativePath) == ["one.jpg"])
        #expect(slashed == direct)
        #expect(linked == direct)
        #expect(asText == direct)
        #expect(dotted == direct)
    }

    @Test(
        "an unreadable subfolder is a diagnostic and the scan goes on",
        .enabled(if: geteuid() != 0, "root reads every folder"))
    func unreadableSubfolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("locked/photo.jpg", Self.photo)
        try folder.write("open/photo.jpg", Self.photo)
        chmod(folder.url.appendingPathComponent("locked").path, 0)
        defer { chmod(folder.url.appendingPathComponent("locked").path, 0o755) }
        let result = try folder.scan()
        #expect(result.photos.map(\.relativePath) == ["open/photo.jpg"])
        #expect(result.diagnostics.map(\.kind) == [.unreadable])
    }

    @Test("a FIFO named like a photo does not hang the scan")
    func fifo() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.url.appendingPathComponent("pipe.jpg").path, 0o644) == 0)
        let result = try folder.scan()
        #expect(result.photos.isEmpty)
        #expect(
            result.diagnostics == [
                ScanDiagnostic(
                    relativePath: "pipe.jpg", kind: .unreadable, message: "not a regular file")
            ])
    }
}
