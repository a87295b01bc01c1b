import Foundation
import TestSupport
import Testing

/// Item page addresses from slugs and titles, and the redirects a moved page leaves, through the
/// built binary: build, change a title or a slug, build again into the same output.
@Suite("Addresses from names and redirects, end to end", .serialized)
struct RedirectsEndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// Two photos in `Shop` with `rows` as the metadata table's rows after its header.
    static func shop(_ work: TemporaryFolder, rows: String) throws {
        try work.write("photos/metadata.csv", "path,title,slug\n" + rows)
    }

    func build(_ work: TemporaryFolder, _ extra: [String] = []) throws -> ProcessRun {
        try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--quiet", "--no-renditions"] + extra,
            in: work.url)
    }

    func text(_ work: TemporaryFolder, _ path: String) -> String? {
        try? String(contentsOf: work.url.appending(path: "site/" + path), encoding: .utf8)
    }

    /// The rules of the site's `_redirects`, comments left out; nil without the file.
    func rules(_ work: TemporaryFolder) -> [String]? {
        text(work, "_redirects")?.split(separator: "\n").filter {
            !$0.hasPrefix("#") && !$0.isEmpty
        }
        .map(String.init)
    }

    /// Whether the page at `path` is a redirect to `target` (relative to it).
    func expectRedirect(
        _ work: TemporaryFolder, _ path: String, to target: String, _ step: String
    ) {
        let page = text(work, path) ?? ""
        #expect(
            page.contains(#"<meta http-equiv="refresh" content="0; url=\#(target)">"#)
                && page.contains(#"<link rel="canonical" href="\#(target)">"#)
                && page.contains(#"<a href="\#(target)">"#) && !page.contains("<script"),
            "\(step): \(path): \(page)")
    }

    @Test(
        "A new title moves the page and leaves a redirect; renamed twice, both lead to the newest; a page takes back its path"
    )
    func titlesAndSlugs() throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        for name in ["Shop/IMG_4521.jpg", "Shop/cup.jpg"] {
            try work.write("photos/" + name, photo)
        }
        try Self.shop(work, rows: "Shop/IMG_4521.jpg,Everyday mug,\n")
        var run = try build(work)
        #expect(run.status == 0, "\(run.error)")
        #expect(text(work, "items/shop/everyday-mug.html")?.contains("Everyday mug") == true)
        #expect(text(work, "items/shop/cup.html") != nil)
        #expect(text(work, "index.html")?.contains(#"href="items/shop/everyday-mug.html""#) == true)
        #expect(rules(work) == nil, "no _redirects without redirects")

        // A new title: the new path is the page, the old one redirects.
        try Self.shop(work, rows: "Shop/IMG_4521.jpg,Morning mug,\n")
        run = try build(work)
        #expect(run.status == 0, "\(run.error)")
        #expect(text(work, "items/shop/morning-mug.html")?.contains("Morning mug") == true)
        expectRedirect(work, "items/shop/everyday-mug.html", to: "morning-mug.html", "title")
        #expect(
            rules(work) == ["/items/shop/everyday-mug.html /items/shop/morning-mug.html 301"])

        // A slug renames it again: both old paths lead to the newest; a build with nothing
        // changed keeps them.
        try Self.shop(work, rows: "Shop/IMG_4521.jpg,Morning mug,big-mug\n")
        for step in ["slug", "unchanged"] {
            run = try build(work)
            #expect(run.status == 0, "\(step): \(run.error)")
            #expect(text(work, "items/shop/big-mug.html")?.contains("Morning mug") == true)
            expectRedirect(work, "items/shop/everyday-mug.html", to: "big-mug.html", step)
            expectRedirect(work, "items/shop/morning-mug.html", to: "big-mug.html", step)
            #expect(
                rules(work) == [
                    "/items/shop/everyday-mug.html /items/shop/big-mug.html 301",
                    "/items/shop/morning-mug.html /items/shop/big-mug.html 301",
                ], "\(step)")
        }

        // Another product takes an old path: its page wins, and that redirect is dropped.
        try Self.shop(
            work, rows: "Shop/IMG_4521.jpg,Morning mug,big-mug\nShop/cup.jpg,Everyday mug,\n")
        run = try build(work, ["--base-url", "https://shop.example/gallery/"])
        #expect(run.status == 0, "\(run.error)")
        let taken = text(work, "items/shop/everyday-mug.html") ?? ""
        #expect(!taken.contains("http-equiv") && taken.contains("Everyday mug"), "\(taken)")
        let redirect = text(work, "items/shop/cup.html") ?? ""
        #expect(
            redirect.contains(#"content="0; url=everyday-mug.html""#)
                && redirect.contains(
                    #"<link rel="canonical" href="https://shop.example/gallery/items/shop/everyday-mug.html">"#
                ),
            "\(redirect)")
        #expect(
            rules(work) == [
                "/items/shop/cup.html /items/shop/everyday-mug.html 301",
                "/items/shop/morning-mug.html /items/shop/big-mug.html 301",
            ])
        // The redirect pages are published like the site's other files: in the records' manifest.
        let records =
            (try? String(
                contentsOf: work.url.appending(path: ".site.waterfall-site-cache"), encoding: .utf8))
            ?? ""
        #expect(records.contains("\nitems/shop/cup.html\t"), "\(records.suffix(400))")
        #expect(records.contains("\n#redirects\nitems/shop/cup.html\tShop/cup.jpg\n"))

        // The owner's own _redirects is left as it is.
        try work.write("photos/static/_redirects", "/shop https://shop.example 302\n")
        run = try build(work)
        #expect(run.status == 0, "\(run.error)")
        #expect(rules(work) == ["/shop https://shop.example 302"])
        expectRedirect(work, "items/shop/morning-mug.html", to: "big-mug.html", "own _redirects")

        // --no-host-files: no _redirects, the redirect pages all the same.
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/static"))
        run = try build(work, ["--no-host-files"])
        #expect(run.status == 0, "\(run.error)")
        #expect(rules(work) == nil)
        expectRedirect(work, "items/shop/morning-mug.html", to: "big-mug.html", "--no-host-files")
    }

    @Test("A bad slug fails the build naming the file, the row, the column and the fix")
    func badSlug() throws {
        let work = try TemporaryFolder()
        try work.write("photos/Shop/mug.jpg", try Repository.samplePhoto())
        try Self.shop(work, rows: "Shop/mug.jpg,Mug,Big Mug!\n")
        let run = try build(work)
        #expect(run.status != 0)
        #expect(
            run.error.contains("metadata.csv") && run.error.contains("row 2 (line 2)")
                && run.error.contains("column C ('slug')")
                && run.error.contains("got 'Big Mug!'; write 'big-mug'"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
    }
}
