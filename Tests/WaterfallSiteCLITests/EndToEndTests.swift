import Foundation
import TestSupport
import Testing

/// Runs the built `waterfall-site` binary, as a user would, on the sample photos and on a folder
/// of hostile cases.
@Suite("End to end: the built binary", .serialized)
struct EndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    @Test("SampleImages builds into a complete, byte-identical site")
    func sampleImages() throws {
        let work = try TemporaryFolder()
        let first = try ProcessRun(
            binary,
            [
                "build", Repository.sampleImages.path, "-o", "site-a", "--publish-originals",
                "--layout-files",
            ],
            in: work.url)
        #expect(first.status == 0, "stderr: \(first.error)")
        #expect(
            first.error.isEmpty, "the sample photos should build without warnings: \(first.error)")
        #expect(
            first.output.hasPrefix(
                "Built 37 photos as 35 products in 4 sections, 1 page → site-a/ in "))

        let site = work.url.appending(path: "site-a")
        let html = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(!html.contains("<script"))
        // Every card links its item page, which offers the original (published on request).
        #expect(html.contains(#"<a href="items/travel/harbour-at-dusk.html">"#))
        let harbour = try String(
            contentsOf: site.appending(path: "items/travel/harbour-at-dusk.html"), encoding: .utf8)
        #expect(harbour.contains(#"href="../../photos/Travel/harbour%20at%20dusk.jpg" download"#))
        #expect(!harbour.contains("<script"))
        // The EXIF orientation 6 photo is stored 1500×1000 and displayed 1000×1500 (its widest
        // rendition is its own width).
        #expect(
            TileMarkup.shows(html, href: "items/visitors.html", srcPrefix: "renditions/"))
        // The sample's badge, sold-out item and 32-character product name.
        #expect(html.contains(#"<span class="wf-badge">New</span>"#))
        #expect(html.contains(#"class="wf-sold-out""#))
        #expect(html.contains("Terracotta espresso cup &amp; saucer"))
        // An eager tile's sizes claim 0.8× first on a high-density phone (PhoneSizes).
        #expect(
            html.contains(
                #"-1000.jpg 1000w" sizes="(min-resolution: 2.5dppx) and (max-width: 656.99px) calc(calc((100vw - 48px) / 2) * 0.8), (min-width: 2560px) 492.8px, "#
            ))
        #expect(
            html.contains(
                #"width=1000 height=1500 alt="Two spaniels peering out of a wooden doorway""#))
        // The stylesheets are named by a hash of their bytes, and each holds what its name says.
        let stylesheets = try Self.stylesheets(in: site)
        #expect(
            stylesheets.count == 2 && stylesheets[0].hasPrefix("assets/waterfall.")
                && stylesheets[1].hasPrefix("assets/layout."))
        for name in stylesheets + [
            "layout.json", "layout/index.json", "photos/Ceramics/espresso-cup.png",
            ".waterfall-site",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: site.appending(path: name).path),
                "missing \(name)")
        }
        let original = try Data(
            contentsOf: Repository.sampleImages.appending(path: "Travel/harbour at dusk.jpg"))
        #expect(
            try Data(contentsOf: site.appending(path: "photos/Travel/harbour at dusk.jpg"))
                == original)
        let layout: [String: Any]? = try Self.layout(of: site)
        #expect(layout?["photoCount"] as? Int == 35, "a card per product")
        // Balanced by default within one row spacing (16 px) at every width of every range.
        let firstPage = (layout?["pages"] as? [[String: Any]])?.first
        let ranges = (firstPage?["breakpoints"] as? [[String: Any]]) ?? []
        #expect(ranges.count >= 4)
        #expect(firstPage?["ranges"] as? Int == ranges.count)
        #expect((firstPage?["layoutBytesPerPhoto"] as? Double ?? 0) > 0)
        for range in ranges {
            let report = range["report"] as? [String: Any]
            #expect((report?["worstPlacementDrift"] as? Double ?? 99) <= 16.001)
            #expect(report?["placementsOverTolerance"] as? Int == 0)
        }
        #expect(first.output.contains("Layout: 4 breakpoints in "))

        // Same photos and options: byte-identical site, also when rebuilt in place.
        let second = try ProcessRun(
            binary,
            [
                "build", Repository.sampleImages.path, "-o", "site-b", "--quiet",
                "--publish-originals", "--layout-files",
            ],
            in: work.url)
        #expect(second.status == 0)
        #expect(second.output.isEmpty, "--quiet prints nothing on success")
        #expect(try Self.tree(site) == Self.tree(work.url.appending(path: "site-b")))
        let again = try ProcessRun(
            binary,
            [
                "build", Repository.sampleImages.path, "-o", "site-a", "--publish-originals",
                "--layout-files",
            ],
            in: work.url)
        #expect(again.status == 0, "a previous build is replaced without --force: \(again.error)")
        #expect(try Self.tree(site) == Self.tree(work.url.appending(path: "site-b")))
    }

    @Test("Hostile photos: bad files are warnings, odd names are escaped, the rest is built")
    func hostileFolder() throws {
        let photos = try TemporaryFolder()
        let jpeg = try Repository.samplePhoto()
        let png = try Repository.samplePhoto("Ceramics/espresso-cup.png")
        try photos.write("good.jpg", jpeg)
        try photos.write("png-named.jpg", png)
        try photos.write(
            "corrupt.jpg",
            Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data(repeating: 0x42, count: 64))
        try photos.write("animation.gif", Data("GIF89a".utf8) + Data(repeating: 0, count: 32))
        try photos.write(
            "photo.webp",
            Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8) + Data(repeating: 0, count: 32))
        try photos.write("empty.png", Data())
        try photos.write("notes.txt", "not a photo, silently ignored")
        try photos.write("Odd names/<b>&\"'#?% café.jpg", jpeg)

        let run = try ProcessRun(
            binary, ["build", photos.path, "-o", "site", "--publish-originals"], in: photos.url)
        #expect(run.status == 0, "stderr: \(run.error)")
        for name in ["corrupt.jpg", "animation.gif", "photo.webp", "empty.png"] {
            #expect(run.error.contains(name), "\(name) should be reported")
        }
        #expect(!run.error.contains("notes.txt"))
        #expect(run.error.lowercased().contains("gif") && run.error.lowercased().contains("webp"))
        #expect(run.output.contains("Built 3 photos in 2 sections"), "\(run.output)")

        let site = photos.url.appending(path: "site")
        let html = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(html.contains(#"href="items/odd-names/b-caf%C3%A9.html""#))
        let odd = try String(
            contentsOf: site.appending(path: "items/odd-names/b-café.html"), encoding: .utf8)
        #expect(
            odd.contains(
                #"href="../../photos/Odd%20names/%3Cb%3E%26%22%27%23%3F%25%20caf%C3%A9.jpg" download"#
            ))
        #expect(html.contains(#"alt="&lt;b&gt;&amp;&quot;&#39;#?% café""#))
        #expect(html.contains("Odd names"))
        #expect(
            FileManager.default.fileExists(
                atPath: site.appending(path: "photos/Odd names/<b>&\"'#?% café.jpg").path))
        #expect(html.contains(#"href="items/png-named.html""#))
        #expect(
            html.contains(#"width=600 height=400 alt="Png named""#),
            "a PNG named .jpg is measured as PNG")

        // The output folder lies inside the photos folder: a rebuild must not scan it.
        let rebuild = try ProcessRun(binary, ["build", photos.path, "-o", "site"], in: photos.url)
        #expect(rebuild.status == 0)
        #expect(rebuild.output.contains("Built 3 photos"), "\(rebuild.output)")

        let strict = try ProcessRun(
            binary, ["build", photos.path, "-o", "strict-site", "--strict"], in: photos.url)
        #expect(strict.status == 1)
        #expect(strict.error.contains("--strict"))
        #expect(
            !FileManager.default.fileExists(atPath: photos.url.appending(path: "strict-site").path))
    }

    @Test("A folder that is not a waterfall-site build is never replaced without --force")
    func foreignOutput() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        try work.write("precious/thesis.txt", "years of work")
        let refused = try ProcessRun(binary, ["build", "photos", "-o", "precious"], in: work.url)
        #expect(refused.status == 1)
        #expect(refused.error.contains("not made by waterfall-site"))
        #expect(refused.error.contains("--force"))
        #expect(
            try String(contentsOf: work.url.appending(path: "precious/thesis.txt"), encoding: .utf8)
                == "years of work")

        let forced = try ProcessRun(
            binary, ["build", "photos", "-o", "precious", "--force"], in: work.url)
        #expect(forced.status == 0)
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "precious/thesis.txt").path))

        let inside = try ProcessRun(binary, ["build", "photos", "-o", "."], in: work.url)
        #expect(inside.status == 1)
        #expect(inside.error.contains("is or contains the photos folder"))
    }

    @Test("A failed build leaves the previous site as it was")
    func failedBuildKeepsPreviousSite() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        #expect(
            try ProcessRun(binary, ["build", "photos", "-o", "site"], in: work.url).status == 0)
        let before = try Self.tree(work.url.appending(path: "site"))
        try work.write("theme/page.html", "{{title}} {{bogus}}")
        for name in ["section.html", "tile.html", "pagination.html", "waterfall.css"] {
            try work.write("theme/\(name)", "")
        }
        let failed = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--templates", "theme"], in: work.url)
        #expect(failed.status == 1)
        #expect(
            failed.error.contains("theme/page.html:1: unknown placeholder '{{bogus}}'"),
            "\(failed.error)")
        #expect(try Self.tree(work.url.appending(path: "site")) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter {
            $0.hasPrefix(".")
        }
        #expect(
            leftovers == [".site.waterfall-site-cache"],
            "no staging folder is left behind, only the first build's records: \(leftovers)")
    }

    @Test("What a killed build left beside the output is cleared; nothing else there is touched")
    func leftoversOfKilledBuilds() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        // pid_max on Linux is at most 4,194,304: this process cannot exist.
        try work.write(".site.staging-4999999/index.html", "half-written")
        try work.write(".site.previous-4999998/index.html", "set aside")
        try work.write(".other.staging-4999999/keep.txt", "not ours")
        let run = try ProcessRun(binary, ["build", "photos", "-o", "site"], in: work.url)
        #expect(run.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
        #expect(
            names == [".other.staging-4999999", ".site.waterfall-site-cache", "photos", "site"])
    }

    @Test("No photos at all is a failure with a clear message")
    func noPhotos() throws {
        let work = try TemporaryFolder()
        try work.write("photos/readme.txt", "nothing here")
        let run = try ProcessRun(binary, ["build", "photos"], in: work.url)
        #expect(run.status == 1)
        #expect(run.error.contains("no photos (JPEG, PNG, HEIC, AVIF or WebP) found in"))
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "_site").path))
    }

    @Test("Pages split a large gallery; none is empty and each links its neighbours")
    func pages() throws {
        let work = try TemporaryFolder()
        let run = try ProcessRun(
            binary, ["build", Repository.sampleImages.path, "-o", "site", "--page-size", "10"],
            in: work.url)
        #expect(run.status == 0)
        #expect(run.output.contains("4 pages"))
        let site = work.url.appending(path: "site")
        var counted = 0
        for (index, name) in ["index.html", "page-2.html", "page-3.html", "page-4.html"]
            .enumerated()
        {
            let html = try String(contentsOf: site.appending(path: name), encoding: .utf8)
            let tiles = html.components(separatedBy: "<li id=").count - 1
            // 35 products in pages of at most 10: 4 pages of 8 or 9, balanced.
            #expect(tiles >= 8 && tiles <= 9)
            counted += tiles
            #expect(html.contains("rel=\"next\"") == (index < 3))
            #expect(html.contains("rel=\"prev\"") == (index > 0))
        }
        #expect(counted == 35)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "page-5.html").path))
    }

    @Test("scan --json lists images and diagnostics for scripts; --strict exits 1 on a diagnostic")
    func scanJSON() throws {
        let photos = try TemporaryFolder()
        try photos.write("a.jpg", try Repository.samplePhoto("dogs-at-the-door.jpg"))
        try photos.write("b.gif", Data("GIF89a".utf8) + Data(repeating: 0, count: 16))
        let run = try ProcessRun(binary, ["scan", photos.path, "--json"])
        #expect(run.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let images = try #require(document["images"] as? [[String: Any]])
        #expect(images.count == 1)
        #expect(images.first?["orientation"] as? Int == 6)
        #expect(images.first?["displayWidth"] as? Int == 1000)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["path"] as? String == "b.gif")
        #expect(diagnostics.first?["kind"] as? String == "unsupportedFormat")
        let strict = try ProcessRun(binary, ["scan", photos.path, "--strict", "--quiet"])
        #expect(strict.status == 1)
    }

    /// The stylesheets `folder/index.html` links, in order: `assets/NAME.HASH.css`.
    static func stylesheets(in folder: URL) throws -> [String] {
        let html = try String(contentsOf: folder.appending(path: "index.html"), encoding: .utf8)
        return html.matches(
            of: /<link rel="stylesheet" href="(assets\/[a-z]+\.[0-9a-f]{16}\.css)">/
        ).map { String($0.output.1) }
    }

    /// The site's `layout.json` with each page's entry replaced by its layout file (`layout`
    /// names it), as a tool reading the whole layout would join them.
    static func layout(of site: URL) throws -> [String: Any] {
        var layout = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: site.appending(path: "layout.json"))) as? [String: Any])
        let listed = try #require(layout["pages"] as? [[String: Any]])
        layout["pages"] = try listed.map { entry in
            let path = try #require(entry["layout"] as? String)
            let page = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: site.appending(path: path))) as? [String: Any])
            #expect(page["file"] as? String == entry["file"] as? String, "\(path)")
            return page
        }
        return layout
    }

    /// Every file below `folder` with its bytes, for comparing whole sites.
    static func tree(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
                files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
            }
        }
        return files
    }
}
