import Foundation
import MasonryLayout
import Testing

@testable import SiteRenderer

/// The product card (`tile.html`) and the item page (`item.html`) of the built-in theme.
@Suite("Product cards and item pages")
struct ProductCardTests {
    static func product() -> SitePhoto {
        var photo = SitePhoto(
            path: "Ceramics/red bowl.jpg", width: 1200, height: 900,
            alt: "A red stoneware bowl holding a fig", title: "Terracotta espresso cup & saucer",
            caption: "Stoneware, 18 cm", price: "€24", link: "https://shop.example/red-bowl",
            image: SiteImage(
                candidates: [
                    SiteImage.Candidate(path: "renditions/abc-400.jpg", width: 400),
                    SiteImage.Candidate(path: "renditions/abc-800.jpg", width: 800),
                ], src: "renditions/abc-800.jpg"))
        photo.badge = "New"
        photo.itemPath = "items/ceramics/red-bowl.html"
        photo.name = photo.title
        return photo
    }

    static func plain(_ path: String, item: String) -> SitePhoto {
        var photo = SitePhoto(path: path, width: 800, height: 1000, alt: "Ceramics 2")
        photo.itemPath = item
        photo.name = "Ceramics 2"
        return photo
    }

    static func page(_ photos: [SitePhoto]) -> SitePage {
        SitePage(
            number: 1, count: 1,
            sections: [SiteSection(folder: "Ceramics", title: "Hand-made ceramics", photos: photos)]
        )
    }

