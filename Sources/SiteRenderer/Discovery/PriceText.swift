/// A price as structured data needs it: an amount and an ISO 4217 currency.
public struct Offer: Sendable, Hashable {
    /// The amount as a JSON number's text, with `.` for decimals and no grouping: `24`, `1200.5`.
    public var amount: String
    /// Three capital letters: `EUR`.
    public var currency: String

    public init(amount: String, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}

/// Reads the prices shop owners write (`€24`, `24,50 €`, `EUR 1.200`, `$18.00`, or a bare `24`
/// with a `currency` setting) and writes a bare amount for the site's language.
public enum PriceText {
    /// `text` as an amount and a currency; nil when it has no parsable amount or no known
    /// currency (neither in the text nor as `currency`). A symbol or code in the text wins over
    /// `currency`, except `$`, which is `currency` when that is another dollar.
    public static func offer(_ text: String, currency: String?) -> Offer? {
        guard let parts = split(text) else { return nil }
        var code = parts.currency ?? currency
        if parts.currency == "USD", parts.symbol == "$", let currency,
            currency.hasSuffix("D"), currency != "USD"
        {
            code = currency
        }
        guard let code, isCurrencyCode(code) else { return nil }
        return Offer(amount: parts.amount, currency: code)
    }

    /// Whether `text` is a bare amount (`24`, `24.50`, `1,200`), which the site shows as
    /// ``display(_:language:)`` gives it; a price written with its currency is shown as written.
    public static func isBareAmount(_ text: String) -> Bool {
        guard let parts = split(text) else { return false }
        return parts.currency == nil
    }

    /// `offer` as the site's language writes prices, by CLDR's pattern and symbols for it
    /// (``CurrencyPattern``, ``CurrencyData``): `€1,200.50` in English, `1.200,50 €` in German,
    /// `€ 1.200,50` in Dutch, `￥2,400` in Japanese, `‏24.50 ‏₪` in Hebrew. A fraction gets the
    /// currency's digits (none for the yen); a whole amount stays whole (`€24`), as written.
    public static func display(_ offer: Offer, language: String) -> String {
        let base = language.split(separator: "-").first.map { $0.lowercased() } ?? "en"
        let parts = offer.amount.split(separator: ".", maxSplits: 1).map(String.init)
        let (whole, fraction) = CurrencyData.rounded(
            whole: parts.first ?? offer.amount, fraction: parts.count > 1 ? parts[1] : "",
            digits: CurrencyData.fractionDigits(offer.currency))
        return CurrencyPattern.forLanguage(base).text(
            whole: whole, fraction: fraction,
            symbol: CurrencyData.symbol(offer.currency, language: base))
    }

    /// Whether `code` is an active ISO 4217 currency code.
    public static func isCurrencyCode(_ code: String) -> Bool { currencyCodes.contains(code) }

    /// The amount of `text` (`.` for decimals, no grouping) and the currency its symbol or code
    /// names, if any; nil when it has no parsable amount. For comparing two prices of one
    /// product, which need no currency to compare.
    public static func amountAndCurrency(_ text: String) -> (amount: String, currency: String?)? {
        split(text).map { ($0.amount, $0.currency) }
    }

    /// The amount's text and the currency a price names by symbol or code, if any.
    private static func split(_ text: String) -> (
        amount: String, currency: String?, symbol: String?
    )? {
        var rest = Substring(text.trimmingSpaces)
        var currency: String?
        var symbol: String?
        for (code, mark) in symbols where rest.hasPrefix(mark) || rest.hasSuffix(mark) {
            rest = rest.hasPrefix(mark) ? rest.dropFirst(mark.count) : rest.dropLast(mark.count)
            currency = code
            symbol = mark
            break
        }
        if currency == nil {
            let letters = { (part: Substring) in
                part.count == 3 && part.allSatisfy { $0.isASCII && $0.isUppercase }
            }
            if letters(rest.prefix(3)) {
                currency = String(rest.prefix(3))
                rest = rest.dropFirst(3)
            } else if letters(rest.suffix(3)) {
                currency = String(rest.suffix(3))
                rest = rest.dropLast(3)
            }
        }
        guard let amount = amount(Substring(String(rest).trimmingSpaces)) else { return nil }
        return (amount, currency, symbol)
    }

    /// `1.200,50`, `1,200.50`, `1 200,5`, `24` → `1200.5`, `1200.5`, `1200.5`, `24`. A last `.`
    /// or `,` that no earlier separator repeats is the decimal mark when one or two digits follow
    /// it or another kind of mark came before; every other separator groups three digits.
    private static func amount(_ text: Substring) -> String? {
        guard let first = text.first, first.isASCII, first.isNumber,
            let last = text.last, last.isASCII, last.isNumber
        else { return nil }
        var groups: [Substring] = []
        var separators: [Character] = []
        var current = text.startIndex
        for index in text.indices where !(text[index].isASCII && text[index].isNumber) {
            guard ".,'\u{A0}\u{202F} ".contains(text[index]) else { return nil }
            groups.append(text[current..<index])
            separators.append(text[index])
            current = text.index(after: index)
        }
        groups.append(text[current...])
        guard groups.allSatisfy({ !$0.isEmpty }) else { return nil }
        var fraction: Substring = ""
        if let mark = separators.last, mark == "." || mark == ",", let tail = groups.last,
            !separators.dropLast().contains(mark),
            tail.count <= 2 || !separators.dropLast().isEmpty
        {
            fraction = tail
            groups.removeLast()
            separators.removeLast()
        }
        // Grouping: the same mark throughout, three digits after each.
        if let mark = separators.first {
            guard separators.allSatisfy({ $0 == mark }),
                groups.dropFirst().allSatisfy({ $0.count == 3 }),
                groups[0].count <= 3
            else { return nil }
        }
        var whole = groups.joined()
        while whole.count > 1 && whole.hasPrefix("0") { whole.removeFirst() }
        while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
        guard whole.count <= 15, fraction.count <= 4 else { return nil }
        return fraction.isEmpty ? whole : whole + "." + fraction
    }

    /// Symbols shop owners write, longest first so `CHF` is not read as its last letters.
    private static let symbols: [(code: String, symbol: String)] = [
        ("CHF", "CHF"), ("EUR", "€"), ("GBP", "£"), ("USD", "US$"), ("USD", "$"), ("JPY", "¥"),
        ("INR", "₹"), ("KRW", "₩"), ("PLN", "zł"), ("SEK", "kr"), ("ILS", "₪"), ("JPY", "￥"),
    ]

    /// The active ISO 4217 codes.
    private static let currencyCodes: Set<String> = Set(
        """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP \
        BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP \
        GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR \
        KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK \
        MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR \
        SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS \
        UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG
        """.split(separator: " ").map(String.init))
}

extension String {
    /// Without leading and trailing spaces, tabs and no-break spaces.
    fileprivate var trimmingSpaces: String {
        let padding: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }
        guard let first = firstIndex(where: { !padding($0) }),
            let last = lastIndex(where: { !padding($0) })
        else { return "" }
        return String(self[first...last])
    }
}
