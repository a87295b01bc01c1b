/// Whether a product can be bought, in schema.org's `ItemAvailability` states, as a shop owner
/// writes them in the metadata's `availability` ("in stock", "pre-order", "made to order").
///
/// Each state has words of its own in the site's language (a badge on the card and the item
/// page; "in stock", the usual case, shows none), a look (an unavailable product's card is
/// dimmed; one that can still be ordered is not), and the URL its structured data states.
public enum Availability: String, Sendable, Hashable, CaseIterable {
    case inStock, outOfStock, soldOut, preOrder, backOrder, madeToOrder, limited, discontinued

    /// The state `text` names: case, hyphens, underscores and repeated spaces do not matter
    /// ("Pre-order", "pre_order", "preorder"); nil for anything else.
    public init?(words text: String) {
        let words = Self.normalised(text)
        guard
            let state = Self.allCases.first(where: {
                $0.spellings.contains { Self.normalised($0) == words }
            })
        else { return nil }
        self = state
    }

    /// `text` lower-cased, with hyphens and underscores as spaces and runs of spaces as one.
    private static func normalised(_ text: String) -> String {
        let spaced = String(text.lowercased().map { $0 == "-" || $0 == "_" ? " " : $0 })
        return spaced.split(separator: " ").joined(separator: " ")
    }

    /// The words the metadata accepts for the state, the first as the error message offers it.
    public var spellings: [String] {
        switch self {
        case .inStock: ["in stock", "available"]
        case .outOfStock: ["out of stock"]
        case .soldOut: ["sold out"]
        case .preOrder: ["pre-order", "preorder"]
        case .backOrder: ["back order", "backorder", "on back order"]
        case .madeToOrder: ["made to order"]
        case .limited: ["limited", "low stock", "limited availability"]
        case .discontinued: ["discontinued"]
        }
    }

    /// Every state's first spelling, for a message that lists what `availability` takes.
    public static var acceptedWords: String {
        allCases.map { "\"\($0.spellings[0])\"" }.joined(separator: ", ")
    }

    /// The product cannot be bought now: its card is dimmed and its item page's call to action
    /// says so instead of inviting a purchase.
    public var isUnavailable: Bool {
        self == .outOfStock || self == .soldOut || self == .discontinued
    }

    /// The `availability` of the product's `Offer` in structured data.
    public var schemaURL: String {
        let name =
            switch self {
            case .inStock: "InStock"
            case .outOfStock: "OutOfStock"
            case .soldOut: "SoldOut"
            case .preOrder: "PreOrder"
            case .backOrder: "BackOrder"
            case .madeToOrder: "MadeToOrder"
            case .limited: "LimitedAvailability"
            case .discontinued: "Discontinued"
            }
        return "https://schema.org/" + name
    }

    /// The key of the state's words in ``InterfaceStrings``; nil for ``inStock``, which the
    /// pages do not announce.
    public var wordsKey: String? {
        switch self {
        case .inStock: nil
        case .soldOut: "soldOut"
        default: "availability" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }
}
