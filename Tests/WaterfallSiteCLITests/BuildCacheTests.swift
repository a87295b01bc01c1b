import Foundation
import TestSupport
import Testing

@testable import SiteBuild

/// The build cache may only ever save work: after any change to the photos, or to the cache file
/// itself, a rebuild must produce exactly the site a build without the cache produces, but for
/// the one thing the cache remembers on purpose: the redirects of item pages that moved.
@Suite("Build cache", .serialized)
struct BuildCacheTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    @Test(
        "Change, add, rename, delete and a corrupt cache: each rebuild equals a --no-cache build",
        arguments: [false, true])
    func rebuildsEqualFreshBuilds(renditions: Bool) throws {
        let mode = renditions ? "--renditions" : "--no-renditions"
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try work.write("photos/b.png", try Repository.samplePhoto("Ceramics/espresso-cup.png"))
        try work.write("photos/Sub/c.jpg", try Repository.samplePhoto("dogs-at-the-door.jpg"))

        /// `redirected`: the old item pages the rebuild leaves as redirects, which a build
        /// without the records cannot know of.
        func rebuildMatchesFresh(
            _ step: String, expectCached: Int? = nil, redirected: [String] = []
        ) throws {
            let cached = try ProcessRun(
                binary, ["build", "photos", "-o", "site", mode], in: work.url)
            #expect(cached.status == 0, "\(step): \(cached.error)")
            if let expectCached {
                let note =
                    expectCached > 0
                    ? "\(expectCached) unchanged photos not read again" : "not read again"
                #expect(
                    cached.output.contains(note) == (expectCached > 0), "\(step): \(cached.output)")
            }
            let fresh = try ProcessRun(
                binary, ["build", "photos", "-o", "fresh", mode, "--no-cache"], in: work.url)
            #expect(fresh.status == 0, "\(step): \(fresh.error)")
            #expect(!fresh.output.contains("not read again"), "--no-cache reads every photo")
            let site = try EndToEndTests.tree(work.url.appending(path: "site"))
            let reference = try EndToEndTests.tree(work.url.appending(path: "fresh"))
            let redirects = redirected.isEmpty ? [] : redirected + ["/_redirects"]
            #expect(
                site.keys.sorted() == (reference.keys + redirects).sorted(),
                "\(step): the same files")
            for name in redirected {
                #expect(
                    site[name].map { String(decoding: $0, as: UTF8.self) }?.contains(
                        #"http-equiv="refresh""#) == true, "\(step): \(name) redirects")
            }
            for (name, bytes) in reference where site[name] != bytes {
                Issue.record("\(step): \(name) differs from a build without the cache")
            }
        }

        try rebuildMatchesFresh("first build")
        try rebuildMatchesFresh("nothing changed", expectCached: 3)

        // Same name, other content and size: the cache must not answer for it.
        try work.write("photos/a.jpg", try Repository.samplePhoto("Travel/wooden-pier.jpg"))
        try rebuildMatchesFresh("a photo changed", expectCached: 2)
        #expect(
            try String(contentsOf: work.url.appending(path: "site/index.html"), encoding: .utf8)
                .contains(#"width=934 height=1400"#))
        try rebuildMatchesFresh("after the change, unchanged", expectCached: 3)

        try work.write("photos/d.jpg", try Repository.samplePhoto("wall-clock.jpg"))
        try rebuildMatchesFresh("a photo added", expectCached: 3)

        // A rename keeps device, inode, size and time, but not the path the cache is keyed by.
        try FileManager.default.moveItem(
            at: work.url.appending(path: "photos/b.png"),
            to: work.url.appending(path: "photos/Sub/b2.png"))
        try rebuildMatchesFresh("a photo renamed", expectCached: 3)

        try FileManager.default.removeItem(at: work.url.appending(path: "photos/d.jpg"))
        try rebuildMatchesFresh("a photo deleted", expectCached: 3)

        // Item pages: a title shows on the photo's own page and on its neighbours' (prev/next).
        let neighbour = work.url.appending(path: "site/items/sub/b2.html")
        let before = try String(contentsOf: neighbour, encoding: .utf8)
        try work.write(
            "photos/metadata.json", #"{"photos": {"Sub/c.jpg": {"title": "Dogs at the door"}}}"#)
        // The title moves the page, and its old path redirects.
        try rebuildMatchesFresh("a title changed", redirected: ["/items/sub/c.html"])
        #expect(
            try String(contentsOf: neighbour, encoding: .utf8) != before,
            "the neighbour shows the new title")
        try rebuildMatchesFresh(
            "after the title, unchanged", expectCached: 3, redirected: ["/items/sub/c.html"])
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/metadata.json"))
        try rebuildMatchesFresh(
            "the title gone", redirected: ["/items/sub/dogs-at-the-door.html"])

        // The previous build's own records one byte short: the checksum refuses them.
        let written = try String(
            contentsOf: work.url.appending(path: ".site.waterfall-site-cache"), encoding: .utf8)
        for garbage in [
            "not a cache at all\n", "waterfall-site build cache 1\nSub/c.jpg\t1\t2\n", "",
            String(written.dropLast()),
        ] {
            try work.write(".site.waterfall-site-cache", garbage)
            let run = try ProcessRun(binary, ["build", "photos", "-o", "site", mode], in: work.url)
            #expect(run.status == 0)
            #expect(
                run.error.components(separatedBy: "warning: ignoring the build cache").count == 2,
                "one warning: \(run.error)")
            try rebuildMatchesFresh("after a corrupt cache")
        }

        // A cache that lies (right format, wrong sizes) is trusted only while identities match;
        // touching the file makes it read again.
        let cacheFile = work.url.appending(path: ".site.waterfall-site-cache")
        let lying = try String(contentsOf: cacheFile, encoding: .utf8).replacingOccurrences(
            of: "\t934\t1400\t", with: "\t999\t777\t")
        try work.write(
            ".site.waterfall-site-cache",
            ChecksumSeal.sealed(
                lying, header: BuildCache.header, checksum: BuildCache.checksum(of:)))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 5)],
            ofItemAtPath: work.url.appending(path: "photos/a.jpg").path)
        try rebuildMatchesFresh("a touched photo under a lying cache", expectCached: 2)
    }

    @Test("Paths that need encoding go into the cache encoded and come back as the same photos")
    func encodedPathsRoundTrip() throws {
        let work = try TemporaryFolder()
        try work.write("photos/Sub #1/a b%é.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try work.write("photos/plain.jpg", try Repository.samplePhoto("wall-clock.jpg"))
        let first = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url)
        #expect(first.status == 0, "\(first.error)")
        let cache = try String(
            contentsOf: work.url.appending(path: ".site.waterfall-site-cache"), encoding: .utf8)
        #expect(cache.contains("\nSub%20%231/a%20b%25%C3%A9.jpg\t"), "\(cache)")
        #expect(cache.contains("\nplain.jpg\t"))
        let again = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url)
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.contains("2 unchanged photos not read again"), "\(again.output)")
    }

    @Test(
        "Pages written by several workers: two cold builds of 12 pages give the same site and records"
    )
    func pagesInParallelAreDeterministic() throws {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        for name in ["a", "b"] {
            let run = try ProcessRun(
                binary,
                ["build", "photos", "-o", name, "--no-renditions", "--page-size", "3", "--quiet"],
                in: work.url)
            #expect(run.status == 0, "\(run.error)")
        }
        let first = try EndToEndTests.tree(work.url.appending(path: "a"))
        #expect(first.keys.contains("/page-12.html") && !first.keys.contains("/page-13.html"))
        #expect(try EndToEndTests.tree(work.url.appending(path: "b")) == first)
        // The records list the pages in order and the manifest by path, whichever worker wrote
        // which page first.
        let records = try ["a", "b"].map {
            try Data(contentsOf: work.url.appending(path: ".\($0).waterfall-site-cache"))
        }
        #expect(records[0] == records[1])
    }

    @Test(
        "A rebuild keeps every file whose bytes did not change: same inode, same modification time")
    func unchangedFilesAreKept() throws {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        let arguments = [
            "build", "photos", "-o", "site", "--no-renditions", "--page-size", "10",
            "--layout-files",
        ]
        #expect(try ProcessRun(binary, arguments, in: work.url).status == 0)
        func layoutStylesheet() throws -> String {
            try #require(EndToEndTests.stylesheets(in: work.url.appending(path: "site")).last)
        }
        func identities() throws -> [String: Int] {
            var result: [String: Int] = [:]
            for name in [
                "index.html", "page-2.html", "page-3.html", "page-4.html", "layout.json",
                "layout/index.json", "layout/page-4.json", try layoutStylesheet(),
                "../.site.waterfall-site-cache",
            ] {
                let attributes = try FileManager.default.attributesOfItem(
                    atPath: work.url.appending(path: "site/\(name)").path)
                result[name] = (attributes[.systemFileNumber] as? Int) ?? -1
            }
            return result
        }
        let first = try identities()
        #expect(try ProcessRun(binary, arguments, in: work.url).status == 0)
        #expect(
            try identities() == first,
            "nothing changed, so every file is the one from the first build")

        // The last photo is on page 4: only that page, its layout and the cache change.
        try work.write(
            "photos/Travel/wooden-pier.jpg", try Repository.samplePhoto("Travel/forest-path.jpg"))
        #expect(try ProcessRun(binary, arguments, in: work.url).status == 0)
        let third = try identities()
        for name in [
            "index.html", "page-2.html", "page-3.html", "layout.json", "layout/index.json",
            try layoutStylesheet(),
        ] {
            #expect(third[name] == first[name], "\(name) did not change and was kept")
        }
        for name in ["page-4.html", "layout/page-4.json", "../.site.waterfall-site-cache"] {
            #expect(third[name] != first[name], "\(name) changed and was written")
        }
    }

    /// Every file of the site (and the records beside it) by path: inode and modification time.
    static func identities(of site: URL) throws -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        let root = site.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + name)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[name] = [
                (attributes[.systemFileNumber] as? Int) ?? -1, Int(modified * 1_000_000_000),
            ]
        }
        return result
    }

    @Test(
        "A one-caption rebuild writes the page that shows the caption and the records, nothing else"
    )
    func oneCaptionRewritesOnePage() throws {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        let options = ["--no-renditions", "--page-size", "10", "--layout-files"]
        #expect(
            try ProcessRun(binary, ["build", "photos", "-o", "site"] + options, in: work.url)
                .status == 0)
        let site = work.url.appending(path: "site")
        let records = work.url.appending(path: ".site.waterfall-site-cache")
        let before = try Self.identities(of: site)
        let recordsBefore = try Self.identities(of: work.url)[".site.waterfall-site-cache"]
        #expect(before.keys.contains("layout/page-4.json") && before.count > 40, "\(before.keys)")

        // The wall clock is on the first page.
        let metadata = work.url.appending(path: "photos/metadata.json")
        let text = try String(contentsOf: metadata, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "Brushed steel hands, 40 cm", with: "Brushed steel hands, 30 cm")
        #expect(edited != text)
        try work.write("photos/metadata.json", edited)
        let run = try ProcessRun(binary, ["build", "photos", "-o", "site"] + options, in: work.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("3 unchanged pages not rendered again"), "\(run.output)")
        let after = try Self.identities(of: site)
        #expect(after.keys.sorted() == before.keys.sorted(), "the same files")
        let rewritten = after.keys.filter { after[$0] != before[$0] }.sorted()
        // The photo's own page shows the caption too, and so do the pages of its two tags; its
        // neighbours show only its name.
        #expect(
            rewritten == [
                "index.html", "items/silent-wall-clock.html", "tags/gifts.html",
                "tags/on-sale.html",
            ],
            "only the caption's gallery page and item page were written: \(rewritten)")
        #expect(
            try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8).contains(
                "Brushed steel hands, 30 cm"))
        #expect(
            try Self.identities(of: work.url)[".site.waterfall-site-cache"] != recordsBefore,
            "the records of \(records.lastPathComponent) say the page's new fingerprint")

        // And the site is the one a build without the cache makes.
        let fresh = try ProcessRun(
            binary, ["build", "photos", "-o", "fresh", "--no-cache"] + options, in: work.url)
        #expect(fresh.status == 0, "\(fresh.error)")
        let reference = try EndToEndTests.tree(work.url.appending(path: "fresh"))
        let built = try EndToEndTests.tree(site)
        #expect(built.keys.sorted() == reference.keys.sorted())
        for (name, bytes) in reference where built[name] != bytes {
            Issue.record("\(name) differs from a build without the cache")
        }
    }

    @Test(
        "A page is kept only while everything it shows is unchanged; the site always equals a fresh build"
    )
    func pagesAreKeptOnlyWhileUnchanged() throws {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        var options = ["--no-renditions", "--page-size", "10", "--layout-files"]
        func rebuild(_ step: String, keeps kept: Int) throws {
            let run = try ProcessRun(
                binary, ["build", "photos", "-o", "site"] + options, in: work.url)
            #expect(run.status == 0, "\(step): \(run.error)")
            let note = "\(kept) unchanged page\(kept == 1 ? "" : "s") not rendered again"
            #expect(
                kept == 0 ? !run.output.contains("not rendered again") : run.output.contains(note),
                "\(step): \(run.output)")
            try? FileManager.default.removeItem(at: work.url.appending(path: "fresh"))
            let fresh = try ProcessRun(
                binary, ["build", "photos", "-o", "fresh", "--no-cache"] + options, in: work.url)
            #expect(fresh.status == 0, "\(step): \(fresh.error)")
            let site = try EndToEndTests.tree(work.url.appending(path: "site"))
            let reference = try EndToEndTests.tree(work.url.appending(path: "fresh"))
            #expect(site.keys.sorted() == reference.keys.sorted(), "\(step): the same files")
            for (name, bytes) in reference where site[name] != bytes {
                Issue.record("\(step): \(name) differs from a fresh build")
            }
        }
        try rebuild("first build", keeps: 0)
        try rebuild("nothing changed", keeps: 4)

        // The wall clock is on the first page: a new caption changes that page only.
        let metadata = work.url.appending(path: "photos/metadata.json")
        let text = try String(contentsOf: metadata, encoding: .utf8)
        try work.write(
            "photos/metadata.json",
            text.replacingOccurrences(
                of: "Brushed steel hands, 40 cm", with: "Brushed steel hands, 30 cm"))
        try rebuild("a caption on page 1 changed", keeps: 3)

        options += ["--column-spacing", "20"]
        try rebuild("an option changed", keeps: 0)

        // A page whose layout file is gone is rendered again, and a layout.json replaced is
        // written again.
        try FileManager.default.removeItem(at: work.url.appending(path: "site/layout/page-3.json"))
        try work.write("site/layout.json", "{}")
        try work.write(
            "photos/Travel/wooden-pier.jpg", try Repository.samplePhoto("Travel/forest-path.jpg"))
        try rebuild("page 3's layout deleted and a photo on page 4 changed", keeps: 2)

        // A page file that went missing is rendered again; the others are kept.
        try FileManager.default.removeItem(at: work.url.appending(path: "site/page-2.html"))
        try rebuild("page 2 deleted from the site", keeps: 3)

        // Without --layout-files the pages are kept and their layout files go; with it again
        // each kept page gets its layout file back.
        options.removeAll { $0 == "--layout-files" }
        try rebuild("layout files turned off", keeps: 4)
        for name in ["site/layout", "site/layout.json"] {
            #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: name).path))
        }
        options.append("--layout-files")
        try rebuild("layout files turned on again", keeps: 0)
    }

    @Test(
        "The published folder holds no build record: no file but the pages and their layout names a photo"
    )
    func noRecordsInTheSite() throws {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        // A photo that is scanned but never shown.
        let broken = try Repository.samplePhoto("Travel/forest-path.jpg")
        try work.write("photos/Travel/unlisted-broken.jpg", broken.prefix(broken.count / 2))
        let run = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-original-link", "--page-size", "10"],
            in: work.url)
        #expect(run.status == 0, "\(run.error)")
        let photoPaths = try #require(
            FileManager.default.subpaths(atPath: work.url.appending(path: "photos").path)
        )
        .filter { path in [".jpg", ".jpeg", ".png"].contains { path.lowercased().hasSuffix($0) } }
        #expect(photoPaths.count == 38)
        // What may name photos: the pages, and their layout files (a record of what the pages
        // show). Everything else a visitor can fetch must not name any photo, by path or by file
        // name.
        var checked = 0
        for (name, bytes) in try EndToEndTests.tree(work.url.appending(path: "site")) {
            if name.hasSuffix(".html") || name.hasPrefix("/layout/") { continue }
            guard !name.hasPrefix("/renditions/") else { continue }  // image bytes, named by hash
            let text = String(decoding: bytes, as: UTF8.self)
            for path in photoPaths {
                let fileName = String(path.split(separator: "/").last!)
                #expect(!text.contains(fileName), "\(name) names the photo \(path)")
            }
            #expect(!text.contains("waterfall-site build cache"), "\(name) is a build record")
            checked += 1
        }
        #expect(checked >= 4, "the marker, _headers and the two stylesheets were read")
        let hidden = try FileManager.default.contentsOfDirectory(
            atPath: work.url.appending(path: "site").path
        ).filter { $0.hasPrefix(".") }
        #expect(hidden == [".waterfall-site"], "the only hidden file is the marker: \(hidden)")
        // The records are beside the site, and do list every photo: the check above can fail.
        let records = try String(
            contentsOf: work.url.appending(path: ".site.waterfall-site-cache"), encoding: .utf8)
        #expect(
            records.contains("\nchelsea-the-cat.jpg\t")
                && records.contains("\nCeramics/espresso-cup.png\t"))
    }

    @Test(
        "A site an older version built, its cache inside: read once, then the records move beside it"
    )
    func cacheInsideIsMovedOut() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try work.write("photos/Sub/b.png", try Repository.samplePhoto("Ceramics/espresso-cup.png"))
        let arguments = ["build", "photos", "-o", "site", "--no-renditions"]
        #expect(try ProcessRun(binary, arguments, in: work.url).status == 0)
        let beside = work.url.appending(path: ".site.waterfall-site-cache")
        let inside = work.url.appending(path: "site/.waterfall-site-cache")
        try FileManager.default.moveItem(at: beside, to: inside)
        let moved = try ProcessRun(binary, arguments, in: work.url)
        #expect(moved.status == 0, "\(moved.error)")
        #expect(
            moved.output.contains("2 unchanged photos not read again"),
            "the cache inside was used: \(moved.output)")
        #expect(
            !FileManager.default.fileExists(atPath: inside.path), "the new site holds no records")
        #expect(FileManager.default.fileExists(atPath: beside.path))
        let again = try ProcessRun(binary, arguments, in: work.url)
        #expect(
            again.output.contains("2 unchanged photos not read again"),
            "the records beside it are used: \(again.output)")

        // Inside and beside both (an older version built after a newer one): the one inside came
        // with the site, and the one beside is older.
        try FileManager.default.copyItem(at: beside, to: inside)
        try work.write(".site.waterfall-site-cache", "waterfall-site build cache 6\nstale\n")
        let both = try ProcessRun(binary, arguments, in: work.url)
        #expect(both.status == 0 && both.error.isEmpty, "\(both.error)")
        #expect(both.output.contains("2 unchanged photos not read again"), "\(both.output)")
        #expect(!FileManager.default.fileExists(atPath: inside.path))
        #expect(try String(contentsOf: beside, encoding: .utf8).contains("\nSub/b.png\t"))
    }

    @Test("A build killed around its swap never leaves records that describe another site")
    func killedBuildLeavesNoWrongRecords() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try work.write("photos/b.jpg", try Repository.samplePhoto("wall-clock.jpg"))
        let arguments = ["build", "photos", "-o", "site", "--no-renditions"]
        #expect(try ProcessRun(binary, arguments, in: work.url).status == 0)
        let records = work.url.appending(path: ".site.waterfall-site-cache")

        // Killed after writing its records, before the swap (pid_max is at most 4,194,304, so
        // no such process runs): its records and staging folder are cleared, the old ones used.
        try FileManager.default.createDirectory(
            at: work.url.appending(path: ".site.staging-4999999"), withIntermediateDirectories: true
        )
        try work.write(
            ".site.staging-4999999.waterfall-site-cache",
            "waterfall-site build cache 6\nclaims\tother\tfiles\n")
        let before = try ProcessRun(binary, arguments, in: work.url)
        #expect(before.status == 0 && before.error.isEmpty, "\(before.error)")
        #expect(before.output.contains("2 unchanged photos not read again"), "\(before.output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
        #expect(left == [".site.waterfall-site-cache", "photos", "site"], "\(left)")

        // Killed between the renames, after the previous records went: the previous site comes
        // back without records, and every photo is read again.
        try work.write("photos/b.jpg", try Repository.samplePhoto("Travel/wooden-pier.jpg"))
        try FileManager.default.moveItem(
            at: work.url.appending(path: "site"),
            to: work.url.appending(path: ".site.previous-4999999"))
        try FileManager.default.removeItem(at: records)
        let after = try ProcessRun(binary, arguments, in: work.url)
        #expect(after.status == 0, "\(after.error)")
        #expect(!after.output.contains("not read again"), "\(after.output)")
        let fresh = try ProcessRun(
            binary, ["build", "photos", "-o", "fresh", "--no-renditions"], in: work.url)
        #expect(fresh.status == 0)
        #expect(
            try EndToEndTests.tree(work.url.appending(path: "site"))
                == EndToEndTests.tree(work.url.appending(path: "fresh")))
    }
}
