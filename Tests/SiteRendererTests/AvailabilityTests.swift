import Testing

@testable import SiteRenderer

/// A product's availability and sale on its card, its item page and in its structured data.
@Suite("Availability and sales")
struct AvailabilityTests {
    @Test(
        "Every schema.org state in the words shop owners write, however spelt",
        arguments: [
            ("in stock", Availability.inStock), ("In Stock", .inStock), ("available", .inStock),
            ("out of stock", .outOfStock), ("Out-of-stock", .outOfStock), ("sold out", .soldOut),
            ("SOLD  OUT", .soldOut), ("pre-order", .preOrder), ("preorder", .preOrder),
            ("pre_order", .preOrder), ("back order", .backOrder), ("backorder", .backOrder),
            ("made to order", .madeToOrder), ("Made-to-order", .madeToOrder),
            ("limited", .limited), ("low stock", .limited), ("discontinued", .discontinued),
        ])
    func words(text: String, state: Availability) {
        #expect(Availability(words: text) == state)
    }

    @Test("Anything else is no state", arguments: ["", "soon", "in", "sold", "out of stock!"])
    func notAState(text: String) {
        #expect(Availability(words: text) == nil)
    }

    @Test("Each state's structured-data URL, words and look")
    func states() {
        #expect(Availability.limited.schemaURL == "https://schema.org/LimitedAvailability")
        #expect(Availability.preOrder.schemaURL == "https://schema.org/PreOrder")
        #expect(Availability.allCases.allSatisfy { $0.schemaURL.hasPrefix("https://schema.org/") })
        #expect(
            Availability.allCases.filter(\.isUnavailable) == [.outOfStock, .soldOut, .discontinued])
        #expect(Availability.inStock.wordsKey == nil)
        #expect(Availability.soldOut.wordsKey == "soldOut")
        for state in Availability.allCases {
            if let key = state.wordsKey { #expect(InterfaceStrings.english[key] != nil, "\(key)") }
        }
        #expect(Availability.acceptedWords.contains(#""pre-order""#))
    }

    @Test("A pre-order card has its badge and stays bright; an out-of-stock one is dimmed")
    func cards() throws {
        let renderer = try SiteRendererTests.renderer()
        var preOrder = ProductCardTests.product()
        preOrder.availability = .preOrder
        var gone = ProductCardTests.plain("Ceramics/b.jpg", item: "items/ceramics/b.html")
        gone.availability = .outOfStock
        var inStock = ProductCardTests.plain("Ceramics/c.jpg", item: "items/ceramics/c.html")
        inStock.availability = .inStock
        let tiles = ProductCardTests.tiles(
            try renderer.render(ProductCardTests.page([preOrder, gone, inStock])).html)
        #expect(tiles[0].contains(#"<span class="wf-badge wf-badge-state">Pre-order</span>"#))
        #expect(!tiles[0].contains("wf-sold-out"))
        #expect(tiles[1].contains(#"class="wf-sold-out""#))
        #expect(tiles[1].contains(#"<span class="wf-badge wf-badge-sold">Out of stock</span>"#))
        #expect(!tiles[2].contains("wf-badge"), "in stock is the usual case: no badge")
    }

    @Test("A sale shows the price before it struck through, with words for screen readers")
    func sale() throws {
        let renderer = try SiteRendererTests.renderer()
        var photo = ProductCardTests.product()
        photo.compareAtPrice = "€30"
        let card = ProductCardTests.tiles(
            try renderer.render(ProductCardTests.page([photo])).html)[0]
        #expect(
            card.contains(
                #"<span class="wf-price"><bdi>€24</bdi> <s class="wf-was"><span class="wf-sr">was </span><bdi>€30</bdi></s></span>"#
            ))
        let page = renderer.itemPage(photo, context: Self.context)
        #expect(
            page.contains(#"<s class="wf-was"><span class="wf-sr">was </span><bdi>€30</bdi></s>"#))
        photo.price = nil
        let withoutPrice = ProductCardTests.tiles(
            try renderer.render(ProductCardTests.page([photo])).html)[0]
        #expect(!withoutPrice.contains("€30"), "no price, no sale to show")
    }

    @Test("The item page's call to action invites a purchase only while one is possible")
    func callToAction() throws {
        let renderer = try SiteRendererTests.renderer()
        var photo = ProductCardTests.product()
        func button(_ state: Availability?) -> String {
            photo.availability = state
            let page = renderer.itemPage(photo, context: Self.context)
            return String(page.split(separator: "<a class=\"wf-cta").dropFirst().first ?? "")
        }
        #expect(button(nil).contains(">View in shop</a>"))
        #expect(button(.soldOut).hasPrefix(" wf-cta-unavailable\""))
        #expect(button(.soldOut).contains(">Sold out: see it in the shop</a>"))
        #expect(button(.discontinued).contains(">Discontinued: see it in the shop</a>"))
        #expect(button(.preOrder).contains(">Pre-order in the shop</a>"))
        #expect(button(.madeToOrder).contains(">View in shop</a>"))
    }

    @Test("The structured data states the availability as schema.org's URL")
    func structuredData() {
        let text = StructuredData.product(
            name: "Mug", images: ["https://x.example/m.jpg"], description: "A mug",
            offer: Offer(amount: "24", currency: "EUR"), availability: .madeToOrder,
            url: "https://x.example/"
        ).json
        #expect(text.contains(#""availability":"https://schema.org/MadeToOrder""#))
    }

    static let context = SiteRenderer.ItemContext(
        sectionTitle: "Hand-made ceramics", galleryPage: "index.html", sectionID: "s-ceramics",
        previous: nil, next: nil)
}
