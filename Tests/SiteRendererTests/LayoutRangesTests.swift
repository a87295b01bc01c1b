import Foundation
import Testing

@testable import SiteRenderer

/// The names of the tile properties written per range (``LayoutRanges``).
@Suite("Layout ranges")
struct LayoutRangesTests {
    /// Every custom property name in the built-in theme's files.
    static func themeNames() throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: "--[A-Za-z0-9_-]+")
        var names: Set<String> = []
        for text in EmbeddedTheme.files.values {
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range, in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }

    // A tile leaves out a range's value that did not change and the page's rule falls back past
    // its name; a theme's property of that name inherits into the tile and is taken instead. The
    // built-in theme's `--bg` was range 16's band in small letters: at the generated shop's
    // widest ranges every band was its background colour, and every card a line or two short.
    @Test("No range's property, at up to 36 × 36 ranges, is a name the built-in theme uses")
    func namesClearOfTheTheme() throws {
        let theme = try Self.themeNames()
        #expect(theme.contains("--bg"), "the theme's names are read")
        var taken: [String] = []
        for index in 0..<(36 * 36) {
            for name in LayoutRanges.propertyNames {
                let property = "--\(name)\(LayoutRanges.suffix(index))"
                if theme.contains(property) { taken.append(property) }
            }
        }
        #expect(taken.isEmpty)
    }

    @Test("A range's suffix is base 36 in digits and capitals")
    func suffixes() {
        #expect(LayoutRanges.suffix(9) == "9")
        #expect(LayoutRanges.suffix(16) == "G")
        #expect(LayoutRanges.suffix(35) == "Z")
        #expect(LayoutRanges.suffix(36) == "10")
    }
}
