import TestSupport
import Testing

@testable import SiteRenderer

@Suite("Slugs of names in paths and ids")
struct SlugTests {
    @Test("The byte-wise slug of ASCII text is the character-wise one")
    func asciiSlugs() {
        let ascii = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        let texts = RandomTexts.make(
            ["", "-", "--a--", "A_B C", "\r\n", "IMG_0042", "Red Bowl (2).v2"], count: 500,
            maximumLength: 12, from: ascii)
        for text in texts {
            #expect(
                Slug.make(text, empty: "photo") == Slug.unicode(text, empty: "photo"),
                "\(text.debugDescription)")
        }
    }

    @Test("Section ids keep letters of any script, one form for both spellings of a name")
    func sectionIDs() {
        let ids = SiteRenderer.sectionIDs(folders: [
            "", "Ceramics/Red Bowls", "K\u{FC}che", "Cafe\u{301}", "Caf\u{E9}", "!!!", "京都",
        ])
        #expect(
            ids.map { Array($0.utf8) }
                == [
                    "s-root", "s-ceramics-red-bowls", "s-k\u{FC}che", "s-caf\u{E9}",
                    "s-caf\u{E9}-2",
                    "s-section", "s-京都",
                ].map { Array($0.utf8) })
    }
}
