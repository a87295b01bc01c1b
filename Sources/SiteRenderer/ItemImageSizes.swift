/// The `sizes` of an item page's image, from the default theme's `.wf-item` geometry
/// (`Templates/waterfall.css`): below ``twoColumnsFrom`` the image is as wide as the viewport
/// less the page's padding; from there it takes the first of two grid columns (2fr and 1fr
/// with a gap) of a box at most ``boxWidth`` wide; and it is never taller than 85vh, in the
/// photo's shape.
///
/// Why so exact (issue 37): the `<source>` formats (WebP) are only made up to the widest file
/// a phone picks, and wider files are JPEG. A `sizes` of `100vw`, as before, claimed 1,280 px
/// for an 811 px image on a 1,280 px screen and fetched a 1,417 px file where 839 px is sharp;
/// with WebP cut above the phones' widths that file would also be a JPEG. On a phone, a
/// density of 2.5 or more claims the DPR-2 need, as the gallery's first tiles do (issue 37:
/// phones gain little from more), so a phone never picks a file wider than
/// `RenditionWidths/widestPhonePick`.
public enum ItemImageSizes {
    /// The `.wf-item` box's padding, left and right together, in CSS px.
    public static let padding = 32.0
    /// The viewport width from which the image and the text are side by side.
    public static let twoColumnsFrom = 900.0
    /// The `.wf-item` box's `max-width`, padding included (`box-sizing: border-box`).
    public static let boxWidth = 1280.0
    /// The gap between the image's column and the text's.
    public static let gap = 32.0
    /// The image column's share of the box, less the gap (`2fr` of `2fr 1fr`).
    public static let imageShare = 2.0 / 3
    /// The image's `max-height`, as a share of the viewport's height.
    public static let heightShare = 0.85

    /// The image's width in CSS px at a viewport `width` wide, where its height does not bind.
    public static func width(atViewport width: Double) -> Double {
        guard width >= twoColumnsFrom else { return max(1, width - padding) }
        return (min(width, boxWidth) - padding - gap) * imageShare
    }

    /// The `sizes` of a `width` × `height` photo's image; `ratio` is width ÷ height as the page
    /// writes it (`--ar`). Entries, the first that matches applies:
    /// - one column, a screen wider than the photo's shape: 85vh tall (the old first entry);
    /// - two columns, a screen so low that 85vh binds even in the narrowest two-column layout
    ///   (most portrait photos on a laptop): 85vh tall;
    /// - two columns: the column (fixed from ``boxWidth``), at most the image's width;
    /// - one column at 3 and at 2.5 dppx or more: the DPR-2 need (2/3 and 0.8 of the width);
    /// - one column: the viewport less the padding.
    public static func sizes(width: Int, height: Int, ratio: String) -> String {
        let tall = "calc(\(css(heightShare * 100))vh * \(ratio))"
        let oneColumn = "(100vw - \(css(padding))px)"
        // Below this viewport height 85vh binds at every two-column width (the narrowest
        // column is the narrowest image), so the height alone gives the image's width.
        let aspect = Double(width) / Double(max(1, height))
        let lowest = (Self.width(atViewport: twoColumnsFrom) / (heightShare * aspect))
            .rounded(.down)
        return [
            "(max-width: \(css(twoColumnsFrom - 0.01))px) and (min-aspect-ratio: \(width)/\(height)) \(tall)",
            "(min-width: \(css(twoColumnsFrom))px) and (max-height: \(css(lowest))px) \(tall)",
            "(min-width: \(css(boxWidth))px) \(css(Self.width(atViewport: boxWidth)))px",
            // imageShare (2/3) of the box less padding and gap.
            "(min-width: \(css(twoColumnsFrom))px) calc((100vw - \(css(padding + gap))px) * 2 / 3)",
            "(min-resolution: 3dppx) calc(\(oneColumn) * 2 / 3)",
            "(min-resolution: \(css(PhoneSizes.minimumDensity))dppx) calc(\(oneColumn) * \(css(PhoneSizes.scale)))",
            "calc\(oneColumn)",
        ].joined(separator: ", ")
    }

    /// A CSS number: at most three decimals, no trailing zeros.
    private static func css(_ value: Double) -> String { NumberText.decimal(value, decimals: 3) }
}
