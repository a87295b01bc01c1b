import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How the built binary publishes into an output that is a symlink, that another build holds,
/// or on a file system without `RENAME_EXCHANGE` (see `OutputFolder`, `FolderExchange`). Kills at
/// every step of the swap are in `Tests/FaultInjection/kill_rebuild.py`.
@Suite("Publishing: symlinked output, the lock, the swap fallback, no empty folders", .serialized)
struct PublishingSafetyTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    @Test(
        "-o naming a symlink builds into its target, made if missing, and leaves the symlink as it was"
    )
    func symlinkedOutput() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        try work.write("photos/b.jpg", try Repository.samplePhoto("Nature/dandelion-seeds.jpg"))
        // The target does not exist yet: the first build creates it, not a folder in the link's place.
        try FileManager.default.createDirectory(
            at: work.url.appending(path: "srv"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: work.path + "/site", withDestinationPath: "srv/gallery")
        #expect(
            try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--quiet", "--publish-originals"],
                in: work.url
            )
            .status == 0)
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/b.jpg"))
        let rebuild = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--quiet", "--publish-originals"],
            in: work.url)
        #expect(rebuild.status == 0, "\(rebuild.error)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: work.path + "/site")
                == "srv/gallery")
        let target = work.path + "/srv/gallery"
        #expect(FileManager.default.fileExists(atPath: target + "/photos/a.jpg"))
        #expect(
            !FileManager.default.fileExists(atPath: target + "/photos/b.jpg"),
            "the deleted photo's original is removed")
        let page = try String(contentsOfFile: target + "/index.html", encoding: .utf8)
        for link in Self.links(page) {
            #expect(
                FileManager.default.fileExists(atPath: target + "/" + link),
                "'\(link)' resolves in the target")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == [
                "photos", "site", "srv",
            ])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: work.path + "/srv").sorted() == [
                ".gallery.waterfall-site-cache", "gallery",
            ])
    }

    @Test(
        "A second build into an output a build is writing fails at once, busy, naming the first's pid"
    )
    func secondBuildIsBusy() throws {
        let work = try TemporaryFolder()
        for name in [
            "Ceramics/stacked-cups.jpg", "Nature/dandelion-seeds.jpg", "chelsea-the-cat.jpg",
            "launch-day.jpg",
        ] {
            try work.write("photos/" + name, try Repository.samplePhoto(name))
        }
        let first = Process()
        first.executableURL = binary
        first.arguments = ["build", "photos", "-o", "site", "--quiet", "--publish-originals"]
        first.currentDirectoryURL = work.url
        try first.run()
        // Hold the first build still once it has the lock, so the second surely meets it.
        let lockFile = work.path + "/.site.waterfall-site-lock"
        let deadline = Date().addingTimeInterval(120)
        while (try? String(contentsOfFile: lockFile, encoding: .utf8))
            != "\(first.processIdentifier)\n" && Date() < deadline
        {
            usleep(1000)
        }
        kill(first.processIdentifier, SIGSTOP)
        let second = try ProcessRun(
            binary,
            ["build", "photos", "-o", "site", "--quiet", "--no-renditions", "--publish-originals"],
            in: work.url)
        kill(first.processIdentifier, SIGCONT)
        first.waitUntilExit()
        #expect(second.status == 1)
        #expect(
            second.error.contains(
                "busy: another waterfall-site build is writing '\(work.url.appending(path: "site").standardizedFileURL.path)' (pid \(first.processIdentifier))"
            ),
            "\(second.error)")
        #expect(first.terminationStatus == 0)
        // The site is the first build's alone: it has renditions, which the second would not.
        #expect(FileManager.default.fileExists(atPath: work.path + "/site/renditions"))
        #expect(
            !FileManager.default.fileExists(atPath: lockFile), "the lock file goes with the build")
        #expect(
            try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--quiet", "--publish-originals"],
                in: work.url
            )
            .status == 0)
    }

    @Test(
        "Ctrl-C or SIGTERM as soon as a build holds the lock removes the lock file; one a SIGKILL left is taken over silently",
        arguments: [SIGINT, SIGTERM])
    func lockFileAfterSignals(signalNumber: Int32) throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        for index in 0..<40 { try work.write("photos/p\(index).jpg", photo) }
        let lockFile = work.path + "/.site.waterfall-site-lock"
        let arguments = ["build", work.path + "/photos", "-o", work.path + "/site", "--quiet"]
        for stop in [signalNumber, SIGKILL] {
            let pid = try Self.spawnWithSignals(binary, arguments)
            // Stop it the moment it has the lock: long before the publishing steps.
            let deadline = Date().addingTimeInterval(120)
            while (try? String(contentsOfFile: lockFile, encoding: .utf8)) != "\(pid)\n"
                && Date() < deadline
            {
                usleep(200)
            }
            kill(pid, SIGSTOP)
            kill(pid, stop)
            kill(pid, SIGCONT)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            if stop == SIGKILL {
                #expect(status & 0x7F == SIGKILL)
                #expect(FileManager.default.fileExists(atPath: lockFile), "SIGKILL runs no handler")
            } else {
                #expect((status >> 8) & 0xFF == 128 + signalNumber, "exit status \(status)")
                #expect(!FileManager.default.fileExists(atPath: lockFile))
            }
        }
        let rebuild = try ProcessRun(binary, arguments)
        #expect(rebuild.status == 0 && rebuild.error.isEmpty, "\(rebuild.error)")
        #expect(!FileManager.default.fileExists(atPath: lockFile))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == [
                ".site.waterfall-site-cache", "photos", "site",
            ])
    }

    /// Starts the binary with SIGINT and SIGTERM unblocked and at their defaults, as a shell
    /// starts it (Foundation's Process starts children with them blocked); output discarded.
    static func spawnWithSignals(_ binary: URL, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var both = sigset_t()
        sigemptyset(&both)
        sigaddset(&both, SIGINT)
        sigaddset(&both, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &both)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, binary.path, &actions, &attributes, argv, environ) == 0)
        return pid
    }

    @Test("Without RENAME_EXCHANGE the plain-rename fallback publishes the same site")
    func renameFallback() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        try work.write("photos/b.jpg", try Repository.samplePhoto("Nature/dandelion-seeds.jpg"))
        let fallback = ["WATERFALL_SITE_NO_RENAME_EXCHANGE": "1"]
        for output in ["site", "reference"] {
            #expect(
                try ProcessRun(
                    binary, ["build", "photos", "-o", output, "--quiet", "--publish-originals"],
                    in: work.url,
                    environment: fallback
                ).status == 0)
        }
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/b.jpg"))
        try work.write("photos/c.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        #expect(
            try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--quiet", "--publish-originals"],
                in: work.url,
                environment: fallback
            ).status == 0)
        #expect(
            try ProcessRun(
                binary,
                [
                    "build", "photos", "-o", "reference", "--quiet", "--no-cache",
                    "--publish-originals",
                ],
                in: work.url
            ).status == 0)
        #expect(
            try EndToEndTests.tree(work.url.appending(path: "site"))
                == EndToEndTests.tree(work.url.appending(path: "reference")))
        var info = stat()
        #expect(
            lstat(work.path + "/site/photos", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR,
            "the carried folder is a folder again")
        let beside = try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
        #expect(
            beside == [
                ".reference.waterfall-site-cache", ".site.waterfall-site-cache", "photos",
                "reference", "site",
            ])
    }

    @Test("--no-original-link after a build with originals leaves no empty photos folder")
    func noEmptyOriginalsFolder() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        try work.write("photos/Sub/b.jpg", try Repository.samplePhoto("Nature/dandelion-seeds.jpg"))
        #expect(
            try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--quiet", "--publish-originals"],
                in: work.url
            )
            .status == 0)
        #expect(FileManager.default.fileExists(atPath: work.path + "/site/photos/Sub/b.jpg"))
        #expect(
            try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--quiet", "--no-original-link"],
                in: work.url
            ).status == 0)
        #expect(!FileManager.default.fileExists(atPath: work.path + "/site/photos"))
        #expect(
            try ProcessRun(
                binary,
                ["build", "photos", "-o", "fresh", "--quiet", "--no-original-link", "--no-cache"],
                in: work.url
            ).status == 0)
        #expect(
            try EndToEndTests.tree(work.url.appending(path: "site"))
                == EndToEndTests.tree(work.url.appending(path: "fresh")))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: work.path + "/site").sorted()
                == FileManager.default.contentsOfDirectory(atPath: work.path + "/fresh").sorted())
    }

    /// The site-relative `href`, `src` and `srcset` targets of `page`.
    static func links(_ page: String) -> [String] {
        let pattern = try! NSRegularExpression(
            pattern: ##"(?:href|src)="([^"#:]+)"|srcset="([^"]+)""##)
        var links: [String] = []
        for match in pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
            if let range = Range(match.range(at: 1), in: page) { links.append(String(page[range])) }
            if let range = Range(match.range(at: 2), in: page) {
                links += page[range].split(separator: ",").compactMap {
                    $0.split(separator: " ").first.map(String.init)
                }
            }
        }
        return links
    }
}
