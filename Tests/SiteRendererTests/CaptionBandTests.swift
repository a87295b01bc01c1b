import MasonryLayout
import Testing

@testable import SiteRenderer

/// The build's text measure (DejaVu Sans's advances), the 3-line rule of the caption bands, and
/// the bands per breakpoint in the tiles' CSS.
@Suite("Caption bands")
struct CaptionBandTests {
    /// At a font size equal to the units per em, a width is the table's units.
    let regular = TextMeasure(fontSize: TextWidths.unitsPerEm, bold: false)
    let bold = TextMeasure(fontSize: TextWidths.unitsPerEm, bold: true)

    @Test("widths come from the table; a character it lacks is one em")
    func widths() {
        #expect(regular.width("a") == 1255)
        #expect(bold.width("a") > regular.width("a"))
        #expect(regular.width("ab") == regular.width("a") + regular.width("b"))
        #expect(regular.width("€") == 1303)
        #expect(regular.width("中") == TextWidths.unitsPerEm)
        #expect(regular.width("\u{80}") == TextWidths.unitsPerEm, "a control character")
        // Scales with the font size.
        let small = TextMeasure(fontSize: TextWidths.unitsPerEm / 2, bold: false)
        #expect(small.width("W") * 2 == regular.width("W"))
    }

    @Test("lines break at spaces, after hyphens and between characters of too long a word")
    func lines() {
        let word = regular.width("made")
        let space = regular.width(" ")
        #expect(regular.lines("", boxWidth: 100) == 0)
        #expect(regular.lines(" \n\t ", boxWidth: 100) == 0)
        #expect(regular.lines("made made", boxWidth: 2 * word + space) == 1)
        #expect(regular.lines("made made", boxWidth: 2 * word + space - 1) == 2)
        #expect(
            regular.lines("made \n  made", boxWidth: 2 * word + space) == 1,
            "white space is one space")
        // "hand-" stays on the first line; no character break.
        let hand = regular.width("hand-")
        #expect(regular.lines("hand-made", boxWidth: hand + 1) == 2)
        #expect(regular.lines("hand-made", boxWidth: regular.width("hand-made")) == 1)
        // Ten m's in 3.5 m's: three a line.
        let m = regular.width("m")
        #expect(regular.lines(String(repeating: "m", count: 10), boxWidth: 3.5 * m) == 4)
        // A no-break space holds its words together; a space, a hyphen and a dash part them.
        #expect(
            TextMeasure.pieces("50\u{A0}cm wide, hand-made—glazed").map(\.word)
                == ["50\u{A0}cm", "wide,", "hand-", "made\u{2014}", "glazed"])
        // CJK breaks between ideographs: four of them in two and a half ems.
        #expect(regular.lines("中中中中", boxWidth: 2.5 * TextWidths.unitsPerEm) == 2)
        // An unbreakable box after the text goes on its own line when it does not fit.
        #expect(regular.lines("made", boxWidth: word + space + 100, unbreakable: 100) == 1)
        #expect(regular.lines("made", boxWidth: word + space + 99, unbreakable: 100) == 2)
    }

    @Test("the 3-line rule: up to three lines whole, longer text clamped to three")
    func threeLineRule() {
        // A card whose text is exactly 20 bold "n"s wide at the band's font size, with the
        // band's width margin.
        let measure = TextMeasure(fontSize: CaptionBand.fontSize, bold: true)
        let card =
            measure.width(String(repeating: "n", count: 20)) * (1 + CaptionBand.widthMargin)
            + CaptionBand.horizontalPadding
        var photo = SitePhoto(path: "a.jpg", width: 10, height: 10, alt: "A")
        for lines in 1...5 {
            photo.title = Array(repeating: String(repeating: "n", count: 20), count: lines)
                .joined(separator: " ")
            let band = CaptionBand.lines(photo, fixed: 0, cardWidth: card)
            #expect(band.title == min(lines, 3))
            #expect(band.height == 16 + 20 * Double(min(lines, 3)))
        }
        photo.title = "Vase"
        photo.price = "€40"
        photo.caption = "Stoneware with a blue glaze, fired twice, 18 cm tall"
        let narrow = CaptionBand.lines(photo, fixed: 0, cardWidth: 150)
        let wide = CaptionBand.lines(photo, fixed: 0, cardWidth: 600)
        #expect(narrow.caption == 3)
        #expect(narrow.height == 16 + 20 * 5)
        #expect(wide.caption == 1)
        #expect(wide.height == 16 + 20 * 3)
        // A fixed band keeps its height; the lines still say how far the text may go.
        let fixed = CaptionBand.lines(photo, fixed: 64, cardWidth: 150)
        #expect(fixed.height == 64 && fixed.caption == 3)
    }

    @Test(
        "a band counts its text a little wider than the table: a text that only just fits gets a line more"
    )
    func widthMargin() {
        var photo = SitePhoto(path: "a.jpg", width: 300, height: 200, alt: "A")
        photo.title = "Stoneware jug"
        let measure = TextMeasure(fontSize: CaptionBand.fontSize, bold: true)
        let oneLine = measure.width("Stoneware jug")
        // Exactly the table's width, and half the margin more: one line by the table, which a
        // browser setting the text 0.1% wider (Firefox) would wrap.
        let exact = oneLine + CaptionBand.horizontalPadding
        let text = CaptionBand.Text(photo, fixed: 0)
        #expect(text.lineCount(cardWidth: exact, scale: 1) == 1)
        #expect(text.lines(cardWidth: exact).title == 2)
        #expect(text.lines(cardWidth: exact + oneLine * CaptionBand.widthMargin / 2).title == 2)
        #expect(text.lines(cardWidth: exact + oneLine * CaptionBand.widthMargin * 1.01).title == 1)
        #expect(
            text.lines(cardWidth: exact).height == CaptionBand.padding + 2 * CaptionBand.lineHeight)
    }

    @Test("each band range's band is measured at its narrowest column and written per range")
    func bandPerBandRange() throws {
        let renderer = try SiteRendererTests.renderer()
        var photo = SitePhoto(path: "a.jpg", width: 300, height: 200, alt: "A")
        photo.title = "A product name of thirty chars"
        photo.price = "€24"
        let page = SitePage(
            number: 1, count: 1,
            sections: [SiteSection(folder: "", title: "", photos: [photo, photo, photo])])
        let layout = try renderer.layout(page)
        let pageBands = renderer.bands(page)
        // Columns of 136, 192, 236 and 268.8 px at 320, 640, 1024 and 1440 (insets 20 and
        // 12, spacing 16): w = (W − 48) / 2 at the first breakpoint.
        let widths = PageBands.cardWidths(
            SiteSection(folder: "", title: "", photos: []), layout: renderer.options.layout)
        let narrowest = zip(widths, [320.0, 640, 1024, 1440]).map { $0.value(atGalleryWidth: $1) }
        #expect(zip(narrowest, [136, 192, 236, 268.8]).allSatisfy { abs($0 - $1) < 1e-9 })
        // The title takes 3 lines at 136 px and 1 at the first breakpoint's widest, so its first
        // breakpoint is cut where it has lost two lines; the others keep one band range.
        #expect(pageBands.splits.map(\.count) == [1, 0, 0, 0])
        let split = try #require(pageBands.splits[0].first)
        let measured = CaptionBand.Text(photo, fixed: 0)
        let narrow = 1 - BandSplits.narrowing
        #expect(measured.lineCount(cardWidth: 136) == 4)
        #expect(measured.lineCount(cardWidth: (split - 1 - 48) / 2, scale: narrow) > 2)
        #expect(measured.lineCount(cardWidth: (split - 48) / 2, scale: narrow) <= 2)
        let after = measured.lineCount(cardWidth: (split - 48) / 2)
        let bands = pageBands.cards[0][0]
        #expect(bands.map(\.title) == [3, after - 1, 2, 2, 2])
        #expect(bands[0].height == 96 && bands[2].height == 76)
        let style = renderer.tileStyle(layout, section: 0, item: 0, photo: photo, bands: bands)
        let ranges = LayoutRanges(layout)
        // Written where it changes, and nowhere else.
        #expect(style.contains(";--b0:96;--tl0:3;"))
        var written = 1
        for (band, start) in ranges.bandStarts.enumerated().dropFirst()
        where bands[band] != bands[band - 1] {
            let suffix = LayoutRanges.suffix(start)
            #expect(
                style.contains(
                    ";--b\(suffix):\(NumberText.decimal(bands[band].height, decimals: 2))"))
            written += 1
        }
        #expect(style.components(separatedBy: ";--b").count == written + 1)
        #expect(!style.contains("--nl"), "no caption, no caption lines")
        // The engine placed the tiles with those bands.
        for range in layout.breakpoints {
            let frame = range.sections[0].items[0].frame
            let w = frame.width.value(atGalleryWidth: range.minimumWidth)
            let height = frame.height.value(atGalleryWidth: range.minimumWidth)
            #expect(abs(height - (w * 2 / 3 + bands[range.bandIndex].height)) < 1e-9)
        }
        // The page's rule picks the band along the band ranges' first ranges.
        let second = LayoutRanges.suffix(ranges.bandStarts[1])
        let rule = LayoutRanges(layout).tileRule(ranges.bandStarts[1])
        #expect(rule.contains("--b:var(--b\(second),var(--b0,0))"))
        #expect(rule.contains("--tl:var(--tl\(second),var(--tl0,1))"))
    }

    @Test("section titles and footers wrap at a phone's width")
    func sectionBands() {
        // 375 px with the default 16 px insets a side.
        let width = 375.0 - 32
        let footer = SectionBand.footerHeight("Free UK shipping over £50", base: 48, width: width)
        #expect(footer == 48, "one line at 343 px")
        // Two lines where the first four words just fit (the footer's 4 px padding a side).
        let twoLines = SectionBand.footerMeasure.width("Free UK shipping over") + 8 + 1
        let narrowFooter = SectionBand.footerHeight(
            "Free UK shipping over £50", base: 48, width: twoLines)
        #expect(narrowFooter == 48 + 20)
        let title = "Around the workshop and the kiln yard"
        let header = SectionBand.headerHeight(
            title: title, count: "12 photos", base: 56, width: width)
        #expect(header == 56 + 28)
        #expect(
            SectionBand.headerHeight(title: "Mugs", count: "3 photos", base: 56, width: width)
                == 56)
        #expect(SectionBand.headerHeight(title: title, count: "", base: 0, width: width) == 0)
    }
}
