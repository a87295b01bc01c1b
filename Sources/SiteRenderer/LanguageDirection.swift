/// Which way a language's script runs: a right-to-left language (Arabic, Hebrew) gets
/// `dir="rtl"` on its pages and the mirrored layout; the layout's own `rightToLeft` direction on
/// a left-to-right language only mirrors the tiles, and the text keeps its direction.
public enum LanguageDirection {
    /// The languages written right to left, by their primary subtag (CLDR's `characterOrder`
    /// right-to-left for their default script).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "syr",
    ]

    /// Whether `language` (a tag such as `ar` or `he-IL`) is written right to left.
    public static func isRightToLeft(_ language: String) -> Bool {
        let base = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
        return rightToLeftLanguages.contains(base)
    }

    /// The page's `dir` value: `rtl` for a right-to-left language, else empty (no attribute).
    public static func dirAttribute(_ language: String) -> String {
        isRightToLeft(language) ? "rtl" : ""
    }
}
