import Testing

@testable import SiteRenderer

/// A bare amount in every built-in language, checked against what CLDR 48 (ICU 78's
/// `Intl.NumberFormat` with `style: "currency"`) writes for the same amount.
@Suite("Prices in every built-in language")
struct LocalePriceTests {
    /// Per language: the local currency with grouping and a fraction, a currency without a
    /// minor unit (the yen), and a small amount that shows where the symbol goes.
    @Test(
        "Grouping, decimal mark, symbol and its place as CLDR writes them",
        arguments: [
            ("en", "1234567.5", "GBP", "£1,234,567.50"),
            ("en", "2400", "JPY", "¥2,400"),
            ("en", "95", "CHF", "CHF\u{A0}95"),
            ("de", "1234567.5", "EUR", "1.234.567,50\u{A0}€"),
            ("de", "2400", "JPY", "2.400\u{A0}¥"),
            ("fr", "1234567.5", "EUR", "1\u{202F}234\u{202F}567,50\u{A0}€"),
            ("fr", "24.5", "USD", "24,50\u{A0}$US"),
            ("fr", "2400", "JPY", "2\u{202F}400\u{A0}JPY"),
            ("es", "12345.5", "EUR", "12.345,50\u{A0}€"),
            ("es", "1234.5", "EUR", "1234,50\u{A0}€"),
            ("es", "2400", "JPY", "2400\u{A0}JPY"),
            ("it", "12345.5", "EUR", "12.345,50\u{A0}€"),
            ("it", "1234.5", "EUR", "1234,50\u{A0}€"),
            ("it", "12400", "JPY", "12.400\u{A0}JPY"),
            ("pt", "1234.5", "EUR", "€\u{A0}1.234,50"),
            ("pt", "2400", "JPY", "JP¥\u{A0}2.400"),
            ("nl", "24.5", "EUR", "€\u{A0}24,50"),
            ("nl", "1234567.5", "EUR", "€\u{A0}1.234.567,50"),
            ("nl", "2400", "JPY", "JP¥\u{A0}2.400"),
            ("pl", "24.5", "PLN", "24,50\u{A0}zł"),
            ("pl", "1234.5", "PLN", "1234,50\u{A0}zł"),
            ("pl", "12345.5", "PLN", "12\u{A0}345,50\u{A0}zł"),
            ("pl", "12400", "KRW", "12\u{A0}400\u{A0}KRW"),
            ("sv", "24.5", "SEK", "24,50\u{A0}kr"),
            ("sv", "1234.5", "SEK", "1\u{A0}234,50\u{A0}kr"),
            ("sv", "2400", "JPY", "2\u{A0}400\u{A0}JPY"),
            ("ja", "2400", "JPY", "￥2,400"),
            ("ja", "1234.5", "EUR", "€1,234.50"),
            ("ja", "95", "CHF", "CHF\u{A0}95"),
            ("zh", "1234.5", "CNY", "¥1,234.50"),
            ("zh", "2400", "JPY", "JP¥2,400"),
            ("ar", "1234.5", "SAR", "\u{200F}1,234.50\u{A0}ر.س.\u{200F}"),
            ("ar", "24.5", "EUR", "\u{200F}24.50\u{A0}€"),
            ("ar", "2400", "JPY", "\u{200F}2,400\u{A0}JP¥"),
            ("he", "24.5", "ILS", "\u{200F}24.50\u{A0}\u{200F}₪"),
            ("he", "1234.5", "ILS", "\u{200F}1,234.50\u{A0}\u{200F}₪"),
            ("he", "2400", "JPY", "\u{200F}2,400\u{A0}\u{200F}¥"),
        ])
    func cldrPattern(language: String, amount: String, currency: String, expected: String) {
        #expect(
            PriceText.display(Offer(amount: amount, currency: currency), language: language)
                == expected)
    }

    @Test("A regional tag takes its language's pattern; an unknown language takes English's")
    func fallbacks() {
        let offer = Offer(amount: "1234.5", currency: "EUR")
        #expect(PriceText.display(offer, language: "pt-BR") == "€\u{A0}1.234,50")
        #expect(PriceText.display(offer, language: "ZH-Hant") == "€1,234.50")
        #expect(PriceText.display(offer, language: "ko") == "€1,234.50")
    }

    @Test(
        "A fraction gets the currency's digits, rounded half up; a whole amount stays whole",
        arguments: [
            ("2400.5", "JPY", "￥2,401"),
            ("2400.49", "JPY", "￥2,400"),
            ("999.5", "KRW", "₩1,000"),
            ("24.5", "BHD", "BHD\u{A0}24.500"),
            ("24.995", "USD", "$25.00"),
            ("9.9951", "USD", "$10.00"),
            ("24.125", "EUR", "€24.13"),
            ("24", "EUR", "€24"),
            ("0.5", "EUR", "€0.50"),
        ])
    func fractionDigits(amount: String, currency: String, expected: String) {
        let language = currency == "JPY" ? "ja" : "en"
        #expect(
            PriceText.display(Offer(amount: amount, currency: currency), language: language)
                == expected)
    }

    @Test("A currency CLDR gives no symbol is written by its code, spaced from the digits")
    func codeForUnknownSymbol() {
        #expect(
            PriceText.display(Offer(amount: "24", currency: "NZD"), language: "en") == "NZD\u{A0}24"
        )
        #expect(
            PriceText.display(Offer(amount: "24", currency: "NZD"), language: "de") == "24\u{A0}NZD"
        )
    }

    @Test("Shekels and full-width yen written by the owner are read")
    func newSymbolsParse() {
        #expect(PriceText.offer("₪24", currency: nil) == Offer(amount: "24", currency: "ILS"))
        #expect(PriceText.offer("￥2,400", currency: nil) == Offer(amount: "2400", currency: "JPY"))
    }
}
