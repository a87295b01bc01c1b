/// The words of the interface in the site's language: the theme's `strings.json` gives them per
/// language (see `Templates/README.md`); a word a language leaves out is the English one.
public struct InterfaceStrings: Sendable, Hashable, CustomDebugStringConvertible {
    /// Every word the pages use, by key, with its English text. `{count}`, `{page}` and `{name}`
    /// are filled in where the key says so.
    public static let english: [String: String] = [
        "skipLink": "Skip to the photos",
        "photoCount.one": "{count} photo",
        "photoCount.other": "{count} photos",
        "pageOf": "page {page} of {count}",
        "previous": "Previous",
        "next": "Next",
        "pages": "Pages",
        "sections": "Sections",
        "continued": "continued",
        "soldOut": "Sold out",
        "availabilityOutOfStock": "Out of stock",
        "availabilityPreOrder": "Pre-order",
        "availabilityBackOrder": "On back order",
        "availabilityMadeToOrder": "Made to order",
        "availabilityLimited": "Only a few left",
        "availabilityDiscontinued": "Discontinued",
        "callToActionUnavailable": "{state}: see it in the shop",
        "callToActionPreOrder": "Pre-order in the shop",
        "priceWas": "was",
        "callToAction": "View in shop",
        "downloadOriginal": "Download original",
        "backToGallery": "Back to the gallery",
        "breadcrumb": "Breadcrumb",
        "photoNumber": "{name} {count}",
        "madeWith": "Made with",
        "backToTop": "Back to top",
        "all": "All",
        "tags": "Tags",
        "tagsLabel": "Tags of this product",
        "productPhotos": "Photos of this product",
        "variants": "Options",
        "links": "Links",
        "external": "(external)",
    ]

    /// The keys of the count of photos besides ``english``'s: one per CLDR plural category, as
    /// the language's ``PluralRule`` picks them ("photoCount.few": "{count} zdjęcia").
    public static let pluralKeys = PluralRule.Category.allCases.map { "photoCount.\($0.rawValue)" }

    /// The keys themes wrote before plural categories, and the category key each now means.
    public static let formerKeys = [
        "photoCountOne": "photoCount.one", "photoCountOther": "photoCount.other",
    ]

    /// Whether `key` is a word a theme's `strings.json` may give.
    public static func isKnown(_ key: String) -> Bool {
        english[key] != nil || pluralKeys.contains(key) || formerKeys[key] != nil
    }

    /// Every key a theme's `strings.json` (or the `strings` setting) may give, sorted.
    public static var knownKeys: [String] {
        Set(english.keys).union(pluralKeys).union(formerKeys.keys).sorted()
    }

    /// The text of every key of ``english``, and the plural keys the language gives.
    public let words: [String: String]

    /// The language whose ``PluralRule`` picks the count's form.
    public let language: String

    /// The English words with `overrides` in their place (unknown keys are the caller's to
    /// reject; see ``unknownKeys(_:)``); a former key (`photoCountOne`) stands for its plural
    /// key unless that is given too.
    public init(_ overrides: [String: String] = [:], language: String = "en") {
        var given = overrides
        for (former, key) in Self.formerKeys {
            if let text = given.removeValue(forKey: former), given[key] == nil { given[key] = text }
        }
        words = Self.english.merging(given) { _, new in new }
        self.language = language
    }

    /// The keys of `words` that are no interface word.
    public static func unknownKeys(_ words: [String: String]) -> [String] {
        words.keys.filter { !isKnown($0) }.sorted()
    }

    /// The words in key order: the same text in every process (a dictionary's own order is not),
    /// as the renderer's fingerprint of its options needs (the options hold ``language`` too).
    public var debugDescription: String {
        words.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1F}")
    }

    public subscript(_ key: String) -> String { words[key] ?? Self.english[key] ?? key }

    public var soldOut: String { self["soldOut"] }

    /// "1 photo", "2 photos", in the form the language's CLDR plural category of `count` takes
    /// ("5 zdjęć"), with the count grouped ("1,250 photos"). A category the words leave out is
    /// the `other` form.
    public func photoCount(_ count: Int) -> String {
        let category = PluralRule(language: language).category(count)
        return (words["photoCount.\(category.rawValue)"] ?? self["photoCount.other"])
            .replacing("{count}", with: NumberText.grouped(count))
    }

    /// "page 2 of 4".
    public func pageOf(_ page: Int, _ count: Int) -> String {
        self["pageOf"].replacing("{page}", with: String(page))
            .replacing("{count}", with: String(count))
    }

    /// The alt text of a photo without one: the section's name and the photo's number in it.
    public func photoNumber(_ name: String, _ number: Int) -> String {
        self["photoNumber"].replacing("{name}", with: name).replacing(
            "{count}", with: String(number))
    }

    /// ``photoNumber(_:_:)`` of `name` for any number, with the words read once: a build names
    /// thousands of photos of one section.
    public func photoNumbers(_ name: String) -> (_ number: Int) -> String {
        let parts = self["photoNumber"].replacing("{name}", with: name).split(
            separator: "{count}", omittingEmptySubsequences: false)
        return { number in parts.joined(separator: String(number)) }
    }
}
