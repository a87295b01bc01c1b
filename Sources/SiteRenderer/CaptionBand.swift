/// The text band under a card: its height at each breakpoint is fixed when the site is built,
/// from what the card shows and how many lines that takes at the breakpoint's narrowest column,
/// so the layout stays exact at every width; a card with no text has no band at all.
///
/// The 3-line rule: a title or a caption that takes up to ``maximumLines`` lines at the card's
/// width is shown whole; a longer one is cut to that many lines, ending in an ellipsis (CSS line
/// clamp, `--tl` and `--nl` lines). The price is one line. Lines are counted with
/// ``TextMeasure``, in the default theme's type: ``lineHeight`` px lines of ``fontSize`` px text,
/// the title bold, inside ``horizontalPadding`` px and ``padding`` px of padding in all.
public enum CaptionBand {
    /// Top plus bottom padding of a band, px.
    public static let padding = 16.0
    /// Left plus right padding of a band, px: the text is this much narrower than the card.
    public static let horizontalPadding = 24.0
    /// One line of the band's text, px (the theme's `line-height` for `.wf-caption`).
    public static let lineHeight = 20.0
    /// The band's font size, px (the theme's 0.9rem).
    public static let fontSize = 14.4
    /// A longer title or caption is cut to this many lines, with an ellipsis.
    public static let maximumLines = 3

    /// What the band holds at one width: its lines of title and caption, and its height.
    public struct Lines: Sendable, Hashable {
        /// Lines of title: 0 without one, else 1 to ``CaptionBand/maximumLines``.
        public var title: Int
        /// Lines of caption, likewise.
        public var caption: Int
        /// The band's height, px (0 for a card without text).
        public var height: Double
    }

    /// The band of `photo` on a card `cardWidth` px wide: `fixed` px tall when it is positive
    /// (the `--caption-height` a user chose), else the padding plus a line per title line, price
    /// and caption line.
    public static func lines(_ photo: SitePhoto, fixed: Double, cardWidth: Double) -> Lines {
        lines(photo, fixed: fixed, cardWidths: [cardWidth])[0]
    }

    /// The band at each of `cardWidths` (a breakpoint's narrowest column each); the text is
    /// measured once for them all.
    public static func lines(_ photo: SitePhoto, fixed: Double, cardWidths: [Double]) -> [Lines] {
        guard hasText(photo) else {
            return Array(repeating: Lines(title: 0, caption: 0, height: 0), count: cardWidths.count)
        }
        let title = measured(photo.title, bold: true)
        let caption = measured(photo.caption, bold: false)
        let price = (photo.price ?? "").isEmpty ? 0 : 1
        return cardWidths.map { cardWidth in
            let textWidth = cardWidth - horizontalPadding
            let titleLines = clampedLines(title, textWidth)
            let captionLines = clampedLines(caption, textWidth)
            let lines = titleLines + price + captionLines
            let height = fixed > 0 ? fixed : padding + Double(lines) * lineHeight
            return Lines(title: titleLines, caption: captionLines, height: height)
        }
    }

    /// Whether the card shows any text under its image.
    public static func hasText(_ photo: SitePhoto) -> Bool {
        !(photo.title ?? "").isEmpty || !(photo.price ?? "").isEmpty
            || !(photo.caption ?? "").isEmpty
    }

    /// `text` measured in the band's type, or nil when there is none.
    static func measured(_ text: String?, bold: Bool) -> TextMeasure.Measured? {
        guard let text, !text.isEmpty else { return nil }
        return TextMeasure(fontSize: fontSize, bold: bold).measured(text)
    }

    /// The lines `text` takes in `width` px, at least 1 and at most ``maximumLines`` (0 for no
    /// text).
    static func clampedLines(_ text: TextMeasure.Measured?, _ width: Double) -> Int {
        guard let text else { return 0 }
        return min(maximumLines, max(1, text.lines(boxWidth: width)))
    }
}
