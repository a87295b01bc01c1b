import MasonryLayout
import Testing

@testable import SiteRenderer

/// The band ranges a page's breakpoints are cut into (``BandSplits``): within each, no card's
/// band loses two lines of its text, at any whole-pixel width.
@Suite("Band splits")
struct BandSplitsTests {
    /// Every card of `page` at every whole-pixel gallery width of every band range of its layout:
    /// the band counted at the range's start less the lines at that width, by the table and for
    /// text ``BandSplits/narrowing`` narrower; the worst of each, over the cards whose band range is
    /// not its breakpoint's last at the limit (those may keep more).
    func worstSpare(_ renderer: SiteRenderer, _ page: SitePage) throws -> (table: Int, kerned: Int)
    {
        let layout = try renderer.layout(page)
        let bands = renderer.bands(page)
        let texts = page.sections.map { section in
            section.photos.map { CaptionBand.Text($0, fixed: renderer.options.captionHeight) }
        }
        var worst = (table: 0, kerned: 0)
        let bandRanges = Dictionary(grouping: layout.breakpoints, by: \.bandIndex)
        for (band, ranges) in bandRanges {
            let first = ranges[0]
            let end = ranges[ranges.count - 1].maximumWidth
            if bands.splits[first.breakpointIndex].count == BandSplits.bandRangeLimit - 1,
                end == layout.subranges(ofBreakpoint: first.breakpointIndex).last?.maximumWidth
            {
                continue
            }
            for (sectionIndex, section) in first.sections.enumerated() {
                let startWidth = section.columnWidth.value(atGalleryWidth: first.minimumWidth)
                for (itemIndex, text) in texts[sectionIndex].enumerated() where text.followsLines {
                    let counted = text.lineCount(cardWidth: startWidth)
                    #expect(
                        bands.cards[sectionIndex][itemIndex][band].height
                            == CaptionBand.padding + Double(counted) * CaptionBand.lineHeight)
                    let narrow = 1 - BandSplits.narrowing
                    let kernedAtStart = text.lineCount(cardWidth: startWidth, scale: narrow)
                    var width = first.minimumWidth.rounded(.up)
                    while width < end {
                        let cardWidth = section.columnWidth.value(atGalleryWidth: width)
                        worst.table = max(
                            worst.table, counted - text.lineCount(cardWidth: cardWidth, scale: 1))
                        if counted - kernedAtStart <= 1 {
                            let kerned = text.lineCount(cardWidth: cardWidth, scale: narrow)
                            worst.kerned = max(worst.kerned, counted - kerned)
                        }
                        width += 1
                    }
                }
            }
        }
        return worst
    }

    @Test("no band loses two lines within its band range, by the table or kerned")
    func oneSpareLineAtMost() throws {
        let renderer = try SiteRendererTests.renderer()
        let page = SiteRendererTests.page(photos: 60, text: true)
        let bands = renderer.bands(page)
        #expect(bands.splits.joined().count > 0, "the page's text needs cuts")
        let worst = try worstSpare(renderer, page)
        #expect(worst.table <= 1)
        #expect(worst.kerned <= 1)
    }

    @Test("without cuts the same page's bands would lose two lines")
    func cutsAreNeeded() throws {
        let renderer = try SiteRendererTests.renderer()
        let page = SiteRendererTests.page(photos: 60, text: true)
        let section = page.sections[0]
        // The first breakpoint's band measured at its start alone, as before band ranges.
        let cardWidth = PageBands.cardWidths(section, layout: renderer.options.layout)[0]
        let end = renderer.options.layout.breakpoints[1].minimumWidth - 1
        let lost = section.photos.map { photo in
            let text = CaptionBand.Text(photo, fixed: 0)
            return text.lineCount(cardWidth: cardWidth.value(atGalleryWidth: 320))
                - text.lineCount(cardWidth: cardWidth.value(atGalleryWidth: end))
        }
        #expect(lost.max() ?? 0 >= 2)
    }

    @Test("a fixed --caption-height or a fixed item width needs no cuts")
    func fixedBands() throws {
        let page = SiteRendererTests.page(photos: 60, text: true)
        let fixed = try SiteRendererTests.renderer(captionHeight: 64)
        #expect(fixed.bands(page).splits.allSatisfy { $0.isEmpty })
        var options = fixed.options
        options.captionHeight = 0
        options.layout.sizing = .fixedItemWidth(200)
        options.layout.breakpoints = [Breakpoint(minimumWidth: 0, columns: 1)]
        let renderer = try SiteRenderer(theme: fixed.theme, options: options)
        #expect(renderer.bands(page).splits.allSatisfy { $0.isEmpty })
    }
}
