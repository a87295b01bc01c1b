import Foundation
import TestSupport
import Testing

@Suite("Category and tag pages, end to end")
struct BrowsingEndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    func read(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appending(path: path), encoding: .utf8)
    }

    @Test(
        "The sample gets a page per category and per tag, linked from the menu and the item pages")
    func sample() throws {
        let work = try TemporaryFolder()
        let site = work.url.appending(path: "site")
        let run = try ProcessRun(
            binary,
            [
                "build", Repository.sampleImages.path, "-o", site.path, "--no-renditions",
                "--base-url", "https://shop.example/catalogue/", "--layout-files",
            ], in: work.url)
        #expect(run.status == 0, "\(run.error)")
        let home = try read(site, "index.html")
        for link in [
            #"<a href="index.html" aria-current="page">All</a>"#,
            #"<a href="ceramics/index.html">Hand-made ceramics</a>"#,
            #"<a href="tags/index.html">Tags</a>"#,
        ] {
            #expect(home.contains(link), "the home page's menu has \(link)")
        }
        // A category page: its own title, canonical and menu mark; links reach up to the root.
        let ceramics = try read(site, "ceramics/index.html")
        #expect(ceramics.contains("<title>Hand-made ceramics · Atelier Waterfall"))
        #expect(ceramics.contains(#"<h1>Hand-made ceramics</h1>"#))
        #expect(
            ceramics.contains(
                #"<link rel="canonical" href="https://shop.example/catalogue/ceramics/index.html">"#
            ))
        #expect(
            ceramics.contains(
                #"<a href="../ceramics/index.html" aria-current="page">Hand-made ceramics</a>"#))
        #expect(ceramics.contains(#"<p class="site-home"><a href="../index.html">"#))
        #expect(ceramics.contains(#"href="../items/ceramics/terracotta-espresso-cup-saucer.html""#))
        #expect(!ceramics.contains("Around the workshop</h2>"), "only its own section")
        #expect(
            ceramics.components(separatedBy: "<li id=\"p-").count - 1 == 3,
            "the stacking cups and their rims are one product")
        // A tag page shows the products tagged, from any section.
        let tableware = try read(site, "tags/tableware.html")
        #expect(tableware.contains(#"<h1>tableware</h1>"#))
        #expect(tableware.components(separatedBy: "<li id=\"p-").count - 1 == 3)
        let gifts = try read(site, "tags/gifts.html")
        #expect(gifts.contains(#"href="../items/hummingbird-lamp.html""#))
        #expect(gifts.contains(#"href="../items/silent-wall-clock.html""#))
        // The tags' page: a card per tag, linking its page.
        let tags = try read(site, "tags/index.html")
        for tag in ["blue", "gifts", "lighting", "on-sale", "red", "stoneware", "tableware"] {
            #expect(tags.contains(#"href="../tags/\#(tag).html""#), "tags/index.html links \(tag)")
        }
        // An item page's breadcrumb goes to its category's page; its tags link their pages.
        let bowl = try read(site, "items/ceramics/red-leaf-bowl.html")
        #expect(bowl.contains(#"<a href="../../ceramics/index.html">Hand-made ceramics</a>"#))
        #expect(bowl.contains(#"<a href="../../tags/stoneware.html" dir="auto">stoneware</a>"#))
        // Every new page is in the sitemap and in layout.json.
        let sitemap = try read(site, "sitemap.xml")
        let layout = try read(site, "layout.json")
        for path in ["ceramics/index.html", "tags/blue.html", "tags/index.html"] {
            #expect(sitemap.contains("https://shop.example/catalogue/\(path)"), "sitemap: \(path)")
            #expect(layout.contains(#""file":"\#(path)""#), "layout.json: \(path)")
        }
    }

    @Test("A folder named like the site's own folders gets a category path of its own")
    func reservedNames() throws {
        let work = try TemporaryFolder()
        for path in ["photos/Items/a.jpg", "photos/Tags/b.jpg", "photos/tags!/c.jpg"] {
            try work.write(path, Repository.samplePhoto())
        }
        let site = work.url.appending(path: "site")
        let run = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url)
        #expect(run.status == 0, "\(run.error)")
        for path in ["items-2/index.html", "tags-2/index.html", "tags-2-2/index.html"] {
            #expect(
                FileManager.default.fileExists(atPath: site.appending(path: path).path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "tags").path))
    }

    @Test("A rebuild after adding a tag to one product rewrites only the pages that show it")
    func addedTagRewritesItsPages() throws {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        let site = work.url.appending(path: "site")
        let options = ["--no-renditions", "--layout-files"]
        #expect(
            try ProcessRun(binary, ["build", "photos", "-o", "site"] + options, in: work.url)
                .status == 0)
        let before = try BuildCacheTests.identities(of: site)
        let metadata = work.url.appending(path: "photos/metadata.json")
        let text = try String(contentsOf: metadata, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: #""tags": "tableware, red","#, with: #""tags": "tableware, red, gifts","#)
        #expect(edited != text)
        try edited.write(to: metadata, atomically: true, encoding: .utf8)
        let run = try ProcessRun(binary, ["build", "photos", "-o", "site"] + options, in: work.url)
        #expect(run.status == 0, "\(run.error)")
        let after = try BuildCacheTests.identities(of: site)
        #expect(after.keys.sorted() == before.keys.sorted(), "the same files")
        let rewritten = after.keys.filter { after[$0] != before[$0] }.sorted()
        // The espresso cup's page lists its tags; the gifts page shows it; the tags' page counts
        // it (its layout is the same: "4 photos" takes the line "3 photos" took).
        #expect(
            rewritten == [
                "items/ceramics/terracotta-espresso-cup-saucer.html", "layout/tags/gifts.json",
                "tags/gifts.html",
                "tags/index.html",
            ], "\(rewritten)")
    }

    @Test(
        "A rebuild with nothing changed takes the category and tag folders over whole, files and all"
    )
    func pageFoldersTakenOver() throws {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        let site = work.url.appending(path: "site")
        let build = ["build", "photos", "-o", "site", "--no-renditions", "--layout-files"]
        #expect(try ProcessRun(binary, build, in: work.url).status == 0)
        let folders = ["ceramics", "tags", "layout/ceramics", "layout/tags"]
        let before = try folders.map { try Self.inode(of: site.appending(path: $0)) }
        let files = try BuildCacheTests.identities(of: site)
        let run = try ProcessRun(binary, build, in: work.url)
        #expect(run.status == 0, "\(run.error)")
        // The same folders, not new ones with the same files linked in: nothing was made again.
        #expect(try folders.map { try Self.inode(of: site.appending(path: $0)) } == before)
        #expect(try BuildCacheTests.identities(of: site) == files)
        // And the site is what a build from nothing makes.
        #expect(
            try ProcessRun(
                binary,
                [
                    "build", "photos", "-o", "fresh", "--no-renditions", "--no-cache",
                    "--layout-files",
                ], in: work.url
            ).status == 0)
        let diff = try ProcessRun(
            URL(filePath: "/usr/bin/diff"), ["-r", "site", "fresh"], in: work.url)
        #expect(diff.status == 0, "\(diff.output)")
    }

    /// The inode of the folder at `url` itself.
    static func inode(of url: URL) throws -> Int {
        try #require(
            FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
    }
}
