import Foundation
import MasonryLayout
import Testing

@testable import SiteRenderer

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--base-url`'s text: addresses, prices, JSON-LD, share tags, the sitemap and the feed.
@Suite("Found and shared: address, prices, structured data, sitemap, feed")
struct DiscoveryTests {
    static let site = SiteAddress("https://shop.example/gallery")!

    @Test(
        "An address is an absolute http(s) URL, normalised to end in /",
        arguments: [
            ("https://shop.example/gallery", "https://shop.example/gallery/"),
            ("HTTPS://Shop.Example:8443/a%20b/", "https://shop.example:8443/a%20b/"),
            ("http://[::1]:8000", "http://[::1]:8000/"),
            ("http://127.0.0.1", "http://127.0.0.1/"),
        ])
    func addresses(_ text: String, _ expected: String) {
        #expect(SiteAddress(text)?.text == expected)
    }

    @Test(
        "Anything else is refused",
        arguments: [
            "shop.example", "ftp://shop.example/", "https://", "https:///path", "https://a b/",
            "https://shop.example/?q=1", "https://shop.example/#top", "https://shop.example/\"x",
            "https://shop.example/<script>", "https://shop.example/%zz", "https://shop.example:x/",
            "javascript:alert(1)", "https://-bad.example/", "https://shop.example/a'b",
        ])
    func badAddresses(_ text: String) {
        #expect(SiteAddress(text) == nil)
    }

    @Test("URLs derive from the address; index.html is the address itself")
    func urls() {
        #expect(Self.site.url(of: "index.html") == "https://shop.example/gallery/")
        #expect(Self.site.url(of: "page-2.html") == "https://shop.example/gallery/page-2.html")
        #expect(
            Self.site.url(of: "items/a b/ç.html")
                == "https://shop.example/gallery/items/a%20b/%C3%A7.html")
        #expect(Self.site.resolve("https://other.example/x") == "https://other.example/x")
        #expect(Self.site.resolve("/shop/bowl") == "https://shop.example/shop/bowl")
        #expect(Self.site.resolve("shop/bowl") == "https://shop.example/gallery/shop/bowl")
        #expect(Self.site.resolve("#top") == nil)
    }

    @Test(
        "Prices read as an amount and a currency",
        arguments: [
            ("€24", nil, "24", "EUR"), ("24 €", nil, "24", "EUR"), ("24,50 €", nil, "24.5", "EUR"),
            ("EUR 1.200", nil, "1200", "EUR"), ("$18.00", nil, "18", "USD"),
            ("$18", "CAD", "18", "CAD"), ("€18", "USD", "18", "EUR"),
            ("24.50", "GBP", "24.5", "GBP"),
            ("1,200.50 USD", nil, "1200.5", "USD"), ("CHF 95", nil, "95", "CHF"),
            ("1 200,5 SEK", nil, "1200.5", "SEK"),
        ] as [(String, String?, String, String)])
    func prices(_ text: String, _ currency: String?, _ amount: String, _ code: String) {
        #expect(PriceText.offer(text, currency: currency) == Offer(amount: amount, currency: code))
    }

    @Test(
        "A price without a parsable amount or a known currency gives none",
        arguments: [
            ("from €24", nil), ("24", nil), ("ask us", "EUR"), ("€", nil), ("24 XYZ", nil),
            ("1.2.3", "EUR"), ("€24.123.4", nil), ("24", "ZZZ"),
        ] as [(String, String?)])
    func unparsablePrices(_ text: String, _ currency: String?) {
        #expect(PriceText.offer(text, currency: currency) == nil)
    }

    @Test("A bare amount is shown as the language writes prices")
    func displayedPrices() {
        let offer = Offer(amount: "1200.5", currency: "EUR")
        #expect(PriceText.display(offer, language: "en") == "€1,200.50")
        #expect(PriceText.display(offer, language: "de-CH") == "1.200,50\u{A0}€")
        #expect(PriceText.display(offer, language: "fr") == "1\u{202F}200,50\u{A0}€")
        #expect(
            PriceText.display(Offer(amount: "95", currency: "CHF"), language: "en") == "CHF\u{A0}95"
        )
        #expect(PriceText.isBareAmount("24.50") && !PriceText.isBareAmount("€24"))
    }

    static let hostile =
        "</script><script>alert(1)</script> <!-- x --> \"q\" 'a' \u{2028}\u{2029}&amp; \\"

    @Test("JSON-LD cannot be broken out of, and parses back to the same text")
    func hostileStructuredData() throws {
        let value = StructuredData.product(
            name: Self.hostile, images: ["https://shop.example/i.jpg"], description: Self.hostile,
            offer: Offer(amount: "24", currency: "EUR"), availability: .soldOut,
            url: "https://x.example/")
        let script = StructuredData.script(value)
        let inner = script.dropFirst(#"<script type="application/ld+json">"#.count).dropLast(
            "</script>".count)
        for forbidden in ["<", ">", "\u{2028}", "\u{2029}", "<!--", "-->"] {
            #expect(!inner.contains(forbidden), "\(forbidden)")
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(inner.utf8)) as? [String: Any]
        #expect(parsed?["name"] as? String == Self.hostile)
        let offers = parsed?["offers"] as? [String: Any]
        #expect(offers?["price"] as? Int == 24)
        #expect(offers?["availability"] as? String == "https://schema.org/SoldOut")
    }

    @Test("An ImageObject carries the licence fields given, the photo's over the site's")
    func imageObject() throws {
        let rights = ImageRights(creator: "Ana", license: "https://shop.example/licence")
            .over(ImageRights(creator: "Studio", creditText: "Studio Photo"))
        let json = StructuredData.imageObject(
            contentURL: "https://shop.example/a.jpg", name: "A", caption: nil, rights: rights
        ).json
        #expect(
            json
                == #"{"@context":"https://schema.org","@type":"ImageObject","contentUrl":"https://shop.example/a.jpg","name":"A","creator":{"@type":"Person","name":"Ana"},"creditText":"Studio Photo","license":"https://shop.example/licence"}"#
        )
    }

    static func renderer(site: SiteAddress?) throws -> SiteRenderer {
        var options = SiteOptions(
            title: "Shop \"<&>\"",
            layout: LayoutOptions(breakpoints: [Breakpoint(minimumWidth: 0, columns: 2)]))
        options.baseURL = site
        options.hasFeed = true
        return try SiteRenderer(theme: Theme.builtIn(), options: options)
    }

    static func photo(_ name: String, width: Int = 3000, price: String? = nil) -> SitePhoto {
        var photo = SitePhoto(
            path: "Shop/\(name).jpg", width: width, height: width * 2 / 3, alt: Self.hostile,
            title: Self.hostile, caption: Self.hostile, price: price,
            image: SiteImage(
                candidates: [400, 800, 1200, 1800].filter { $0 <= width }.map {
                    SiteImage.Candidate(path: "renditions/\(name)-\($0).jpg", width: $0)
                }, src: "renditions/\(name)-400.jpg"))
        photo.itemPath = "items/shop/\(name).html"
        photo.name = Self.hostile
        photo.offer = price.flatMap { PriceText.offer($0, currency: nil) }
        return photo
    }

    @Test("With an address every page has the full share card; without, none of it")
    func shareTags() throws {
        let page = SitePage(
            number: 2, count: 3,
            sections: [
                SiteSection(
                    folder: "Shop", title: "Shop",
                    photos: [Self.photo("a"), Self.photo("b", price: "€24")])
            ])
        let tags = [
            "og:type", "og:title", "og:description", "og:url", "og:image", "og:image:width",
            "og:image:height", "og:image:alt", "twitter:card", "application/ld+json",
            "application/atom+xml",
        ]
        let shared = try Self.renderer(site: Self.site)
        let gallery = try shared.render(page).html
        let item = shared.itemPage(
            page.sections[0].photos[1],
            context: .init(sectionTitle: "Shop", galleryPage: "page-2.html", sectionID: "s-shop"))
        for html in [gallery, item] {
            for tag in tags { #expect(html.contains(tag), "\(tag)") }
            #expect(!html.contains("<script>alert"), "no breakout from attributes or JSON-LD")
            #expect(!html.contains("\u{2028}</script>"))
        }
        // Each paginated page is canonical to itself; the share image is the 1,200 px rendition.
        #expect(
            gallery.contains(
                #"<link rel="canonical" href="https://shop.example/gallery/page-2.html">"#))
        #expect(gallery.contains(#"content="https://shop.example/gallery/renditions/a-1200.jpg""#))
        #expect(gallery.contains(#"<meta property="og:image:width" content="1200">"#))
        #expect(gallery.contains(#"<meta property="og:image:height" content="800">"#))
        #expect(gallery.contains(#""@type":"ItemList""#))
        #expect(item.contains(#""@type":"Product""#) && item.contains(#""priceCurrency":"EUR""#))
        #expect(item.contains(#"href="https://shop.example/gallery/items/shop/b.html">"#))

        let plain = try Self.renderer(site: nil)
        let plainGallery = try plain.render(page).html
        let plainItem = plain.itemPage(
            page.sections[0].photos[1],
            context: .init(sectionTitle: "Shop", galleryPage: "page-2.html", sectionID: "s-shop"))
        for html in [plainGallery, plainItem] {
            for tag in tags { #expect(!html.contains(tag), "\(tag)") }
            #expect(!html.contains("https://shop.example"))
        }
        #expect(plainGallery.contains(#"<link rel="canonical" href="page-2.html">"#))
        #expect(plainItem.contains(#"<link rel="canonical" href="b.html">"#))
    }

    @Test("A photo narrower than 1,200 px shares its own width, never an upscale")
    func narrowShareImage() throws {
        let renderer = try Self.renderer(site: Self.site)
        let image = renderer.shareImage(of: Self.photo("n", width: 900))
        #expect(image?.path == "renditions/n-800.jpg" && image?.width == 800)
        #expect(renderer.shareImage(of: Self.photo("w"))?.width == 1200)
    }

    static func entries(_ count: Int) -> [Sitemap.Entry] {
        (0..<count).map {
            Sitemap.Entry(
                url: Self.site.url(of: "items/\($0).html") + "?a&b",
                images: [Self.site.url(of: "renditions/\($0).jpg")])
        }
    }

    @Test("One sitemap below the limits; past them an index of parts, each within them")
    func sitemapSplit() throws {
        let single = Sitemap.files(Self.entries(10), site: Self.site)
        #expect(single.map(\.name) == ["sitemap.xml"])
        #expect(
            single[0].text.contains("<loc>https://shop.example/gallery/items/3.html?a&amp;b</loc>"))
        #expect(single[0].text.contains("<image:loc>"))

        let split = Sitemap.files(Self.entries(10), site: Self.site, limits: .init(urls: 4))
        #expect(
            split.map(\.name) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        #expect(split[0].text.contains("<sitemapindex"))
        #expect(split[0].text.contains("<loc>https://shop.example/gallery/sitemap-3.xml</loc>"))
        #expect(
            split.dropFirst().map { $0.text.components(separatedBy: "<url>").count - 1 } == [
                4, 4, 2,
            ])

        let bySize = Sitemap.files(Self.entries(10), site: Self.site, limits: .init(bytes: 700))
        #expect(bySize.count > 2)
        for part in bySize.dropFirst() { #expect(part.text.utf8.count <= 700) }
        #expect(
            bySize.dropFirst().map { $0.text.components(separatedBy: "<url>").count - 1 }.reduce(
                0, +) == 10)
        for file in split + bySize {
            let parser = XMLParser(data: Data(file.text.utf8))
            #expect(parser.parse(), "\(file.name): \(String(describing: parser.parserError))")
        }
    }

    @Test("The feed lists the newest first, equal dates in gallery order, and parses as XML")
    func feed() throws {
        #expect(AtomFeed.newest([5, 9, 1, 9, 7], count: 3) == [1, 3, 4])
        #expect(AtomFeed.newest(Array(repeating: 1, count: 80)).count == 50)
        #expect(AtomFeed.timestamp(0) == "1970-01-01T00:00:00Z")
        #expect(AtomFeed.timestamp(1_714_558_830) == "2024-05-01T10:20:30Z")
        #expect(AtomFeed.timestamp(951_782_400) == "2000-02-29T00:00:00Z")
        let document = AtomFeed.document(
            title: Self.hostile, site: Self.site,
            entries: [
                AtomFeed.Entry(
                    title: Self.hostile, url: Self.site.url(of: "items/a.html"),
                    imageURL: Self.site.url(of: "renditions/a.jpg"), caption: Self.hostile,
                    price: "€24", date: 1_714_558_830)
            ], generator: "waterfall-site")
        let parser = XMLParser(data: Data(document.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(document.contains("<updated>2024-05-01T10:20:30Z</updated>"))
        #expect(!document.contains("<script>"))
    }
}
