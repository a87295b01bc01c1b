/// What CLDR says of a currency when a price is shown: the symbol each built-in language uses
/// for it and how many fraction digits it has.
///
/// From CLDR 48 (`numbers/currencies/…/symbol` of each language, `supplemental/currencyData`
/// fractions). A currency not listed is written by its ISO 4217 code, as CLDR does for it.
enum CurrencyData {
    /// `code`'s symbol in `language` (a base subtag: `fr`): `$US` in French, `US$` in Spanish,
    /// `USD` in Italian; the code itself when CLDR has no symbol for it there.
    static func symbol(_ code: String, language: String) -> String {
        guard let entry = symbols[code] else { return code }
        return entry.exceptions[language] ?? entry.symbol
    }

    /// How many digits `code` shows after the decimal mark: 0 for the yen and the won, 3 for
    /// the Bahraini dinar, 2 for most.
    static func fractionDigits(_ code: String) -> Int {
        if noFraction.contains(code) { return 0 }
        if threeDigitFraction.contains(code) { return 3 }
        return 2
    }

    /// `whole` and `fraction` (the digits of an amount, the fraction without trailing zeros)
    /// with exactly `digits` fraction digits, rounded half up; a whole amount stays whole, as
    /// the shop owner wrote it (`€24`).
    static func rounded(whole: String, fraction: String, digits: Int) -> (
        whole: String, fraction: String
    ) {
        if fraction.isEmpty { return (whole, "") }
        if fraction.count <= digits {
            return (whole, fraction + String(repeating: "0", count: digits - fraction.count))
        }
        var kept = Array(whole + fraction.prefix(digits))
        if let next = fraction.dropFirst(digits).first, next >= "5" {
            var index = kept.count - 1
            while index >= 0 && kept[index] == "9" {
                kept[index] = "0"
                index -= 1
            }
            if index >= 0 {
                kept[index] = Character(String(kept[index].wholeNumberValue! + 1))
            } else {
                kept.insert("1", at: 0)
            }
        }
        let split = kept.count - digits
        return (String(kept[..<split]), String(kept[split...]))
    }

    /// A symbol most of the built-in languages use, and the languages that write another.
    private static let symbols: [String: (symbol: String, exceptions: [String: String])] = [
        "EUR": ("€", [:]),
        "GBP": ("£", ["fr": "£GB", "es": "GBP", "pl": "GBP", "sv": "GBP", "ar": "UK£"]),
        "USD": (
            "$",
            [
                "fr": "$US", "es": "US$", "pt": "US$", "nl": "US$", "sv": "US$", "zh": "US$",
                "ar": "US$", "it": "USD", "pl": "USD",
            ]
        ),
        "JPY": (
            "¥",
            [
                "fr": "JPY", "es": "JPY", "it": "JPY", "pl": "JPY", "sv": "JPY", "pt": "JP¥",
                "nl": "JP¥", "zh": "JP¥", "ar": "JP¥", "ja": "￥",
            ]
        ),
        "CNY": ("CN¥", ["fr": "CNY", "es": "CNY", "pl": "CNY", "sv": "CNY", "ja": "元", "zh": "¥"]),
        "INR": ("₹", ["es": "INR", "it": "INR", "pl": "INR", "sv": "INR"]),
        "KRW": ("₩", ["es": "KRW", "it": "KRW", "pl": "KRW", "sv": "KRW"]),
        "ILS": ("₪", ["es": "ILS", "pl": "ILS"]),
        "PLN": ("PLN", ["pl": "zł"]),
        "SEK": ("SEK", ["sv": "kr"]),
        "DKK": ("DKK", ["sv": "Dkr"]),
        "NOK": ("NOK", ["sv": "Nkr"]),
        // The right-to-left mark belongs to these symbols in CLDR: it ends them right-to-left.
        "SAR": ("SAR", ["ar": "ر.س.\u{200F}"]),
        "AED": ("AED", ["ar": "د.إ.\u{200F}"]),
        "CAD": ("CA$", ["fr": "$CA", "es": "CAD", "pl": "CAD", "nl": "C$"]),
        "AUD": (
            "A$",
            [
                "de": "AU$", "pt": "AU$", "nl": "AU$", "zh": "AU$", "ar": "AU$", "fr": "$AU",
                "es": "AUD", "pl": "AUD", "sv": "AUD",
            ]
        ),
        "BRL": ("R$", ["es": "BRL", "it": "BRL", "sv": "BR$"]),
        "MXN": ("MX$", ["fr": "$MX", "es": "MXN", "it": "MXN", "pl": "MXN"]),
    ]

    /// Currencies CLDR shows without a fraction.
    private static let noFraction: Set<String> = [
        "AFN", "ALL", "BIF", "CLP", "COP", "DJF", "GNF", "HUF", "IDR", "IQD", "IRR", "ISK", "JPY",
        "KMF", "KPW", "KRW", "LAK", "LBP", "MGA", "MMK", "PKR", "PYG", "RWF", "SOS", "SYP", "UGX",
        "VND", "VUV", "XAF", "XOF", "XPF", "YER",
    ]

    /// Currencies CLDR shows with three fraction digits.
    private static let threeDigitFraction: Set<String> = ["BHD", "JOD", "KWD", "LYD", "OMR", "TND"]
}
