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
/// by the tiles) or around the footer's text (centred). The count of lines is an estimate from
/// the number of characters, generous per character, as the build knows no font.
///
/// The default theme sets the lines to ``headerLineHeight`` and ``footerLineHeight`` px.
public enum SectionBand {
    /// One line of the header's text, px (the theme's `line-height` for `.wf-section-header`).
    public static let headerLineHeight = 28.0
    /// One line of the footer's text, px (the theme's `line-height` for `.wf-section-footer`).
    public static let footerLineHeight = 20.0
    /// The widest a character of the header's title is taken to be, px: the theme's 1.35rem
    /// (21.6 px) at weight 650 averages about 12 px a character in a sans-serif face.
    static let headerCharacterWidth = 14.0
    /// The same for the footer's 0.95rem (15.2 px) text, about 8 px a character.
    static let footerCharacterWidth = 9.0

    /// The header's height: `base` (the `--header-height`, which holds one line) and a line more
    /// for each further line its `title` and `count` (the count and "continued", in the
    /// theme's smaller type: three of its characters take the room of two of the title's; and
    /// one for the gap between them) take in `width` px; 0 stays 0 (no header asked for).
    public static func headerHeight(title: String, count: String, base: Double, width: Double)
        -> Double
    {
        let characters = title.count + 1 + (count.count * 2 + 2) / 3
        return base > 0
            ? base + extraLines(characters, width, headerCharacterWidth) * headerLineHeight : 0
    }

    /// The footer's height, likewise from `base` (`--footer-height`) and its text.
    public static func footerHeight(_ text: String, base: Double, width: Double) -> Double {
        base > 0 ? base + extraLines(text.count, width, footerCharacterWidth) * footerLineHeight : 0
    }

    /// Lines beyond the first that `characters` need in `width` px at `characterWidth` px each
    /// (``CaptionBand/lines(_:perLine:)``, the estimate the caption bands use).
    private static func extraLines(_ characters: Int, _ width: Double, _ characterWidth: Double)
        -> Double
    {
        let lines = CaptionBand.lines(characters, perLine: Int(width / characterWidth))
        return Double(max(0, lines - 1))
    }
}
