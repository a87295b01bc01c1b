import Foundation
import SiteRenderer
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// `links`, `strings` and `credit` read from `waterfall.json` and the command line, and the
/// shop's words laid over the theme's.
@Suite("The shop's links, words and credit as settings", .serialized)
struct ShopSettingsTests {
    static func settings(_ arguments: [String] = [], file: String) throws -> BuildSettings {
        try LayoutModeCommandTests.settings(arguments, file: file)
    }

    /// The message of the error the settings file `file` gives.
    static func error(_ file: String) throws -> String {
        do {
            _ = try settings(file: file)
        } catch {
            return String(describing: error)
        }
        Issue.record("\(file) was accepted")
        return ""
    }

    @Test("links in order, strings and credit from the settings file; --no-credit from the flag")
    func read() throws {
        let settings = try Self.settings(
            file: #"""
                {"links": [{"label": " About ", "url": "about.html"},
                           {"label": "Shop", "url": "https://shop.example/"}],
                 "strings": {"photoCount.other": "{count} products", "madeWith": "Built with"},
                 "credit": false}
                """#)
        #expect(
            settings.links == [
                SiteLink(label: "About", url: "about.html"),
                SiteLink(label: "Shop", url: "https://shop.example/"),
            ])
        #expect(
            settings.strings == ["photoCount.other": "{count} products", "madeWith": "Built with"])
        #expect(!settings.credit)
        #expect(try Self.settings(file: "{}").credit)
        #expect(try !Self.settings(["--no-credit"], file: "{}").credit)
        #expect(try Self.settings(file: "{}").links.isEmpty)
    }

    @Test(
        "Each bad entry names the file, the entry and the fix",
        arguments: [
            (#"{"links": {"label": "A"}}"#, "key 'links' must be an array of links like"),
            (
                #"{"links": ["about.html"]}"#,
                "links[0] must be an object {\"label\": …, \"url\": …}"
            ),
            (#"{"links": [{"url": "a.html"}]}"#, "links[0] needs a \"label\""),
            (#"{"links": [{"label": "  ", "url": "a.html"}]}"#, "links[0] needs a \"label\""),
            (#"{"links": [{"label": "A"}]}"#, "links[0] needs a \"url\""),
            (
                #"{"links": [{"label": "A", "url": "a.html"}, {"label": "B", "url": "/b"}]}"#,
                "links[1] \"url\" '/b' must be relative to the site's root (\"b\")"
            ),
            (#"{"links": [{"label": "A", "url": "a.html", "new": true}]}"#, "unknown key 'new'"),
            (#"{"strings": ["x"]}"#, "key 'strings' must be an object of word key → text"),
            (#"{"strings": {"soldOut": 1}}"#, "key 'strings': 'soldOut' must be a string"),
            (
                #"{"strings": {"soldout": "Gone"}}"#,
                "'soldout' is no word of the theme's strings.json (did you mean 'soldOut'?)"
            ),
            (#"{"credit": "no"}"#, "key 'credit' must be true or false"),
        ])
    func badEntries(file: String, message: String) throws {
        let error = try Self.error(file)
        #expect(error.contains("waterfall.json"), "\(error)")
        #expect(error.contains(message), "\(error)")
    }

    @Test("The shop's words go over the language's, the rest stay the language's")
    func overrides() throws {
        let theme = try Theme.builtIn()
        let german = try InterfaceLanguage.strings(
            language: "de", theme: theme, themeFile: "strings.json",
            overrides: [
                "photoCount.one": "{count} Produkt", "photoCount.other": "{count} Produkte",
            ],
            callToAction: nil
        ).strings
        #expect(german.photoCount(1) == "1 Produkt")
        #expect(german.photoCount(3) == "3 Produkte")
        #expect(german.soldOut == "Ausverkauft")
        // A former key stands for its plural key, over the language's word of that key.
        let english = try InterfaceLanguage.strings(
            language: "en", theme: theme, themeFile: "strings.json",
            overrides: ["photoCountOther": "{count} items"], callToAction: "Buy"
        ).strings
        #expect(english.photoCount(2) == "2 items")
        #expect(english["callToAction"] == "Buy")
        // The flag's call to action is the more particular word.
        let both = try InterfaceLanguage.strings(
            language: "en", theme: theme, themeFile: "strings.json",
            overrides: [
                "callToAction": "Order", "photoCountOther": "{count} a",
                "photoCount.other": "{count} b",
            ],
            callToAction: "Buy"
        ).strings
        #expect(both["callToAction"] == "Buy")
        #expect(both.photoCount(2) == "2 b")
    }
}
