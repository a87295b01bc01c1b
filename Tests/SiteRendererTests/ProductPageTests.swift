import MasonryLayout
import Testing

@testable import SiteRenderer

@Suite("Product pages: several photos, variants, their structured data")
struct ProductPageTests {
    static func product() -> SitePhoto {
        var cover = SitePhoto(
            path: "Mugs/blue.jpg", width: 800, height: 600, alt: "Blue mug", title: "Mug",
            price: "€24", link: "https://shop.example/mug")
        cover.itemPath = "items/mugs/mug.html"
        cover.name = "Mug"
        cover.variant = "Blue"
        cover.offer = Offer(amount: "24", currency: "EUR")
        var top = SitePhoto(path: "Mugs/blue-top.jpg", width: 600, height: 600, alt: "From above")
        top.variant = "Blue"
        var rust = SitePhoto(
            path: "Mugs/rust.jpg", width: 600, height: 900, alt: "Rust mug", price: "€26")
        rust.variant = "Rust"
        rust.availability = .soldOut
        rust.offer = Offer(amount: "26", currency: "EUR")
        cover.productPhotos = [top, rust]
        return cover
    }

    static func renderer(baseURL: String? = nil) throws -> SiteRenderer {
        var options = SiteOptions(title: "Shop", layout: LayoutOptions())
        if let baseURL { options.baseURL = SiteAddress(baseURL) }
        return try SiteRenderer(theme: Theme.builtIn(), options: options)
    }

    @Test("Every photo in the strip with its anchor and shape, a thumbnail link to each")
    func views() throws {
        let html = try Self.renderer().itemPage(
            Self.product(),
            context: .init(sectionTitle: "Mugs", galleryPage: "index.html", sectionID: "mugs"))
        for (number, alt) in ["Blue mug", "From above", "Rust mug"].enumerated() {
            #expect(html.contains("<li class=\"wf-view\" id=\"view-\(number + 1)\">"))
            #expect(html.contains("<a href=\"#view-\(number + 1)\">"))
            #expect(html.contains("alt=\"\(alt)\""))
        }
        #expect(html.contains("style=\"--ar:0.66667\""), "the rust photo's box has its shape")
        #expect(html.components(separatedBy: "loading=eager").count == 2, "only the cover is eager")
        #expect(!html.contains("<script"), "no script")
    }

    @Test("Variants link their first photo, with the price and state where they differ")
    func variants() throws {
        let html = try Self.renderer().variantsHTML(Self.product())
        #expect(
            html.contains(
                "<a href=\"#view-1\" dir=\"auto\">Blue</a> <bdi class=\"wf-variant-price\">€24</bdi>"
            ))
        #expect(
            html.contains(
                "<a href=\"#view-3\" dir=\"auto\">Rust</a> <bdi class=\"wf-variant-price\">€26</bdi>"
            ))
        #expect(html.contains("wf-badge-sold"))
        #expect(html.components(separatedBy: "<li>").count == 3, "each variant once")
        var single = Self.product()
        single.productPhotos = []
        single.variant = nil
        #expect(try Self.renderer().variantsHTML(single).isEmpty)
    }

    @Test("A ProductGroup lists every image and a Product with its offer per variant")
    func structuredData() throws {
        let html = try Self.renderer(baseURL: "https://shop.example/").itemPage(
            Self.product(),
            context: .init(sectionTitle: "Mugs", galleryPage: "index.html", sectionID: "mugs"))
        #expect(html.contains("\"@type\":\"ProductGroup\""))
        #expect(html.contains("\"variesBy\":\"https://schema.org/color\""))
        #expect(html.contains("\"name\":\"Mug – Rust\""))
        #expect(html.contains("\"availability\":\"https://schema.org/SoldOut\""))
        #expect(
            html.contains(
                "\"image\":[\"https://shop.example/photos/Mugs/blue.jpg\",\"https://shop.example/photos/Mugs/blue-top.jpg\",\"https://shop.example/photos/Mugs/rust.jpg\"]"
            ))
    }

    @Test("A cover whose variant is sold out offers the first variant that can be bought")
    func coverVariantSoldOut() throws {
        var product = Self.product()
        product.availability = .soldOut
        product.productPhotos[1].availability = .limited
        let card = product.listingAvailableVariant()
        #expect(card.price == "€26" && card.availability == .limited && !card.isUnavailable)
        #expect(card.offer == Offer(amount: "26", currency: "EUR"))
        let renderer = try Self.renderer(baseURL: "https://shop.example/")
        let list = renderer.variantsHTML(card)
        #expect(
            list.contains(
                "<a href=\"#view-1\" dir=\"auto\">Blue</a> <bdi class=\"wf-variant-price\">€24</bdi>"
            ), "the list gives the cover's variant its own price")
        #expect(list.contains("wf-badge-sold"), "and says it is sold out")
        let page = renderer.itemPage(
            card, context: .init(sectionTitle: "Mugs", galleryPage: "index.html", sectionID: "mugs")
        )
        #expect(page.contains("\"availability\":\"https://schema.org/SoldOut\""))
        #expect(page.contains("\"availability\":\"https://schema.org/LimitedAvailability\""))
        #expect(card.withOwnTerms.price == "€24" && card.withOwnTerms.coverTerms == nil)
        var allGone = Self.product()
        allGone.availability = .soldOut
        #expect(allGone.listingAvailableVariant().price == "€24", "nothing to offer instead")
        var single = Self.product()
        single.availability = .soldOut
        single.productPhotos = []
        #expect(single.listingAvailableVariant().isUnavailable)
    }

    @Test("variesBy is said only when every name is a size, or every name a colour")
    func variesBy() {
        #expect(ProductVariants.variesBy(["S", "M", "XL"]) == "https://schema.org/size")
        #expect(
            ProductVariants.variesBy(["30 × 40 cm", "50x70cm", "A4"]) == "https://schema.org/size")
        #expect(ProductVariants.variesBy(["Dusty rose", "Navy"]) == "https://schema.org/color")
        #expect(ProductVariants.variesBy(["Blue", "Large"]) == nil)
        #expect(ProductVariants.variesBy(["Daisy", "Rose garden"]) == nil)
        #expect(ProductVariants.variesBy([]) == nil)
    }
}
