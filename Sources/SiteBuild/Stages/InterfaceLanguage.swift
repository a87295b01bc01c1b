import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The interface words for the site's `language`, from the theme's `strings.json`:
/// `{ "en": { "soldOut": "Sold out", … }, "de": { … } }`. A tag with a region (`de-CH`) falls
/// back to its language (`de`); a language the theme lacks comes from the built-in table, and
/// one neither has is English, with a warning. The shop's own words (the `strings` setting) go
/// over the language's.
enum InterfaceLanguage {
    /// The words, and a warning when the language is not in the table.
    static func strings(
        language: String, theme: Theme, themeFile: String, overrides: [String: String] = [:],
        callToAction: String?
    ) throws(SiteBuildError) -> (strings: InterfaceStrings, warning: String?) {
        let own = try table(theme.stringsJSON, file: themeFile)
        let builtIn = (try? table(Theme.builtInStringsJSON, file: "strings.json")) ?? [:]
        let candidates = [language, String(language.split(separator: "-").first ?? "")]
        var words: [String: String]?
        for tag in candidates {
            if let found = lookUp(tag, in: own) ?? lookUp(tag, in: builtIn) {
                words = found
                break
            }
        }
        var warning: String?
        if words == nil {
            warning =
                "warning: \(themeFile): no interface words for language '\(language)'; English is used"
                + " (add \"\(language)\" to strings.json in your theme)"
        }
        var strings = words ?? lookUp("en", in: own) ?? [:]
        // A former key (`photoCountOne`) replaces the plural key it means, which the language's
        // table gives under its new name, unless the shop gives that key too.
        for (former, key) in InterfaceStrings.formerKeys {
            if let text = overrides[former] { strings[key] = text }
        }
        for (key, text) in overrides where InterfaceStrings.formerKeys[key] == nil {
            strings[key] = text
        }
        if let callToAction { strings["callToAction"] = callToAction }
        return (InterfaceStrings(strings, language: language), warning)
    }

    private static func lookUp(_ tag: String, in table: [String: [String: String]]) -> [String:
        String]?
    {
        table.first { $0.key.lowercased() == tag.lowercased() }?.value
    }

    /// `strings.json` as language → key → words; an unknown key or a value that is not text is
    /// an error naming the file, the language and the key.
    static func table(_ json: String, file: String) throws(SiteBuildError) -> [String: [String:
        String]]
    {
        let document: JSONValue
        do {
            document = try JSONValue.parse(Array(json.utf8))
        } catch {
            throw .invalidThemeFile(path: file, reason: "not valid JSON (\(error))")
        }
        guard let languages = document.members else {
            throw .invalidThemeFile(
                path: file,
                reason:
                    "must be an object of language → { key: words }, like {\"en\": {\"soldOut\": \"Sold out\"}}"
            )
        }
        var table: [String: [String: String]] = [:]
        for (language, value) in languages {
            guard let members = value.members else {
                throw .invalidThemeFile(
                    path: file, reason: "language '\(language)' must be an object of key → words")
            }
            var words: [String: String] = [:]
            for (key, text) in members {
                guard InterfaceStrings.isKnown(key) else {
                    throw .invalidThemeFile(
                        path: file,
                        reason:
                            "language '\(language)' key '\(key)' is unknown (known: \((InterfaceStrings.english.keys + InterfaceStrings.pluralKeys.filter { InterfaceStrings.english[$0] == nil }).sorted().joined(separator: ", ")))"
                    )
                }
                guard let text = text.string else {
                    throw .invalidThemeFile(
                        path: file, reason: "language '\(language)' key '\(key)' must be a string")
                }
                words[key] = text
            }
            table[language] = words
        }
        return table
    }
}
