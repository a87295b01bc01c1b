/// The text band under a card: its height in each band range (a breakpoint, or a part of one
/// cut by ``BandSplits``) is fixed when the site is built, from what the card shows and how
/// many lines that takes at the range's narrowest column, so the layout stays exact at every
/// width; a card with no text has no band at all.
///
/// The 3-line rule: a title or a caption that takes up to ``maximumLines`` lines at the card's
/// width is shown whole; a longer one is cut to that many lines, ending in an ellipsis (CSS line
/// clamp, `--tl` and `--nl` lines). The price is one line. Lines are counted with
/// ``TextMeasure``, in the default theme's type: ``lineHeight`` px lines of ``fontSize`` px text,
/// the title bold, inside ``horizontalPadding`` px and ``padding`` px of padding in all, for
/// text ``widthMargin`` wider than the table says, so a browser whose text is a little wider
/// (WebKitGTK's and Firefox's DejaVu Sans are up to 0.2% wider than the table) still shows
/// within its band every line counted.
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
    /// How much wider than ``TextMeasure``'s table the bands take their text to be (0.005:
    /// 0.5%): more than twice the most a browser was seen to set DejaVu Sans wider on the sample
    /// and the generated shop (0.2%, WebKitGTK's whole-pixel advances; Firefox 0.1%), so a text
    /// the table fits exactly on its lines is not a line short in a browser. A larger margin
    /// would widen the few widths where a card whose title and caption both sit on a line's
    /// edge shows two spare lines. A browser whose font is wider than that may end a title or
    /// caption a line early, with an ellipsis; the band and the layout stay as built.
    public static let widthMargin = 0.005

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
        Text(photo, fixed: fixed).lines(cardWidth: cardWidth)
    }

    /// The band at each of `cardWidths`; the text is measured once for them all.
    public static func lines(_ photo: SitePhoto, fixed: Double, cardWidths: [Double]) -> [Lines] {
        let text = Text(photo, fixed: fixed)
        return cardWidths.map(text.lines(cardWidth:))
    }

    /// What one card shows, measured once: its band at any card width, and whether the band's
    /// height changes with the width at all.
    public struct Text: Sendable {
        let title: TextMeasure.Measured?
        let caption: TextMeasure.Measured?
        let priceLines: Int
        let fixed: Double

        /// `photo`'s title, price and caption in the band's type; `fixed` as in
        /// ``CaptionBand/lines(_:fixed:cardWidth:)``.
        public init(_ photo: SitePhoto, fixed: Double) {
            let shows = CaptionBand.hasText(photo)
            title = shows ? measured(photo.title, bold: true) : nil
            caption = shows ? measured(photo.caption, bold: false) : nil
            priceLines = (photo.price ?? "").isEmpty ? 0 : 1
            self.fixed = shows ? fixed : 0
        }

        /// Whether the band's height follows its text's lines (a card with text and no fixed
        /// `--caption-height`).
        public var followsLines: Bool { fixed <= 0 && (title != nil || caption != nil) }

        /// The band on a card `cardWidth` px wide: its lines counted for text
        /// ``CaptionBand/widthMargin`` wider than the table.
        public func lines(cardWidth: Double) -> Lines {
            guard title != nil || caption != nil || priceLines > 0 else {
                return Lines(title: 0, caption: 0, height: 0)
            }
            let textWidth = (cardWidth - horizontalPadding) / (1 + widthMargin)
            let titleLines = clampedLines(title, textWidth)
            let captionLines = clampedLines(caption, textWidth)
            let lines = titleLines + priceLines + captionLines
            let height = fixed > 0 ? fixed : padding + Double(lines) * lineHeight
            return Lines(title: titleLines, caption: captionLines, height: height)
        }

        /// The band's lines of text (title, price and caption, as clamped) on a card `cardWidth`
        /// px wide, for text `scale` times as wide as the table says: 1 + ``CaptionBand/widthMargin``
        /// (the default) is what the band counts; 0.95 counts them for text 5% narrower, as a
        /// browser may set it.
        public func lineCount(cardWidth: Double, scale: Double = 1 + widthMargin) -> Int {
            let textWidth = (cardWidth - horizontalPadding) / scale
            return clampedLines(title, textWidth) + priceLines + clampedLines(caption, textWidth)
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
