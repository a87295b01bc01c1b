/// The text band under a card: its height is fixed when the site is built, from what the card
/// shows, so the layout stays exact at every width; a card with no text has no band at all.
///
/// The default theme sets the band's lines to ``lineHeight`` px and its padding to ``padding``
/// px in all, so text never needs more room than the band gives it; a title too long for its
/// lines ends in an ellipsis (CSS line clamp, `--tl` lines).
public enum CaptionBand {
    /// Top plus bottom padding of a band, px.
    public static let padding = 16.0
    /// One line of the band's text, px (the theme's `line-height` for `.wf-caption`).
    public static let lineHeight = 20.0
    /// A title gets a line per this many characters: one line holds about this many at the
    /// narrowest column of the default breakpoints (136 px at a 320 px screen).
    public static let charactersPerLine = 14
    /// A longer title is cut to this many lines, with an ellipsis.
    public static let maximumTitleLines = 3

    /// Lines the title takes: 0 without one, else 1 to ``maximumTitleLines`` (see
    /// ``charactersPerLine``), so a product name of 30 characters is read whole on a phone.
    public static func titleLines(_ photo: SitePhoto) -> Int {
        guard let title = photo.title, !title.isEmpty else { return 0 }
        return min(maximumTitleLines, lines(title.count, perLine: charactersPerLine))
    }

    /// The lines `characters` characters wrap to at `perLine` a line (at least one a line): the
    /// build's one estimate of wrapped text, as it knows no font, for the caption bands and the
    /// section bands (``SectionBand``) alike.
    static func lines(_ characters: Int, perLine: Int) -> Int {
        let perLine = max(1, perLine)
        return (characters + perLine - 1) / perLine
    }

    /// Whether the card shows any text under its image.
    public static func hasText(_ photo: SitePhoto) -> Bool {
        titleLines(photo) > 0 || !(photo.price ?? "").isEmpty || !(photo.caption ?? "").isEmpty
    }

    /// The band's height in px: 0 for a card without text; `fixed` when it is positive (the
    /// `--caption-height` a user chose); else the padding plus a line per title line, price and
    /// caption.
    public static func height(_ photo: SitePhoto, fixed: Double) -> Double {
        guard hasText(photo) else { return 0 }
        if fixed > 0 { return fixed }
        var lines = titleLines(photo)
        if !(photo.price ?? "").isEmpty { lines += 1 }
        if !(photo.caption ?? "").isEmpty { lines += 1 }
        return padding + Double(lines) * lineHeight
    }
}
