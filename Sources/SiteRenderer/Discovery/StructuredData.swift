/// JSON-LD for search engines (schema.org), as the `<script type="application/ld+json">`
/// element a page carries: an `ItemList` of a gallery page's item pages, a `Product` with its
/// `Offer` for an item with a price, an `ImageObject` with its licence for one without.
///
/// The markup claims only what the metadata states. Every string is escaped for the script
/// context as well as for JSON: `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026`, U+2028 and
/// U+2029 as escapes, so no value can close the element (`</script>`), open a comment (`<!--`)
/// or end a line of a JavaScript string.
public enum StructuredData {
    /// A JSON value with members in the order written.
    public indirect enum Value: Sendable, Hashable {
        case string(String)
        /// A number's text as it is (``Offer/amount``, an integer).
        case number(String)
        case object([(String, Value)])
        case array([Value])

        public static func == (left: Value, right: Value) -> Bool {
            left.json == right.json
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(json) }

        /// Compact JSON, safe inside a script element.
        public var json: String {
            var text = ""
            write(to: &text)
            return text
        }

        func write(to text: inout String) {
            switch self {
            case .string(let value): StructuredData.appendString(value, to: &text)
            case .number(let value): text += value
            case .object(let members):
                text += "{"
                for (index, (key, value)) in members.enumerated() {
                    if index > 0 { text += "," }
                    StructuredData.appendString(key, to: &text)
                    text += ":"
                    value.write(to: &text)
                }
                text += "}"
            case .array(let elements):
                text += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { text += "," }
                    element.write(to: &text)
                }
                text += "]"
            }
        }
    }

    /// The element for `value`.
    public static func script(_ value: Value) -> String {
        "<script type=\"application/ld+json\">" + value.json + "</script>"
    }

    /// A gallery page's list of its item pages, in gallery order.
    public static func itemList(name: String, urls: [String]) -> Value {
        .object([
            ("@context", .string("https://schema.org")),
            ("@type", .string("ItemList")),
            ("name", .string(name)),
            ("numberOfItems", .number(String(urls.count))),
            (
                "itemListElement",
                .array(
                    urls.enumerated().map { index, url in
                        .object([
                            ("@type", .string("ListItem")),
                            ("position", .number(String(index + 1))),
                            ("url", .string(url)),
                        ])
                    })
            ),
        ])
    }

    /// An item with a price: `url` is its product link when given (where the shopper buys), else
    /// its item page.
    /// `images` are the product's photos, its cover first (one is written as a string).
    public static func product(
        name: String, images: [String], description: String, offer: Offer,
        availability: Availability, url: String
    ) -> Value {
        .object([
            ("@context", .string("https://schema.org")),
            ("@type", .string("Product")),
            ("name", .string(name)),
            ("image", imageValue(images)),
            ("description", .string(description)),
            ("offers", offerValue(offer, availability: availability, url: url)),
        ])
    }

    /// One variant of a ``productGroup(name:images:description:url:variesBy:variants:)``.
    public struct Variant: Sendable {
        public var name: String
        public var image: String
        public var offer: Offer?
        public var availability: Availability

        public init(name: String, image: String, offer: Offer?, availability: Availability) {
            self.name = name
            self.image = image
            self.offer = offer
            self.availability = availability
        }
    }

    /// A product with variants: each a `Product` of its own with its image and its offer (one
    /// without a price has none). `variesBy` names the schema.org property the variants differ
    /// in (`https://schema.org/color`) when it is known; nil leaves it unsaid.
    public static func productGroup(
        name: String, images: [String], description: String, url: String, variesBy: String?,
        variants: [Variant]
    ) -> Value {
        var members: [(String, Value)] = [
            ("@context", .string("https://schema.org")),
            ("@type", .string("ProductGroup")),
            ("name", .string(name)),
            ("image", imageValue(images)),
            ("description", .string(description)),
            ("url", .string(url)),
        ]
        if let variesBy { members.append(("variesBy", .string(variesBy))) }
        let products = variants.map { variant in
            var product: [(String, Value)] = [
                ("@type", .string("Product")),
                ("name", .string(name + " – " + variant.name)),
                ("image", .string(variant.image)),
            ]
            if let offer = variant.offer {
                product.append(
                    ("offers", offerValue(offer, availability: variant.availability, url: url)))
            }
            return Value.object(product)
        }
        members.append(("hasVariant", .array(products)))
        return .object(members)
    }

    private static func imageValue(_ images: [String]) -> Value {
        images.count == 1 ? .string(images[0]) : .array(images.map(Value.string))
    }

    private static func offerValue(_ offer: Offer, availability: Availability, url: String)
        -> Value
    {
        .object([
            ("@type", .string("Offer")),
            ("price", .number(offer.amount)),
            ("priceCurrency", .string(offer.currency)),
            ("availability", .string(availability.schemaURL)),
            ("url", .string(url)),
        ])
    }

    /// An item without a price: the photo, with the licence fields that are given.
    public static func imageObject(
        contentURL: String, name: String, caption: String?, rights: ImageRights
    ) -> Value {
        var members: [(String, Value)] = [
            ("@context", .string("https://schema.org")),
            ("@type", .string("ImageObject")),
            ("contentUrl", .string(contentURL)),
            ("name", .string(name)),
        ]
        if let caption { members.append(("caption", .string(caption))) }
        if let creator = rights.creator {
            members.append(
                ("creator", .object([("@type", .string("Person")), ("name", .string(creator))])))
        }
        for (key, value) in [
            ("creditText", rights.creditText), ("copyrightNotice", rights.copyrightNotice),
            ("license", rights.license), ("acquireLicensePage", rights.acquireLicensePage),
        ] {
            if let value { members.append((key, .string(value))) }
        }
        return .object(members)
    }

    /// `value` as a JSON string, escaped for a script element too (see the type's documentation):
    /// ``JSONText/quoted(_:)`` escapes `<`, `>`, `&`, U+2028 and U+2029 as well as what JSON needs.
    static func appendString(_ value: String, to text: inout String) {
        text += JSONText.quoted(value)
    }
}
