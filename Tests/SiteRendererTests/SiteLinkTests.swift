import Foundation
import MasonryLayout
import Testing

@testable import SiteRenderer

/// The header's links (`links`) and the credit line (`credit`) on the gallery and item pages.
@Suite("Header links and the credit line")
struct SiteLinkTests {
    static let links = [
        SiteLink(label: "About", url: "about.html"),
        SiteLink(label: "Contact & visits", url: "info/contact.html#map"),
        SiteLink(label: "Instagram", url: "https://instagram.example/shop?a=1&b=2"),
    ]

    static func renderer(links: [SiteLink] = links, credit: Bool = true) throws -> SiteRenderer {
        var options = SiteOptions(
            title: "Shop", layout: LayoutOptions(breakpoints: SiteRendererTests.breakpoints))
        options.links = links
        options.credit = credit
        options.logoPath = "assets/logo.abc.svg"
        return try SiteRenderer(theme: try Theme.builtIn(), options: options)
    }

    @Test(
        "A URL is an http(s) address or a path relative to the site's root",
        arguments: [
            ("about.html", true), ("info/contact.html#map", true), ("page?x=1", true),
            ("https://example.com/", true), ("HTTP://example.com", true),
            ("/about.html", false), ("//cdn.example/x", false), ("javascript:alert(1)", false),
            ("mailto:shop@example.com", false), ("https://", false), ("https:///x", false),
            ("", false), ("about us.html", false),
        ])
    func urls(url: String, allowed: Bool) {
        #expect((SiteLink.problem(url: url) == nil) == allowed, "\(url)")
    }

    @Test("A path reaches the site's root from each page's folder; an address stays as it is")
    func hrefs() {
        let about = SiteLink(label: "About", url: "about.html")
        let away = SiteLink(label: "Away", url: "https://example.com/a")
        #expect(about.href(root: "") == "about.html")
        #expect(about.href(root: "../") == "../about.html")
        #expect(about.href(root: "../../") == "../../about.html")
        #expect(away.href(root: "../../") == "https://example.com/a")
        #expect(away.isExternal && !about.isExternal)
        #expect(SiteLink.problem(url: "/about.html")?.contains("(\"about.html\")") == true)
    }

    @Test("Every gallery page shows the links in order, escaped, relative to its folder")
    func galleryPages() throws {
        let renderer = try Self.renderer()
        var page = CollectionPageTests.page(number: 2)
        let category = try renderer.render(page).html
        #expect(
            category.contains(
                #"<nav class="site-links" aria-label="Links"><ul><li><a href="../about.html">About</a></li>"#
                    + #"<li><a href="../info/contact.html#map">Contact &amp; visits</a></li>"#
                    + #"<li><a href="https://instagram.example/shop?a=1&amp;b=2" rel="external noopener">Instagram"#
                    + #"<span class="wf-sr"> (external)</span><span class="site-link-arrow" aria-hidden="true">↗</span></a></li></ul></nav>"#
            ))
        page.collection = nil
        page.count = 1
        let home = try renderer.render(page).html
        #expect(home.contains(#"<li><a href="about.html">About</a></li>"#))
        #expect(home.contains("<p>Made with waterfall-site</p>"))
    }

    @Test("Without links there is no nav; without the credit no line says what made the site")
    func noLinksNoCredit() throws {
        let html = try Self.renderer(links: [], credit: false).render(
            CollectionPageTests.page(number: 1)
        ).html
        #expect(!html.contains("site-links"))
        #expect(!html.contains("Made with"))
        #expect(html.contains(##"<footer class="site-footer"><p><a class="wf-top" href="#top">"##))
    }

    @Test("An item page has the site's header: the logo and title linking home, and the links")
    func itemPage() throws {
        let html = try Self.renderer().itemPage(
            ProductCardTests.product(),
            context: SiteRenderer.ItemContext(
                sectionTitle: "Hand-made ceramics", galleryPage: "index.html",
                sectionID: "s-ceramics", categoryPath: "ceramics/index.html"))
        #expect(
            html.contains(
                #"<p class="site-home"><a href="../../index.html"><img class="site-logo" src="../../assets/logo.abc.svg" alt="" height=40> Shop</a></p>"#
            ))
        #expect(html.contains(#"<li><a href="../../about.html">About</a></li>"#))
        #expect(
            html.contains(
                #"<a href="https://instagram.example/shop?a=1&amp;b=2" rel="external noopener">"#))
    }

    @Test("A change of the links or the credit changes every page's fingerprint")
    func fingerprints() throws {
        let page = CollectionPageTests.page(number: 1)
        let base = try Self.renderer().fingerprint(of: page, salt: 1)
        let relabelled = try Self.renderer(links: [SiteLink(label: "Studio", url: "about.html")])
        #expect(relabelled.fingerprint(of: page, salt: 1) != base)
        #expect(try Self.renderer(credit: false).fingerprint(of: page, salt: 1) != base)
    }
}
