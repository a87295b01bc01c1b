/// The CLDR plural category of a whole number in one language: which form of "photos" a count
/// takes ("1 zdjęcie", "2 zdjęcia", "5 zdjęć"). Only the integer rules (CLDR's operands with
/// `v = 0`) are kept, since the pages count photos and pages, never fractions.
public struct PluralRule: Sendable {
    /// A CLDR plural category; its raw value is the suffix of a key such as `photoCount.few`.
    public enum Category: String, Sendable, CaseIterable {
        case zero, one, two, few, many, other
    }

    /// One condition of a rule on a whole number `n`, as CLDR writes them.
    enum Condition: Sendable, Hashable {
        /// `n = value`.
        case equals(Int)
        /// `n in range`.
        case within(ClosedRange<Int>)
        /// `n % modulus in range`.
        case remainder(Int, ClosedRange<Int>)
        /// `n % modulus not in range`.
        case remainderOutside(Int, ClosedRange<Int>)
        /// `n != 0 and n % 1000000 = 0`: the "de" form of es/fr/it/pt ("1 000 000 de photos").
        case millions
        /// Every one of the conditions.
        indirect case all([Condition])
        /// Any of the conditions.
        indirect case any([Condition])

        func holds(_ n: Int) -> Bool {
            switch self {
            case .equals(let value): n == value
            case .within(let range): range.contains(n)
            case .remainder(let modulus, let range): range.contains(n % modulus)
            case .remainderOutside(let modulus, let range): !range.contains(n % modulus)
            case .millions: n != 0 && n % 1_000_000 == 0
            case .all(let conditions): conditions.allSatisfy { $0.holds(n) }
            case .any(let conditions): conditions.contains { $0.holds(n) }
            }
        }
    }

    /// The categories to test in order; a number none of them takes is `other`.
    let rules: [(category: Category, condition: Condition)]

    /// The category of `count` (a negative count is taken as its magnitude, as CLDR does).
    public func category(_ count: Int) -> Category {
        let n = count.magnitude > UInt(Int.max) ? Int.max : abs(count)
        return rules.first { $0.condition.holds(n) }?.category ?? .other
    }

    /// The rule of a language tag (`pl`, `pt-BR`); a language not in the table counts as
    /// English does (one and other).
    public init(language: String) {
        let base = String(language.lowercased().split(separator: "-").first ?? "")
        rules = Self.table[base] ?? Self.table["en"]!
    }

    /// The languages the built-in `strings.json` ships, from CLDR's `plurals.xml` (the
    /// `v = 0` part of each rule: `i = 1 and v = 0` is `n = 1` for a whole number).
    static let table: [String: [(category: Category, condition: Condition)]] = {
        let oneIsOne: [(category: Category, condition: Condition)] = [(.one, .equals(1))]
        let romance: [(category: Category, condition: Condition)] = [
            (.one, .equals(1)), (.many, .millions),
        ]
        return [
            "en": oneIsOne, "de": oneIsOne, "nl": oneIsOne, "sv": oneIsOne,
            "es": romance, "it": romance,
            // fr and pt (Brazil, CLDR's default) take 0 and 1 alike: "0 photo".
            "fr": [(.one, .within(0...1)), (.many, .millions)],
            "pt": [(.one, .within(0...1)), (.many, .millions)],
            "ja": [], "zh": [],
            "pl": [
                (.one, .equals(1)),
                (.few, .all([.remainder(10, 2...4), .remainderOutside(100, 12...14)])),
                // Every other whole number: CLDR's "other" is for fractions only.
                (
                    .many,
                    .any([.remainder(10, 0...1), .remainder(10, 5...9), .remainder(100, 12...14)])
                ),
            ],
            "ar": [
                (.zero, .equals(0)), (.one, .equals(1)), (.two, .equals(2)),
                (.few, .remainder(100, 3...10)), (.many, .remainder(100, 11...99)),
            ],
            "he": [(.one, .equals(1)), (.two, .equals(2))],
        ]
    }()
}
