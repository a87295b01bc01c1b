/// How one language writes an amount of money: CLDR's standard currency pattern for the
/// language in its default numbering system, with that system's decimal and grouping marks.
///
/// The values are CLDR 48's (`numbers/currencyFormats` standard pattern, `symbols`,
/// `minimumGroupingDigits` and `defaultNumberingSystem` of each language's main locale). Every
/// built-in language writes Latin digits: CLDR made them the default for `ar` in 2024
/// (CLDR-17553), leaving Arabic-Indic digits to regional locales such as `ar-EG`; a regional
/// tag falls back to its language here.
struct CurrencyPattern: Sendable, Hashable {
    /// Between the whole number and its fraction.
    var decimal: String
    /// Between groups of three digits.
    var grouping: String
    /// How many digits the leftmost group needs before the number is grouped at all: with 2,
    /// `1234` stays whole and `12 345` is grouped (Spanish, Italian, Polish).
    var minimumGroupingDigits: Int
    /// Whether the symbol comes before the number (`€24.50`) or after it (`24,50 €`).
    var symbolFirst: Bool
    /// What the pattern puts between the number and the symbol: a no-break space or nothing.
    /// With nothing, CLDR's currency spacing still puts a no-break space after a symbol that
    /// ends in a letter (`CHF 95`, `€24`).
    var gap: String
    /// What the pattern puts before everything: a right-to-left mark in Arabic and Hebrew, so
    /// the amount, which starts with digits, reads as right-to-left text.
    var lead: String = ""
    /// What the pattern puts right before the symbol: a right-to-left mark in Hebrew, so a
    /// Latin-letter symbol (`CHF`) stays on the left of the number.
    var symbolMark: String = ""

    /// The pattern for `language`'s base subtag (`pt` for `pt-BR`); English's for a language
    /// this table does not know.
    static func forLanguage(_ language: String) -> CurrencyPattern {
        patterns[language] ?? patterns["en"]!
    }

    /// `whole` (digits only) and `fraction` (digits, or empty for none) with `symbol`.
    func text(whole: String, fraction: String, symbol: String) -> String {
        var number = grouped(whole)
        if !fraction.isEmpty { number += decimal + fraction }
        let mark = symbolMark + symbol
        guard symbolFirst else { return lead + number + gap + mark }
        // CLDR's currency spacing: a symbol whose last character is not itself a symbol
        // (`CHF`, `元`) is kept apart from the digits it touches.
        let touching = gap.isEmpty && !(symbol.unicodeScalars.last.map(Self.isSymbol) ?? true)
        return lead + mark + (touching ? "\u{A0}" : gap) + number
    }

    /// `digits` with `grouping` between groups of three, once the leftmost group would hold
    /// `minimumGroupingDigits` digits or more.
    private func grouped(_ digits: String) -> String {
        guard digits.count >= 3 + minimumGroupingDigits else { return digits }
        var text = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += grouping }
            text.append(character)
        }
        return text
    }

    /// Whether `scalar` is in one of Unicode's symbol categories (Sc, Sm, Sk, So).
    private static func isSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .currencySymbol, .mathSymbol, .modifierSymbol, .otherSymbol: true
        default: false
        }
    }

    private static let noBreak = "\u{A0}"
    private static let rightToLeftMark = "\u{200F}"

    /// One row per built-in language of `Templates/strings.json`.
    private static let patterns: [String: CurrencyPattern] = [
        "en": CurrencyPattern(
            decimal: ".", grouping: ",", minimumGroupingDigits: 1, symbolFirst: true, gap: ""),
        "ja": CurrencyPattern(
            decimal: ".", grouping: ",", minimumGroupingDigits: 1, symbolFirst: true, gap: ""),
        "zh": CurrencyPattern(
            decimal: ".", grouping: ",", minimumGroupingDigits: 1, symbolFirst: true, gap: ""),
        "de": CurrencyPattern(
            decimal: ",", grouping: ".", minimumGroupingDigits: 1, symbolFirst: false,
            gap: noBreak),
        "es": CurrencyPattern(
            decimal: ",", grouping: ".", minimumGroupingDigits: 2, symbolFirst: false,
            gap: noBreak),
        "it": CurrencyPattern(
            decimal: ",", grouping: ".", minimumGroupingDigits: 2, symbolFirst: false,
            gap: noBreak),
        "pt": CurrencyPattern(
            decimal: ",", grouping: ".", minimumGroupingDigits: 1, symbolFirst: true,
            gap: noBreak),
        "nl": CurrencyPattern(
            decimal: ",", grouping: ".", minimumGroupingDigits: 1, symbolFirst: true,
            gap: noBreak),
        // French groups with a narrow no-break space; Polish and Swedish with a no-break space.
        "fr": CurrencyPattern(
            decimal: ",", grouping: "\u{202F}", minimumGroupingDigits: 1, symbolFirst: false,
            gap: noBreak),
        "pl": CurrencyPattern(
            decimal: ",", grouping: noBreak, minimumGroupingDigits: 2, symbolFirst: false,
            gap: noBreak),
        "sv": CurrencyPattern(
            decimal: ",", grouping: noBreak, minimumGroupingDigits: 1, symbolFirst: false,
            gap: noBreak),
        "ar": CurrencyPattern(
            decimal: ".", grouping: ",", minimumGroupingDigits: 1, symbolFirst: false,
            gap: noBreak, lead: rightToLeftMark),
        "he": CurrencyPattern(
            decimal: ".", grouping: ",", minimumGroupingDigits: 1, symbolFirst: false,
            gap: noBreak, lead: rightToLeftMark, symbolMark: rightToLeftMark),
    ]
}
