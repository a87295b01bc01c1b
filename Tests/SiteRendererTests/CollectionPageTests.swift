import Foundation
import MasonryLayout
import Testing

@testable import SiteRenderer

/// A gallery of part of the catalogue (a category's or a tag's) on pages in a folder.
@Suite("Collection pages")
struct CollectionPageTests {
    static func page(number: Int) -> SitePage {
        var photo = ProductCardTests.product()
        photo.link = "shop/red-bowl.html"
        photo.tags = ["blue"]
        var page = SitePage(
            number: number, count: 2,
            sections: [SiteSection(folder: "Ceramics", title: "", photos: [photo])])
        page.collection = SiteCollection(
            title: "Hand-made ceramics", description: "Bowls and cups",
            pagePaths: ["ceramics/index.html", "ceramics/page-2.html"])
        page.menu = [
            MenuEntry(title: "All", path: "index.html"),
            MenuEntry(title: "Hand-made ceramics", path: "ceramics/index.html"),
            MenuEntry(title: "Tags", path: "tags/index.html"),
        ]
        return page
    }

    @Test("Every link of a page in a folder goes up to the site's root; its own pages are siblings")
    func links() throws {
        let renderer = try ResponsiveImageTests.renderer()
        let html = try renderer.render(Self.page(number: 2)).html
        for expected in [
            "<title>Hand-made ceramics · ", "<h1>Hand-made ceramics</h1>",
            #"<meta name="description" content="Bowls and cups">"#,
            #"<p class="site-home"><a href="../index.html">"#,
            #"href="../assets/waterfall."#, #"href="../assets/layout."#,
            #"<link rel="canonical" href="page-2.html">"#,
            #"<a href="../index.html">All</a>"#,
            #"<a href="../ceramics/index.html" aria-current="page">Hand-made ceramics</a>"#,
            #"<a href="../tags/index.html">Tags</a>"#,
            #"href="../items/ceramics/red-bowl.html""#,
            #"src="../renditions/abc-800.jpg""#, "../renditions/abc-400.jpg 400w",
            #"<a href="../ceramics/index.html">1</a>"#,
        ] {
            #expect(html.contains(expected), "\(expected)")
        }
        #expect(!html.contains(#"href="assets/"#) && !html.contains(#"src="renditions/"#))
    }

    @Test("The home gallery's page keeps its links at the root and names itself in the menu")
    func home() throws {
        let renderer = try ResponsiveImageTests.renderer()
        var page = Self.page(number: 1)
        page.collection = nil
        page.count = 1
        let html = try renderer.render(page).html
        #expect(html.contains(#"<a href="index.html" aria-current="page">All</a>"#))
        #expect(html.contains(#"href="items/ceramics/red-bowl.html""#))
        #expect(!html.contains("site-home"))
    }

    @Test("An item page lists its tags as links to their pages, up from its folder")
    func itemTags() throws {
        let renderer = try ResponsiveImageTests.renderer()
        var photo = ProductCardTests.product()
        photo.tags = ["Blue glaze", "index"]
        let html = renderer.itemPage(
            photo,
            context: SiteRenderer.ItemContext(
                sectionTitle: "Hand-made ceramics", galleryPage: "index.html",
                sectionID: "s-ceramics", categoryPath: "ceramics/index.html"))
        #expect(html.contains(#"<a href="../../tags/blue-glaze.html" dir="auto">Blue glaze</a>"#))
        #expect(html.contains(#"<a href="../../tags/index-tag.html" dir="auto">index</a>"#))
        #expect(html.contains(#"<a href="../../ceramics/index.html">Hand-made ceramics</a>"#))
    }

    @Test("A tag's pages: the first beside the others' first pages, the rest in its own folder")
    func tagPaths() {
        #expect(
            SiteCollection.tagPagePaths(of: "Blue Glaze", count: 3) == [
                "tags/blue-glaze.html", "tags/blue-glaze/page-2.html",
                "tags/blue-glaze/page-3.html",
            ])
        #expect(SiteCollection.root(of: "tags/blue/page-2.html") == "../../")
    }
}
