import MasonryLayout

/// Where a page's breakpoints are cut into band ranges, so that no card's band holds more than
/// one spare line at any whole-pixel width.
///
/// A band is as tall as its text at the narrowest column of its range (see ``CaptionBand``); at
/// wider widths of the range the text may take fewer lines, and the band shows the difference
/// as blank lines. The lines a text takes never grow with the width, so a band's spare room
/// grows across its range. From a range's start, each card's band would reach a second spare
/// line at the first width where its lines are two fewer than at the start; the next range
/// starts at the first such width of any card, where every band is measured afresh. Taking the
/// furthest reach each time is the fewest cuts that keep every band within one spare line (the
/// greedy cover of a line). At most ``bandRangeLimit`` ranges per breakpoint: each range repeats
/// every tile's layout data, so past it the last range keeps its spare lines.
///
/// Browsers set the text narrower than the table's sum of advances: Chromium and Firefox kern
/// DejaVu Sans (up to 3.5% narrower on the sample's cards), and WebKitGTK also rounds each
/// advance to a whole pixel (up to 6% narrower on a long card text, 7.6% on a short one). A
/// text then loses its lines some pixels before the table says, and a band cut where the table
/// counts two lines lost would already show two blank lines there. So the search counts each
/// text ``narrowing`` narrower, against the band's own count (the text
/// ``CaptionBand/widthMargin`` wider), and cuts where that count has lost two lines. Where it
/// has lost them at the range's start already (the text sits on a line's edge there), the
/// search counts the text as narrow as it can without that: the narrowest of the widths
/// tried that still takes more lines at the start; a browser whose text is narrower still may
/// show a second spare line there.
///
/// The cuts are at whole pixels, and the bands are measured there, so every whole-pixel width
/// is covered; between two whole pixels (a zoomed page) a band may hold its second spare line
/// for less than a pixel.
struct BandSplits {
    /// The most band ranges one breakpoint is cut into. The sample's 2-column breakpoint needs
    /// 8 (its 12 cards' texts lose lines at different widths), the generated shop's widest 12;
    /// each range costs its page about 1.1 to 1.4 KB of tile positions (0.1 KB gzipped): the
    /// sample's home page is 60 KB without cuts, 69 KB with them.
    static let bandRangeLimit = 16
    /// How much narrower than the table's sum a browser may set a text, for where to cut
    /// (0.06: 6%, WebKitGTK's most on a long text).
    static let narrowing = 0.06
    /// The step between the text widths tried where a text sits on a line's edge at a range's
    /// start (see ``narrowestScale(_:cardWidth:above:)``).
    static let scaleStep = 0.02

    /// Per breakpoint of the options, the gallery widths where its band ranges after the first
    /// start, ascending.
    let widths: [[Double]]

    /// The cuts for cards of `sections`: per section, each card's text and its column width at
    /// each breakpoint (a linear function of the gallery width); `breakpointWidths` are the
    /// engine's ranges.
    init(
        sections: [(texts: [CaptionBand.Text], cardWidths: [LinearLength])],
        breakpointWidths: [Range<Double>]
    ) {
        widths = breakpointWidths.enumerated().map { index, range in
            let cards = sections.map { section in
                (texts: section.texts.filter(\.followsLines), cardWidth: section.cardWidths[index])
            }.filter { $0.cardWidth.perGalleryWidth > 0 && !$0.texts.isEmpty }
            return Self.splits(of: range, cards: cards)
        }
    }

    /// The band ranges' starts after the first in `range`, by the greedy rule above.
    private static func splits(
        of range: Range<Double>, cards: [(texts: [CaptionBand.Text], cardWidth: LinearLength)]
    ) -> [Double] {
        var splits: [Double] = []
        var start = range.lowerBound
        while splits.count < bandRangeLimit - 1 {
            // The first whole pixel past the start, and the last below the range's end.
            let lowest = Int(start.rounded(.down)) + 1
            var next = Int(range.upperBound.rounded(.up))
            for section in cards {
                let startWidth = section.cardWidth.value(atGalleryWidth: start)
                for text in section.texts {
                    let allowed = text.lineCount(cardWidth: startWidth) - 2
                    // A band of one or two lines can never lose two.
                    guard allowed >= 1, lowest < next else { continue }
                    let scale = narrowestScale(text, cardWidth: startWidth, above: allowed)
                    if let width = firstWidth(
                        in: lowest..<next, where: text, cardWidth: section.cardWidth,
                        takesAtMost: allowed, scale: scale)
                    {
                        next = width
                    }
                }
            }
            guard Double(next) < range.upperBound else { break }
            splits.append(Double(next))
            start = Double(next)
        }
        return splits
    }

    /// The narrowest text, as a multiple of the table's width (from 1 − ``narrowing`` up in
    /// steps of ``scaleStep``), whose lines on a card `cardWidth` px wide are still more than
    /// `lines`: the band's own count (1 + ``CaptionBand/widthMargin``) at the latest.
    private static func narrowestScale(
        _ text: CaptionBand.Text, cardWidth: Double, above lines: Int
    )
        -> Double
    {
        var scale = 1 - narrowing
        while scale < 1 + CaptionBand.widthMargin {
            if text.lineCount(cardWidth: cardWidth, scale: scale) > lines { return scale }
            scale += scaleStep
        }
        return 1 + CaptionBand.widthMargin
    }

    /// The smallest whole gallery width in `widths` at which `text` takes at most `lines`
    /// lines (counted for text `scale` times the table's width), or nil when even the widest
    /// does not; a bisection, as lines only fall with the
    /// width.
    private static func firstWidth(
        in widths: Range<Int>, where text: CaptionBand.Text, cardWidth: LinearLength,
        takesAtMost lines: Int, scale: Double
    ) -> Int? {
        func fits(_ width: Int) -> Bool {
            text.lineCount(cardWidth: cardWidth.value(atGalleryWidth: Double(width)), scale: scale)
                <= lines
        }
        guard let widest = widths.last, fits(widest) else { return nil }
        var low = widths.lowerBound
        var high = widest
        while low < high {
            let middle = low + (high - low) / 2
            if fits(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
