import Testing

@testable import SiteRenderer

/// The CLDR integer plural rules of the shipped languages, at the numbers where each changes.
@Suite("Plural rules")
struct PluralRuleTests {
    private static func categories(_ language: String, _ counts: [Int]) -> [String] {
        let rule = PluralRule(language: language)
        return counts.map { rule.category($0).rawValue }
    }

    @Test("English, German, Dutch and Swedish: one for 1 only")
    func oneAndOther() {
        for language in ["en", "de", "nl", "sv", "en-GB"] {
            #expect(
                Self.categories(language, [0, 1, 2, 11, 21, 101, 1_000_000])
                    == ["other", "one", "other", "other", "other", "other", "other"])
        }
    }

    @Test("Polish: one, few for 2-4 but not 12-14, many for the rest")
    func polish() {
        #expect(
            Self.categories("pl", [0, 1, 2, 4, 5, 12, 14, 21, 22, 24, 25, 112, 122, 1001])
                == [
                    "many", "one", "few", "few", "many", "many", "many", "many", "few", "few",
                    "many",
                    "many", "few", "many",
                ])
    }

    @Test("Arabic: zero, one, two, few for 3-10 and many for 11-99 of each hundred")
    func arabic() {
        #expect(
            Self.categories("ar", [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1000])
                == [
                    "zero", "one", "two", "few", "few", "many", "many", "other", "other", "other",
                    "few",
                    "many", "other",
                ])
    }

    @Test("Hebrew: one, two, other")
    func hebrew() {
        #expect(
            Self.categories("he", [0, 1, 2, 3, 10, 20, 100]) == ["other", "one", "two"]
                + Array(repeating: "other", count: 4))
    }

    @Test("French and Portuguese take 0 as one; they, Spanish and Italian say millions apart")
    func romance() {
        #expect(
            Self.categories("fr", [0, 1, 2, 1_000_000, 2_000_000, 1_000_001]) == [
                "one", "one", "other", "many", "many", "other",
            ])
        #expect(Self.categories("pt", [0, 1, 2, 1_000_000]) == ["one", "one", "other", "many"])
        #expect(Self.categories("es", [0, 1, 2, 1_000_000]) == ["other", "one", "other", "many"])
        #expect(Self.categories("it", [0, 1, 2, 3_000_000]) == ["other", "one", "other", "many"])
    }

    @Test("Japanese and Chinese have one form")
    func oneForm() {
        #expect(Self.categories("ja", [0, 1, 2, 100]) == ["other", "other", "other", "other"])
        #expect(Self.categories("zh-Hans", [0, 1, 2]) == ["other", "other", "other"])
    }

    @Test("A count picks the form of its category, and a missing category is the other form")
    func photoCount() {
        let polish = InterfaceStrings(
            [
                "photoCount.one": "{count} zdjęcie", "photoCount.few": "{count} zdjęcia",
                "photoCount.many": "{count} zdjęć",
            ],
            language: "pl")
        #expect(
            [1, 2, 5, 22, 25, 1250].map(polish.photoCount) == [
                "1 zdjęcie", "2 zdjęcia", "5 zdjęć", "22 zdjęcia", "25 zdjęć", "1,250 zdjęć",
            ])
        let former = InterfaceStrings(
            ["photoCountOne": "{count} Foto", "photoCountOther": "{count} Fotos"], language: "de")
        #expect(former.photoCount(1) == "1 Foto" && former.photoCount(3) == "3 Fotos")
        #expect(
            InterfaceStrings.unknownKeys([
                "photoCountOne": "", "photoCount.few": "", "photoCount.lots": "",
            ]) == ["photoCount.lots"])
        let arabic = InterfaceStrings(["photoCount.other": "{count} صورة"], language: "ar")
        #expect(arabic.photoCount(3) == "3 صورة")
    }
}
