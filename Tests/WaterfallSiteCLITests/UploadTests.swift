import Foundation
import TestSupport
import Testing

/// The upload claim of the README and `docs/publishing.md`, tested with real `rsync` into a
/// local folder: a rebuild keeps every file whose bytes did not change (inode and modification
/// time), so `rsync -a --delete` sends exactly the files that changed, and nothing at all after
/// a rebuild without a change.
@Suite("Uploads send only what changed", .serialized)
struct UploadTests {
    let binary: URL
    let rsync: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
        let found = ["/usr/bin/rsync", "/bin/rsync", "/usr/local/bin/rsync"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        rsync = URL(
            fileURLWithPath: try #require(
                found, "rsync is not installed: run scripts/install-dependencies.sh --tests"))
    }

    static let photoCount = 500
    static let pageSize = 100

    /// 500 generated photos of varied shapes in two folders, each with a caption.
    func gallery(in work: TemporaryFolder) throws -> [String: String] {
        var captions: [String: String] = [:]
        for index in 0..<Self.photoCount {
            let path = "\(index < 250 ? "Spring" : "Summer")/photo-\(index).png"
            try work.write(
                "photos/" + path,
                GeneratedPhoto.png(width: 24 + index % 17, height: 18 + index * 7 % 29, seed: index)
            )
            captions[path] = "Caption of photo \(index)"
        }
        try writeMetadata(captions, in: work)
        return captions
    }

    func writeMetadata(_ captions: [String: String], in work: TemporaryFolder) throws {
        let photos = captions.mapValues { ["caption": $0] }
        try work.write(
            "photos/metadata.json",
            try JSONSerialization.data(withJSONObject: ["photos": photos], options: [.sortedKeys]))
    }

    func build(_ work: TemporaryFolder) throws {
        let run = try ProcessRun(
            binary,
            ["build", "photos", "-o", "site", "--quiet", "--page-size", String(Self.pageSize)],
            in: work.url)
        #expect(run.status == 0, "\(run.error)")
    }

    /// Runs `rsync -a --delete --itemize-changes site/ host/`; the files it sent, created or
    /// deleted, and the other lines it printed (attribute changes only).
    /// Returns once the wall clock is in a later second than when it was called.
    static func waitForTheNextSecond() {
        let second = Date().timeIntervalSince1970.rounded(.down)
        while Date().timeIntervalSince1970 < second + 1 { usleep(10_000) }
    }

    func upload(_ work: TemporaryFolder) throws -> (files: [String], others: [String]) {
        let host = work.url.appending(path: "host")
        try FileManager.default.createDirectory(at: host, withIntermediateDirectories: true)
        let run = try ProcessRun(
            rsync, ["-a", "--delete", "--itemize-changes", "site/", host.path + "/"], in: work.url)
        #expect(run.status == 0, "rsync: \(run.error)")
        var files: [String] = []
        var others: [String] = []
        for line in run.output.split(separator: "\n").map(String.init) {
            // `>f…` a file sent, `cd`/`cf` created, `*deleting` removed, `.d..t` a folder's time.
            let name = line.split(separator: " ", maxSplits: 1).last.map(String.init) ?? line
            if line.hasPrefix(">f") || line.hasPrefix("<f") || line.hasPrefix("c")
                || line.hasPrefix("*deleting") || line.hasPrefix(".f")
            {
                files.append(name.trimmingCharacters(in: .whitespaces))
            } else {
                others.append(line)
            }
        }
        return (files.sorted(), others)
    }

    @Test(
        "500 photos: after one caption changes, rsync sends the one page that shows it; with no change, nothing"
    )
    func rsyncSendsOnlyChanges() throws {
        let work = try TemporaryFolder()
        var captions = try gallery(in: work)
        try build(work)
        let first = try upload(work)
        #expect(
            first.files.contains("index.html") && first.files.contains("_headers")
                && first.files.count > Self.photoCount)
        #expect(
            !first.files.contains { $0.contains("waterfall-site-cache") },
            "the build's records are not uploaded")
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "host/.waterfall-site-cache").path))

        try build(work)
        let unchanged = try upload(work)
        #expect(
            unchanged.files.isEmpty, "a rebuild without a change sends nothing: \(unchanged.files)")
        #expect(
            unchanged.others.allSatisfy { $0.hasPrefix(".d") },
            "at most a folder's time is set: \(unchanged.others)")

        // Photo 250 is the first of the second folder: the first photo of page 3.
        let changed = "Summer/photo-250.png"
        let pages = try (1...5).map { number in
            try String(
                contentsOf: work.url.appending(
                    path: "site/\(number == 1 ? "index" : "page-\(number)").html"), encoding: .utf8)
        }
        let showing = pages.indices.filter { pages[$0].contains(captions[changed]!) }.map {
            $0 == 0 ? "index.html" : "page-\($0 + 1).html"
        }
        #expect(showing == ["page-3.html"], "exactly one page shows the caption")
        // Digits are all one width, so the new caption wraps to the lines of the old one at
        // every breakpoint: its band keeps its height and no frame moves.
        captions[changed] = "Caption of photo 999"
        try writeMetadata(captions, in: work)
        // The page keeps its size, so rsync tells it by its time, which it compares to the
        // second: a build in the second of the upload before would look unchanged to it (the
        // builds of 500 tiny photos take a tenth of a second).
        Self.waitForTheNextSecond()
        try build(work)
        // A caption that keeps its lines moves no frame: no layout file changes, only the page
        // that shows it.
        let sent = try upload(work)
        // The photo's own page shows the caption too, and so does its category's page; its
        // neighbours show only its name.
        #expect(
            sent.files == ["items/summer/photo-250.html"] + showing + ["summer/index.html"],
            "\(sent.files)")
        #expect(
            try String(contentsOf: work.url.appending(path: "host/page-3.html"), encoding: .utf8)
                .contains("Caption of photo 999"))

        try build(work)
        #expect(try upload(work).files.isEmpty, "and again nothing once it is uploaded")
    }
}
