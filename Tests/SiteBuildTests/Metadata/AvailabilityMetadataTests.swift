import SiteRenderer
import Testing

@testable import SiteBuild

/// The metadata's `availability`, `compareAtPrice` and `link` as a shop owner writes them.
@Suite("Availability, sales and links in the metadata")
struct AvailabilityMetadataTests {
    static func photo(_ fields: [(String, String)]) throws(PhotoMetadata.FieldProblem)
        -> PhotoMetadata.Entry?
    {
        var metadata = PhotoMetadata()
        try metadata.addPhoto("a.jpg", fields.map { (key: $0.0, value: .string($0.1)) })
        return metadata.photos["a.jpg"]
    }

    static func problem(_ fields: [(String, String)]) -> PhotoMetadata.FieldProblem? {
        do {
            _ = try photo(fields)
            return nil
        } catch {
            return error
        }
    }

    @Test("Every state is read; an unknown one names the value and every accepted word")
    func states() throws {
        #expect(try Self.photo([("availability", "Pre-order")])?.availability == .preOrder)
        #expect(try Self.photo([("availability", "out of stock")])?.availability == .outOfStock)
        let problem = Self.problem([("availability", "soon")])
        #expect(problem?.key == "availability")
        #expect(problem?.problem.contains("'soon'") == true)
        #expect(problem?.problem.contains(#""made to order""#) == true)
    }

    @Test("A badge saying Sold out is the sold-out state, unless availability says otherwise")
    func soldOutBadge() throws {
        let entry = try Self.photo([("badge", "Sold out")])
        #expect(entry?.availability == .soldOut && entry?.badge == nil)
        #expect(try Self.photo([("badge", "New")])?.badge == "New")
        let conflict = Self.problem([("badge", "Sold out"), ("availability", "in stock")])
        #expect(conflict?.key == "badge" && conflict?.problem.contains("in stock") == true)
        #expect(
            try Self.photo([("badge", "sold out"), ("availability", "discontinued")])?
                .availability == .discontinued)
    }

    @Test("compareAtPrice, or Shopify's compare_at_price, is read beside the price")
    func compareAt() throws {
        #expect(try Self.photo([("compareAtPrice", "€30")])?.compareAtPrice == "€30")
        #expect(try Self.photo([("compare_at_price", "€30")])?.compareAtPrice == "€30")
    }

    @Test("A sale must be a lower price in the same currency, with a price to compare")
    func sales() throws {
        func resolve(_ fields: [(String, String)], currency: String? = nil) throws
            -> PhotoMetadata.PriceProblems
        {
            var metadata = PhotoMetadata()
            try metadata.addPhoto("a.jpg", fields.map { (key: $0.0, value: .string($0.1)) })
            let problems = metadata.resolvePrices(currency: currency, language: "de")
            if problems.badSales.isEmpty {
                #expect(metadata.photos["a.jpg"]?.compareAtPrice != nil)
            }
            return problems
        }
        #expect(try resolve([("price", "€24"), ("compareAtPrice", "€30")]).badSales.isEmpty)
        #expect(try resolve([("price", "24"), ("compareAtPrice", "30")]).badSales.isEmpty)
        var metadata = PhotoMetadata()
        try metadata.addPhoto(
            "a.jpg",
            [(key: "price", value: .string("24")), (key: "compareAtPrice", value: .string("30"))])
        _ = metadata.resolvePrices(currency: "EUR", language: "de")
        #expect(
            metadata.photos["a.jpg"]?.compareAtPrice
                == PriceText.display(Offer(amount: "30", currency: "EUR"), language: "de"),
            "a bare amount shown as the price is")
        for (fields, words) in [
            ([("price", "€30"), ("compareAtPrice", "€24")], "not more than the price"),
            ([("price", "€24"), ("compareAtPrice", "€24")], "not more than the price"),
            ([("price", "€24"), ("compareAtPrice", "$30")], "one currency"),
            ([("compareAtPrice", "€30")], "no price"),
            ([("price", "€24"), ("compareAtPrice", "soon")], "no amount"),
        ] {
            let bad = try resolve(fields).badSales
            #expect(
                bad.count == 1 && bad.first?.problem.contains(words) == true, "\(fields): \(bad)")
        }
    }

    @Test(
        "A web address without https:// is refused with the address to write instead",
        arguments: [
            (
                "www.etsy.com/listing/123/canvas-tote",
                "https://www.etsy.com/listing/123/canvas-tote"
            ),
            ("www.example.com", "https://www.example.com"),
            ("shop.example/mug", "https://shop.example/mug"),
            ("Etsy.com/shop/studio?ref=1", "https://Etsy.com/shop/studio?ref=1"),
        ])
    func linkWithoutScheme(link: String, suggestion: String) {
        let problem = Self.problem([("link", link)])
        #expect(problem?.key == "link")
        #expect(
            problem?.problem.contains("write '\(suggestion)'") == true,
            "\(String(describing: problem))")
    }

    @Test(
        "Relative links and full URLs stay as they are",
        arguments: [
            "about.html", "shop/mug.html", "../prints/", "/contact", "page.html?ref=1", "#top",
            "https://shop.example/mug", "http://www.example.com", "mug",
        ])
    func linksKept(link: String) throws {
        #expect(LinkText.webAddressWithoutScheme(link) == nil)
        #expect(try Self.photo([("link", link)])?.link == link)
    }
}
