import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// Files that are large, broken or change while a build runs, through the built binary.
@Suite("Unlucky files: huge, broken, or changing mid-build", .serialized)
struct UnluckyFilesTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// Runs the binary and returns its exit status and its peak resident memory (from `wait4`'s
    /// resource usage of that very child), with standard output and error discarded.
    /// (posix_spawn has no working-folder argument on glibc 2.36: give absolute paths.)
    static func peakMemory(_ binary: URL, _ arguments: [String]) throws -> (
        status: Int32, peakBytes: Int
    ) {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
        try #require(spawned == 0)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = (status & 0x7F) == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), Int(usage.ru_maxrss) * 1024)
    }

    @Test("a 2 GB sparse JPEG builds with peak memory under 300 MB")
    func sparseTwoGigabytes() throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        try work.write("photos/a.jpg", photo)
        let huge = try work.write("photos/huge.jpg", photo)
        // The real photo, then zeros up to 2 GB: no disk space, a valid header, a decodable image.
        try #require(truncate(huge.path, 2 << 30) == 0)
        let site = work.url.appending(path: "site")
        let run = try Self.peakMemory(
            binary,
            [
                "build", work.url.appending(path: "photos").path, "-o", site.path, "--jobs", "2",
                "--publish-originals",
            ])
        #expect(run.status == 0)
        #expect(run.peakBytes < 300 << 20, "peak \(run.peakBytes >> 20) MB")
        let html = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(TileMarkup.shows(html, href: "items/huge.html", srcPrefix: "renditions/"))
        var info = stat()
        #expect(
            stat(site.appending(path: "photos/huge.jpg").path, &info) == 0
                && info.st_size == 2 << 30)
    }

    @Test(
        "a photo whose renditions failed is not decoded again while unchanged, and its warning is repeated"
    )
    func rememberedFailure() throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        try work.write("photos/a.jpg", photo)
        // A good header, then the data ends (an end-of-image marker) halfway, padded to the size.
        var broken = Data(photo.prefix(photo.count / 2))
        broken.append(contentsOf: [0xFF, 0xD9])
        broken.append(Data(count: photo.count - broken.count))
        let file = try work.write("photos/broken.jpg", broken)
        let photos = work.url.appending(path: "photos").path

        let first = try ProcessRun(
            binary, ["build", photos, "-o", "site", "--publish-originals"], in: work.url)
        #expect(first.status == 0)
        let warning = "warning: broken.jpg: no resized copies ("
        #expect(first.error.contains(warning), "\(first.error)")
        // The build's records, beside the site.
        let cache = try String(
            contentsOf: work.url.appending(path: ".site.waterfall-site-cache"), encoding: .utf8)
        #expect(cache.contains("\tfailed:"))

        // The same file (inode, size, modification time) now holds the good photo: a build that
        // decoded it again would give it renditions. The cache remembers the failure instead.
        var info = stat()
        try #require(stat(file.path, &info) == 0)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: photo)
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        try #require(utimensat(AT_FDCWD, file.path, &times, 0) == 0)

        let second = try ProcessRun(
            binary, ["build", photos, "-o", "site", "--publish-originals"], in: work.url)
        #expect(second.status == 0)
        #expect(second.error == first.error)
        #expect(
            second.output.contains(
                "(1 photo without renditions); 2 unchanged photos not read again"),
            "\(second.output)")
        var html = try String(
            contentsOf: work.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(TileMarkup.shows(html, href: "items/broken.html", srcPrefix: "photos/broken.jpg\""))

        // --no-cache reads it again: now it has renditions and no warning.
        let fresh = try ProcessRun(
            binary, ["build", photos, "-o", "site", "--no-cache", "--publish-originals"],
            in: work.url)
        #expect(fresh.status == 0)
        #expect(fresh.error.isEmpty, "\(fresh.error)")
        html = try String(contentsOf: work.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(TileMarkup.shows(html, href: "items/broken.html", srcPrefix: "renditions/"))
    }

    @Test(
        "a photo deleted, or replaced by a FIFO, during the build is left out with a warning; the rest is published",
        arguments: [false, true])
    func photoGoneMidBuild(replacedByFIFO: Bool) throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto("Travel/harbour at dusk.jpg")
        // Enough photos that resizing them one at a time takes a while; the last is deleted as
        // soon as the first renditions appear, long before its turn.
        for index in 1...24 {
            try work.write("photos/photo-\(index).jpg", photo + Data([UInt8(index)]))
        }
        let victim = work.url.appending(path: "photos/photo-24.jpg")
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "build", work.url.appending(path: "photos").path, "-o", "site", "--jobs", "1",
            "--publish-originals",
        ]
        process.currentDirectoryURL = work.url
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        var deleted = false
        while !deleted && Date() < deadline && process.isRunning {
            let staging = (try? FileManager.default.contentsOfDirectory(atPath: work.path))?.first {
                $0.hasPrefix(".site.staging-")
            }
            if let staging,
                let renditions = try? FileManager.default.contentsOfDirectory(
                    atPath: work.url.appending(path: "\(staging)/renditions").path),
                !renditions.isEmpty
            {
                try FileManager.default.removeItem(at: victim)
                if replacedByFIFO { try #require(mkfifo(victim.path, 0o644) == 0) }
                deleted = true
            }
            usleep(2_000)
        }
        let error = String(
            decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(deleted, "the build finished before the photo could be deleted")
        #expect(process.terminationStatus == 0, "\(error)")
        let reason =
            replacedByFIFO
            ? "it is no longer a regular file (replaced during the build)"
            : "the file is gone (deleted or moved during the build)"
        #expect(error.contains("warning: photo-24.jpg: left out: \(reason)"), "\(error)")
        let site = work.url.appending(path: "site")
        let html = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(!html.contains("photo-24.jpg"))
        #expect(html.contains(#"href="items/photo-23.html""#))
        #expect(
            FileManager.default.fileExists(atPath: site.appending(path: "items/photo-23.html").path)
        )
        #expect(
            !FileManager.default.fileExists(
                atPath: site.appending(path: "items/photo-24.html").path),
            "the page of a photo gone during the build is not published")
        let published = try FileManager.default.contentsOfDirectory(
            atPath: site.appending(path: "photos").path)
        #expect(published.count == 23)
        #expect(!published.contains("photo-24.jpg"))
    }

    @Test("only regular files are placed in the site: a FIFO in a photo's place is left out")
    func fifoInPlaceOfPhoto() throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        try work.write("photos/a.jpg", photo)
        try work.write("photos/b.jpg", photo)
        let output = OutputFolder(work.url.appending(path: "site"))
        try output.prepareStaging()
        defer { output.removeStaging() }
        let fifo = work.url.appending(path: "photos/b.jpg")
        try FileManager.default.removeItem(at: fifo)
        try #require(mkfifo(fifo.path, 0o644) == 0)
        let reason = try output.placeOriginal(Array(fifo.path.utf8), at: "photos/b.jpg")
        #expect(reason == "it is no longer a regular file (now a FIFO, replaced during the build)")
        #expect(
            !FileManager.default.fileExists(
                atPath: output.staging.appending(path: "photos/b.jpg").path))
        #expect(
            try output.placeOriginal(
                Array(work.url.appending(path: "photos/a.jpg").path.utf8), at: "photos/a.jpg")
                == nil)
        #expect(
            try output.placeOriginal(
                Array(work.url.appending(path: "photos/gone.jpg").path.utf8), at: "photos/gone.jpg")
                == "the file is gone (deleted or moved during the build)")
    }

    /// Every file's path under `site`, relative to it, sorted.
    static func files(_ site: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: site.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String { files.append(path) }
        return files.sorted()
    }

    @Test(
        "legal names too long for a page's name (251 bytes, a slug that grows, two slugs that meet) build, with short stable item pages"
    )
    func longNames() throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        let long = String(repeating: "a", count: 247)
        let names = [
            String(repeating: "\u{130}", count: 123) + ".jpg", long + ".jpg",
            long.uppercased() + ".png", String(repeating: "b", count: 246) + ".jpeg",
        ]
        #expect(names.allSatisfy { $0.utf8.count <= 251 })
        for name in names { try work.write("photos/\(name)", photo) }
        var sites: [[String]] = []
        for output in ["site", "again"] {
            let build = try ProcessRun(
                binary, ["build", "photos", "-o", output, "--no-renditions"], in: work.url)
            #expect(build.status == 0, "\(build.error)")
            let items = Self.files(work.url.appending(path: "\(output)/items"))
            #expect(items.count == 4)
            #expect(items.allSatisfy { $0.utf8.count <= 255 }, "\(items.map(\.utf8.count))")
            let html = try BadInputTests.html(work.url.appending(path: output))
            // Linked from the gallery (the hash and extension end each link, in ASCII).
            for item in items { #expect(html.contains(item.suffix(14) + "\"")) }
            sites.append(items)
        }
        #expect(sites[0] == sites[1], "the same photos give the same item pages")
    }

    @Test(
        "a photo 4,090 bytes deep builds: its item page path is shortened, and an original too long to publish is withheld (or, without renditions, the photo skipped) with a warning naming it"
    )
    func deepPath() throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        let folders = Array(repeating: String(repeating: "f", count: 200), count: 19)
        let photos = work.url.appending(path: "photos")
        // 4,090 bytes from the root: legal, read by the scan, too long with the site in front.
        let room = 4_090 - (photos.path + "/" + folders.joined(separator: "/") + "/.jpg").utf8.count
        let deep =
            folders.joined(separator: "/") + "/" + String(repeating: "x", count: room) + ".jpg"
        #expect((photos.path + "/" + deep).utf8.count == 4_090)
        try work.write("photos/" + deep, photo)
        try work.write("photos/short.jpg", photo)
        let build = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--publish-originals"], in: work.url)
        #expect(build.status == 0, "\(build.error)")
        #expect(build.error.contains("fff/xxx"), "the warning names the photo: \(build.error)")
        #expect(
            build.error.contains(
                "its original is not published (the site shows its resized copies): its path in the site would be"
            ))
        let items = Self.files(work.url.appending(path: "site/items"))
        #expect(items.count == 3, "\(items)")  // the collapsed folder, its page, short.html
        #expect(items.allSatisfy { $0.utf8.count <= 1024 - 6 })
        #expect(FileManager.default.fileExists(atPath: work.path + "/site/photos/short.jpg"))

        let plain = try ProcessRun(
            binary, ["build", "photos", "-o", "plain", "--no-renditions"], in: work.url)
        #expect(plain.status == 0, "\(plain.error)")
        #expect(plain.error.contains("skipped: its path in the site would be"), "\(plain.error)")
        #expect(Self.files(work.url.appending(path: "plain/items")) == ["short.html"])
        let strict = try ProcessRun(
            binary, ["build", "photos", "-o", "strict", "--no-renditions", "--strict"],
            in: work.url)
        #expect(strict.status == 1)
        #expect(strict.error.contains("--strict: 1 photo's original is too long a path to publish"))
    }
}
