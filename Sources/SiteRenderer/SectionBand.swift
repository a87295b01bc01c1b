import MasonryLayout

/// The heights of a section's header and footer bands: each grows by a line for every line its
/// text needs, so a long title or footer wraps and is read whole on a phone instead of ending in
/// an ellipsis.
///
/// Why at build time, like ``CaptionBand``: the layout places the tiles below the header and the
/// footer below the tiles with constants in its formulas, which is what keeps every tile exact
/// at every width in every engine with no script. A band whose height followed its text in the
/// browser would move the tiles by however the engine happened to wrap it. So per breakpoint the
/// band is as tall as the text needs at the breakpoint's narrowest width (less the section's
/// insets), and the same at every wider width of the breakpoint, where the text may take fewer
/// lines and the band's spare room lies above the title (the header's text sits at its bottom,
/// by the tiles) or around the footer's text (centred). The lines are counted with
/// ``TextMeasure``, in the default theme's type, for text ``widthMargin`` wider than its table.
///
/// The default theme sets the lines to ``headerLineHeight`` and ``footerLineHeight`` px.
public enum SectionBand {
    /// One line of the header's text, px (the theme's `line-height` for `.wf-section-header`).
    public static let headerLineHeight = 28.0
    /// One line of the footer's text, px (the theme's `line-height` for `.wf-section-footer`).
    public static let footerLineHeight = 20.0
    /// How much narrower than the narrowest gallery the layout is built for (320 px) the first
    /// breakpoint's header and footer are measured: a desktop browser made 320 px wide draws a
    /// classic scrollbar of up to 17 px inside it, and a title must still read whole there.
    public static let scrollbarAllowance = 17.0
    /// How much wider than ``TextMeasure``'s table the headers and footers take their text to
    /// be (0.03: 3%): WebKitGTK sets the header's 21.6 px bold title with whole-pixel advances,
    /// 2.6% wider than the table ("Hand-made ceramics": 262 px, the table 255 px, Chromium 255).
    /// A header's spare room lies above its title, so a generous count costs at most a line of
    /// room there at some widths, where too tight a one would cut the title.
    public static let widthMargin = 0.03
    /// The header's title: the theme's 1.35rem at weight 650.
    static let titleMeasure = TextMeasure(fontSize: 21.6, bold: true)
    /// The header's count beside the title: 0.9rem at weight 400, after a 4 px margin.
    static let countMeasure = TextMeasure(fontSize: 14.4, bold: false)
    static let countMargin = 4.0
    /// The footer's text: 0.95rem at weight 400, inside 4 px of padding a side.
    static let footerMeasure = TextMeasure(fontSize: 15.2, bold: false)
    static let footerPadding = 8.0

    /// The header's height: `base` (the `--header-height`, which holds one line) and a line more
    /// for each further line its `title` and `count` (the count and "continued", which never
    /// wrap inside) take in `width` px; 0 stays 0 (no header asked for).
    public static func headerHeight(title: String, count: String, base: Double, width: Double)
        -> Double
    {
        guard base > 0 else { return 0 }
        let lines = titleMeasure.lines(
            title, boxWidth: width / (1 + widthMargin),
            unbreakable: countMeasure.width(count) + countMargin)
        return base + Double(max(0, lines - 1)) * headerLineHeight
    }

    /// The footer's height, likewise from `base` (`--footer-height`) and its text.
    public static func footerHeight(_ text: String, base: Double, width: Double) -> Double {
        guard base > 0 else { return 0 }
        let lines = footerMeasure.lines(
            text, boxWidth: (width - footerPadding) / (1 + widthMargin))
        return base + Double(max(0, lines - 1)) * footerLineHeight
    }
}
