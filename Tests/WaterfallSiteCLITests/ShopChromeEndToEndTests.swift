import Foundation
import TestSupport
import Testing

/// The shop's own face on the sample, built by the built binary: its header links on every
/// kind of page, reached from each page's folder; its own words in place of the theme's; no
/// credit line; and a rebuild that changes them renders every page again.
@Suite("Header links, the shop's words and the credit, end to end", .serialized)
struct ShopChromeEndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// A page of each kind, with the way from its folder up to the site's root.
    static let pages = [
        ("index.html", ""), ("ceramics/index.html", "../"), ("tags/tableware.html", "../"),
        ("items/ceramics/red-leaf-bowl.html", "../../"),
    ]

    /// The sample's settings with `links`, `strings` and `credit` added.
    static func settings(aboutLabel: String) -> String {
        """
        {
          "title": "Atelier Waterfall: sample gallery",
          "links": [
            {"label": "\(aboutLabel)", "url": "about.html"},
            {"label": "Instagram", "url": "https://instagram.example/atelier"}
          ],
          "strings": {"photoCount.one": "{count} product", "photoCount.other": "{count} products",
                      "backToGallery": "Back to the shop"},
          "credit": false
        }
        """
    }

    func build(_ work: TemporaryFolder, _ site: URL) throws {
        let run = try ProcessRun(
            binary,
            [
                "build", Repository.sampleImages.path, "-o", site.path, "--no-renditions",
                "--config", work.url.appending(path: "waterfall.json").path, "--quiet",
            ], in: work.url)
        #expect(run.status == 0, "\(run.error)")
    }

    func read(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appending(path: path), encoding: .utf8)
    }

    @Test("The links, the words and no credit on the home, a category, a tag and an item page")
    func everyPageKind() throws {
        let work = try TemporaryFolder()
        let site = work.url.appending(path: "site")
        try work.write("waterfall.json", Self.settings(aboutLabel: "About"))
        try build(work, site)
        for (path, root) in Self.pages {
            let html = try read(site, path)
            #expect(html.contains(#"<a href="\#(root)about.html">About</a>"#), "\(path): About")
            #expect(
                html.contains(
                    #"<a href="https://instagram.example/atelier" rel="external noopener">Instagram<span class="wf-sr"> (external)</span>"#
                ), "\(path): Instagram, marked external")
            // The site title links home on every page below the root.
            if !root.isEmpty {
                #expect(
                    html.contains(#"<p class="site-home"><a href="\#(root)index.html">"#), "\(path)"
                )
            }
            #expect(!html.contains("Made with"), "\(path) has no credit")
            #expect(html.firstMatch(of: /[0-9] photos?</) == nil, "\(path) counts photos")
        }
        #expect(try read(site, "index.html").contains(" products</p>"))
        #expect(try read(site, "ceramics/index.html").contains(" products</p>"))
        #expect(try read(site, "items/ceramics/red-leaf-bowl.html").contains("Back to the shop"))
    }

    @Test(
        "A change of the links or the words renders the gallery, category, tag and item pages again"
    )
    func rebuildRendersAgain() throws {
        let work = try TemporaryFolder()
        let site = work.url.appending(path: "site")
        try work.write("waterfall.json", Self.settings(aboutLabel: "About"))
        try build(work, site)
        try work.write(
            "waterfall.json",
            Self.settings(aboutLabel: "Our studio").replacing(
                "Back to the shop", with: "All products"))
        try build(work, site)
        for (path, root) in Self.pages {
            let html = try read(site, path)
            #expect(html.contains(#"<a href="\#(root)about.html">Our studio</a>"#), "\(path)")
            #expect(!html.contains(">About</a>"), "\(path) kept the old link")
        }
        #expect(try read(site, "items/ceramics/red-leaf-bowl.html").contains("All products"))
    }

    @Test("A bad link or an unknown word is an error naming the file, the entry and the fix")
    func badEntries() throws {
        let work = try TemporaryFolder()
        let site = work.url.appending(path: "site")
        for (json, message) in [
            (
                #"{"links": [{"label": "A", "url": "a.html"}, {"label": "B", "url": "/b.html"}]}"#,
                #"links[1] "url" '/b.html' must be relative to the site's root ("b.html")"#
            ),
            (
                #"{"links": [{"label": "X", "url": "javascript:alert(1)"}]}"#,
                "links[0] \"url\" 'javascript:alert(1)' must be an http(s) address"
            ),
            (
                #"{"links": [{"lable": "X", "url": "x.html"}]}"#,
                "links[0] has an unknown key 'lable' (did you mean 'label'?)"
            ),
            (
                #"{"strings": {"photoCont.other": "{count} products"}}"#,
                "key 'strings': 'photoCont.other' is no word of the theme's strings.json (did you mean 'photoCount.other'?)"
            ),
        ] {
            try work.write("waterfall.json", json)
            let run = try ProcessRun(
                binary,
                [
                    "build", Repository.sampleImages.path, "-o", site.path, "--no-renditions",
                    "--config", work.url.appending(path: "waterfall.json").path, "--quiet",
                ], in: work.url)
            #expect(run.status != 0, "\(json) was accepted")
            #expect(run.error.contains("waterfall.json"), "\(run.error)")
            #expect(run.error.contains(message), "\(run.error)")
        }
    }
}
