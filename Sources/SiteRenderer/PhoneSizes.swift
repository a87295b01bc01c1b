/// A tile's `sizes` with one more entry in front for high-density phones: at 2.5 device pixels
/// per CSS pixel or more, and at the narrowest breakpoint's widths, the tile claims 0.8× its
/// width, so the browser picks about the file a DPR-2 screen needs instead of the DPR-3 one.
///
/// Why: on a phone's slow link the first screen's images share the bandwidth, and the largest
/// of them is the page's largest contentful paint. At DPR 2.625 (Lighthouse's phone) a 182 px
/// tile needs 478 device px and took a 497 w file; claimed at 0.8× it needs 382 and takes the
/// 383 w one, about 0.6× the bytes. Phones gain little from more (issue 37 allows the DPR-2
/// need at DPR 3). 0.8 = 2 ÷ 2.5, so at every density the entry applies to the file is still at
/// least as wide as a DPR-2 screen needs, and at DPR 3 it needs 2.4× the tile, below the 3×
/// a DPR-3 screen would otherwise fetch.
///
/// Only the narrowest breakpoint (the last entry, the one without a width condition) is
/// scaled: that is where phones are, and one entry keeps the attribute short. Wider screens and
/// lower densities pick exactly as before, because their media conditions do not match this
/// entry.
enum PhoneSizes {
    /// The density from which the scaled entry applies, in dppx.
    static let minimumDensity = 2.5
    /// How much of the tile's width the entry claims: a DPR-2 need at ``minimumDensity``.
    static let scale = 2 / minimumDensity

    /// `sizes` (a list of `(condition) length` entries, the last without a condition) with the
    /// scaled entry in front; unchanged when it is empty or starts with `auto` (the browser then
    /// measures the tile itself and would ignore the entry).
    static func scaled(_ sizes: String) -> String {
        let entries = sizes.split(separator: ", ", omittingEmptySubsequences: true)
        guard let narrowest = entries.last, !narrowest.hasPrefix("("), entries[0] != "auto"
        else { return sizes }
        var condition = "(min-resolution: \(NumberText.decimal(minimumDensity, decimals: 1))dppx)"
        if entries.count > 1, let edge = minimumWidth(of: entries[entries.count - 2]) {
            // The narrowest breakpoint ends just below the next one's `min-width`; a hundredth
            // of a pixel below, as fractional viewport widths exist at some zoom levels.
            condition += " and (max-width: \(NumberText.decimal(edge - 0.01, decimals: 2))px)"
        }
        let length = "calc(\(narrowest) * \(NumberText.decimal(scale, decimals: 1)))"
        return condition + " " + length + ", " + sizes
    }

    /// The width in px of an entry that starts with `(min-width: Npx)`, nil for any other.
    private static func minimumWidth(of entry: Substring) -> Double? {
        let prefix = "(min-width: "
        guard entry.hasPrefix(prefix) else { return nil }
        let number = entry.dropFirst(prefix.count).prefix { $0 != "p" }
        guard entry.dropFirst(prefix.count + number.count).hasPrefix("px)") else { return nil }
        return Double(number)
    }
}
