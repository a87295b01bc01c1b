import Foundation
import TestSupport
import Testing

/// Ctrl-C and SIGTERM while `serve` builds: the built binary, stopped in the middle of a slow
/// build (hundreds of photos to make renditions of).
@Suite("serve: a signal during a build or rebuild", .serialized)
struct ServeSignalTests {
    /// Photos the rebuild has to make renditions of: seconds of work on any machine.
    static let addedPhotos = 300

    @Test(
        "A rebuild is abandoned within a second; the site stays whole; exit 128 + the signal",
        arguments: [([SIGINT], 130), ([SIGTERM], 143), ([SIGINT, SIGINT], 130)]
            as [([Int32], Int32)])
    func signalDuringRebuild(signals: [Int32], status: Int32) throws {
        let folder = try TemporaryFolder()
        for index in 0..<2 {
            try folder.write(
                "photos/first-\(index).png", GeneratedPhoto.png(width: 64, height: 48, seed: index))
        }
        // Made beside the photos and moved in at once, so the rebuild starts with all of them.
        let base = GeneratedPhoto.png(width: 640, height: 480, seed: 100)
        for index in 0..<Self.addedPhotos {
            try folder.write(
                "more/added-\(index).png", GeneratedPhoto.png(base, tagged: "photo \(index)"))
        }
        // Reported when the rebuild's scan is done, before its renditions are made.
        try folder.write("more/broken.jpg", Data([0xFF, 0xD8, 0xFF]))
        let site = folder.url.appending(path: "site")
        let server = try ServeProcess([
            folder.url.appending(path: "photos").path, "-o", site.path, "--port", "0",
        ])
        let before = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        try FileManager.default.moveItem(
            at: folder.url.appending(path: "more"), to: folder.url.appending(path: "photos/more"))
        // The event: the rebuild is under way. Not "rebuilding", which serve says before it reads
        // the settings again: a signal then finds no build running and stops serving (exit 0).
        try server.wait(for: "the rebuild's scan", timeout: 60) { _ in
            server.error.contains("broken.jpg") ? true : nil
        }
        let stopped = server.stop(with: signals)
        #expect(stopped.status == status, "stderr: \(server.error)")
        #expect(stopped.seconds < 1, "stderr: \(server.error)")
        // A second signal ends the process at once, whatever it is doing (SignalStop): sent
        // right after the first, it may come before these words (seen in CI under load).
        if signals.count == 1 {
            #expect(server.error.contains("interrupted: the build was abandoned"))
        }
        #expect(!server.error.contains("Stopped serving."))
        // The site is the one served before, whole, and nothing of the abandoned build is left.
        let after = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(after == before)
        try Self.expectOnlyRecoverable(in: folder, from: server)
    }

    /// Beside the photos, the site and its records, at most what the next build clears: a
    /// staging folder
    /// named after the stopped process (a rendition being written when the process ended may
    /// make its folder again; a second signal ends it before any clean-up), and the lock file,
    /// which nothing holds any more.
    static func expectOnlyRecoverable(in folder: TemporaryFolder, from server: ServeProcess) throws
    {
        let pid = server.process.processIdentifier
        let expected: Set = [
            "photos", "site", ".site.waterfall-site-cache", ".site.waterfall-site-lock",
            ".site.staging-\(pid)",
        ]
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { !expected.contains($0) && !$0.hasPrefix(".site.previous-\(pid)-") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("Ctrl-C during the first build abandons it within a second: no site, exit 130")
    func signalDuringFirstBuild() throws {
        let folder = try TemporaryFolder()
        let base = GeneratedPhoto.png(width: 640, height: 480, seed: 100)
        for index in 0..<Self.addedPhotos {
            try folder.write(
                "photos/photo-\(index).png", GeneratedPhoto.png(base, tagged: "photo \(index)"))
        }
        // Reported when the scan is done, before the renditions are made.
        try folder.write("photos/broken.jpg", Data([0xFF, 0xD8, 0xFF]))
        let site = folder.url.appending(path: "site")
        let server = try ServeProcess(
            [folder.url.appending(path: "photos").path, "-o", site.path, "--port", "0"],
            waitsForAddress: false)
        try server.wait(for: "the end of the scan", timeout: 60) { _ in
            server.error.contains("broken.jpg") ? true : nil
        }
        let stopped = server.stop(with: [SIGINT])
        #expect(stopped.status == 130, "stderr: \(server.error)")
        #expect(stopped.seconds < 1, "stderr: \(server.error)")
        #expect(!server.output.contains("Serving"))
        #expect(!FileManager.default.fileExists(atPath: site.path))
        try Self.expectOnlyRecoverable(in: folder, from: server)
    }
}
