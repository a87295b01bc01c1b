import SiteRenderer

/// The settings-file values that make the site the shop's own: `links`, the header's links in
/// order, and `strings`, the shop's words in place of the theme's (`"photoCount.other":
/// "{count} products"`). Each bad entry is an error naming the file, the entry and the fix.
enum ShopWordsSetting {
    /// `[{"label": "About", "url": "about.html"}, …]` as header links.
    static func links(_ value: JSONValue, file: String) throws(SiteBuildError) -> [SiteLink] {
        let example = #"[{"label": "About", "url": "about.html"}]"#
        guard case .array(let entries) = value else {
            throw .invalidSetting(
                path: file, key: "links", reason: "must be an array of links like \(example)")
        }
        var links: [SiteLink] = []
        for (index, entry) in entries.enumerated() {
            let place = "links[\(index)]"
            guard let members = entry.members else {
                throw .invalidShopWords(
                    path: file, place: place,
                    reason: "must be an object {\"label\": …, \"url\": …}, like \(example)")
            }
            for (key, _) in members where key != "label" && key != "url" {
                let hint =
                    Suggestion.nearest(to: key, among: ["label", "url"]).map {
                        " (did you mean '\($0)'?)"
                    } ?? ""
                throw .invalidShopWords(
                    path: file, place: place,
                    reason:
                        "has an unknown key '\(key)'\(hint); a link has only \"label\" and \"url\"")
            }
            guard let label = entry["label"]?.string, !label.trimmed.isEmpty else {
                throw .invalidShopWords(
                    path: file, place: place,
                    reason: "needs a \"label\": the link's text, like \"About\"")
            }
            guard let url = entry["url"]?.string else {
                throw .invalidShopWords(
                    path: file, place: place,
                    reason:
                        "needs a \"url\": \"about.html\" (relative to the site's root) or \"https://…\""
                )
            }
            if let problem = SiteLink.problem(url: url) {
                throw .invalidShopWords(
                    path: file, place: place, reason: "\"url\" '\(url)' \(problem)")
            }
            links.append(SiteLink(label: label.trimmed, url: url))
        }
        return links
    }

    /// `{"photoCount.other": "{count} products", …}`: keys of the theme's `strings.json`, each
    /// with text. An unknown key is an error naming it, with the nearest known key.
    static func strings(_ value: JSONValue, file: String) throws(SiteBuildError) -> [String: String]
    {
        guard let members = value.members else {
            throw .invalidSetting(
                path: file, key: "strings",
                reason:
                    "must be an object of word key → text, like {\"photoCount.other\": \"{count} products\"}"
            )
        }
        var words: [String: String] = [:]
        for (key, text) in members {
            guard InterfaceStrings.isKnown(key) else {
                let hint =
                    Suggestion.nearest(to: key, among: InterfaceStrings.knownKeys).map {
                        " (did you mean '\($0)'?)"
                    } ?? ""
                throw .invalidShopWords(
                    path: file, place: "key 'strings':",
                    reason:
                        "'\(key)' is no word of the theme's strings.json\(hint) (known: \(InterfaceStrings.knownKeys.joined(separator: ", ")))"
                )
            }
            guard let text = text.string else {
                throw .invalidShopWords(
                    path: file, place: "key 'strings':", reason: "'\(key)' must be a string")
            }
            words[key] = text
        }
        return words
    }
}