    static func snapshot(_ name: String, _ text: String) throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(
            path: "Snapshots/\(name)")
        if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: golden)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(
            text == expected,
            "run with UPDATE_SNAPSHOTS=1 to accept a deliberate change, then review the diff")
    }

    /// The `<li>…</li>` of each tile of `html`.
    static func tiles(_ html: String) -> [String] {
        html.components(separatedBy: "<li id=").dropFirst().map {
            "<li id=" + ($0.components(separatedBy: "</li>").first ?? "") + "</li>"
        }
    }

    @Test(
        "A card is one link to its item page holding image, title, price and badge"
    )
    func cardMarkup() throws {
        let renderer = try SiteRendererTests.renderer()
        var soldOut = Self.plain("Ceramics/b.jpg", item: "items/ceramics/b.html")
        soldOut.availability = .soldOut
        let html = try renderer.render(Self.page([Self.product(), soldOut])).html
        let tiles = Self.tiles(html)
        #expect(tiles.count == 2)
        let card = tiles[0]
        #expect(card.components(separatedBy: "<a ").count == 2, "one link, none nested: \(card)")
        #expect(card.contains(#"id="p-ceramics/red-bowl""#))
        #expect(card.contains(#"<a href="items/ceramics/red-bowl.html">"#))
        let link = card.components(separatedBy: "</a>")[0]
        #expect(link.contains("<img ") && link.contains("Terracotta espresso cup &amp; saucer"))
        #expect(link.contains("€24"))
        // The badge lies over the photo: inside the link, or a tap on it would do nothing.
        #expect(card.contains(#"</span><span class="wf-badge">New</span></a></li>"#))
        // 16 px padding + lines at 20 px each: at 320 px (136 px cards) three of title, the
        // price and two of caption; the first breakpoint is cut where the caption's lines fall
        // to one, and again where the title's fall to two (as at 640 px, 192 px cards).
        #expect(card.contains(";--b0:136;--tl0:3;--nl0:2;--b1:116;--nl1:1;--b2:96;--tl2:2"))
        // The sold-out card is dimmed by its class and says so in words; no text, no band.
        #expect(tiles[1].contains(#"class="wf-sold-out""#))
        #expect(
            tiles[1].contains(#"<span class="wf-badge wf-badge-sold">Sold out</span></a></li>"#))
        #expect(!tiles[1].contains("--b:") && !tiles[1].contains("wf-caption"))
        try Self.snapshot("product-cards.html", tiles.joined(separator: "\n") + "\n")
    }

    @Test("Bands fit what a tile shows: none without text, a line per price, lines per text")
    func bandHeights() {
        // A 200 px card: 176 px of text, about 19 bold characters a line.
        func height(_ photo: SitePhoto, fixed: Double = 0) -> Double {
            CaptionBand.lines(photo, fixed: fixed, cardWidth: 200).height
        }
        var photo = SitePhoto(path: "a.jpg", width: 10, height: 10, alt: "A")
        #expect(height(photo) == 0)
        #expect(height(photo, fixed: 64) == 0)
        photo.title = "Red bowl"
        #expect(height(photo) == 36)
        photo.title = "Stacking cups, set of 6"
        #expect(height(photo) == 56)
        photo.title = "A name of about thirty letters, a bit more"
        #expect(height(photo) == 76)
        photo.title = String(repeating: "long ", count: 40)
        #expect(height(photo) == 76, "at most three lines")
        photo.price = "€24"
        photo.caption = "Stoneware"
        #expect(height(photo) == 116)
        #expect(height(photo, fixed: 64) == 64)
        photo.badge = "New"
        #expect(height(photo) == 116, "a badge sits on the image")
    }

    @Test("The item page: relative links, no script, neighbours by name, the way back to its tile")
    func itemPage() throws {
        var options = try SiteRendererTests.renderer().options
        options.linksOriginals = false
        let renderer = try SiteRenderer(theme: try Theme.builtIn(), options: options)
        let previous = Self.plain("Ceramics/a.jpg", item: "items/ceramics/a.html")
        var next = Self.plain("Travel/c.jpg", item: "items/travel/c.html")
        next.name = "Harbour at dusk"
        var photo = Self.product()
        photo.image?.sources = [
            SiteImage.Source(
                type: "image/avif",
                candidates: [SiteImage.Candidate(path: "renditions/abc-400.avif", width: 400)]),
            SiteImage.Source(
                type: "image/webp",
                candidates: [
                    SiteImage.Candidate(path: "renditions/abc-400.webp", width: 400),
                    SiteImage.Candidate(path: "renditions/abc-800.webp", width: 800),
                ]),
        ]
        let html = renderer.itemPage(
            photo,
            context: SiteRenderer.ItemContext(
                sectionTitle: "Hand-made ceramics", galleryPage: "page-2.html",
                sectionID: "s-ceramics", previous: previous, next: next))
        #expect(!html.contains("<script"))
        #expect(html.contains(#"<html lang="en">"#))
        #expect(
            html.contains(
                "<title>Terracotta espresso cup &amp; saucer · Shop &lt;&amp; Co&gt;</title>"))
        #expect(html.contains(#"<link rel="canonical" href="red-bowl.html">"#))
        #expect(html.contains(#"<a class="wf-back" href="../../page-2.html#p-ceramics/red-bowl">"#))
        #expect(html.contains(#"<a href="../../page-2.html#s-ceramics">Hand-made ceramics</a>"#))
        #expect(
            html.contains(
                #"href="../../items/ceramics/a.html" rel="prev"><span class="wf-arrow" aria-hidden="true">←</span> Previous: <span dir="auto">Ceramics 2</span><"#
            ))
        #expect(
            html.contains(
                #"href="../../items/travel/c.html" rel="next">Next: <span dir="auto">Harbour at dusk</span> <span class="wf-arrow" aria-hidden="true">→</span><"#
            ))
        #expect(
            html.contains(
                #"<a class="wf-cta" href="https://shop.example/red-bowl" rel="noopener">View in shop</a>"#
            ))
        #expect(
            html.contains(
                #"srcset="../../renditions/abc-400.jpg 400w, ../../renditions/abc-800.jpg 800w""#))
        // The tile's AVIF and WebP sources, in its order, from two folders down, with the item
        // page's own sizes; the image's shape, for its box before the file arrives.
        // The column's width where it binds, 85vh tall where that does, the DPR-2 need on phones.
        let sizes =
            "(max-width: 899.99px) and (min-aspect-ratio: 1200/900) calc(85vh * 1.33333), "
            + "(min-width: 900px) and (max-height: 491px) calc(85vh * 1.33333), "
            + "(min-width: 1280px) 810.667px, (min-width: 900px) calc((100vw - 64px) * 2 / 3), "
            + "(min-resolution: 3dppx) calc((100vw - 32px) * 2 / 3), "
            + "(min-resolution: 2.5dppx) calc((100vw - 32px) * 0.8), calc(100vw - 32px)"
        #expect(
            html.contains(
                #"<picture><source type="image/avif" srcset="../../renditions/abc-400.avif 400w" sizes="\#(sizes)">"#
                    + #"<source type="image/webp" srcset="../../renditions/abc-400.webp 400w, ../../renditions/abc-800.webp 800w" sizes="\#(sizes)">"#
                    + #"<img class="wf-item-image" style="--ar:1.33333" src="../../renditions/abc-800.jpg""#
            ))
        #expect(html.contains("loading=eager fetchpriority=high decoding=async></picture>"))
        #expect(!html.contains("wf-download"), "originals are not published unless asked for")
        #expect(!html.contains(#"href="/"#) && !html.contains(#"src="/"#))
        #expect(html.utf8.count <= 4096, "\(html.utf8.count) bytes")
        try Self.snapshot("item-page.html", html)
    }

    @Test("With originals published the item page offers the original for download")
    func downloadOriginal() throws {
        var options = try SiteRendererTests.renderer().options
        options.linksOriginals = true
        let renderer = try SiteRenderer(theme: try Theme.builtIn(), options: options)
        let html = renderer.itemPage(
            Self.product(),
            context: SiteRenderer.ItemContext(
                sectionTitle: "", galleryPage: "index.html", sectionID: "s-root"))
        #expect(
            html.contains(
                #"<a class="wf-download" href="../../photos/Ceramics/red%20bowl.jpg" download>Download original</a>"#
            ))
    }

    @Test("Interface words come from the site's language")
    func language() throws {
        var options = try SiteRendererTests.renderer().options
        options.language = "de"
        options.strings = InterfaceStrings([
            "soldOut": "Ausverkauft", "photoCountOne": "{count} Foto",
        ])
        let renderer = try SiteRenderer(theme: try Theme.builtIn(), options: options)
        var photo = Self.plain("Ceramics/b.jpg", item: "items/ceramics/b.html")
        photo.availability = .soldOut
        let html = try renderer.render(Self.page([photo])).html
        #expect(html.contains(#"<html lang="de">"#))
        #expect(html.contains("Ausverkauft") && html.contains("1 Foto"))
        #expect(InterfaceStrings().photoCount(1) == "1 photo")
        #expect(InterfaceStrings().photoCount(1250) == "1,250 photos")
    }

    @Test("A section split across pages counts all its photos, and says where it continues")
    func continuedSection() throws {
        let renderer = try SiteRendererTests.renderer()
        var section = SiteSection(
            folder: "Ceramics", title: "Hand-made ceramics",
            photos: [
                Self.plain("Ceramics/d.jpg", item: "items/ceramics/d.html"),
                Self.plain("Ceramics/e.jpg", item: "items/ceramics/e.html"),
            ])
        section.totalCount = 5
        let first = try renderer.render(SitePage(number: 1, count: 2, sections: [section])).html
        #expect(first.contains(#"<span class="wf-count">5 photos</span>"#))
        section.isContinued = true
        let second = try renderer.render(SitePage(number: 2, count: 2, sections: [section])).html
        #expect(second.contains(#"<span class="wf-count">5 photos · continued</span>"#))
    }

    @Test("A section's photo names read once are the names read one by one")
    func photoNumbers() {
        for template in [
            "{name} {count}", "Nr. {count} – {name}", "{count}{count}", "no number", "",
        ] {
            let strings = InterfaceStrings(["photoNumber": template])
            for name in ["Ceramics", "{count} pots", ""] {
                let named = strings.photoNumbers(name)
                for number in [1, 42, 1000] {
                    #expect(
                        named(number) == strings.photoNumber(name, number), "\(template) \(name)")
                }
            }
        }
    }
}
