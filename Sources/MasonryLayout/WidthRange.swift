/// The gallery widths one breakpoint (or one of its sub-ranges) serves: `minimum..<maximum`.
struct WidthRange: Sendable, Hashable {
    let minimum: Double
    let maximum: Double

    /// The middle of the range; see `BreakpointLayout.referenceWidth` for why. The reference
    /// width of every unbalanced layout (`LayoutOptions.balanceTolerance` 0).
    var referenceWidth: Double { (minimum + maximum) / 2 }

    /// The middle on a logarithmic scale, √(minimum × maximum): the reference width of balanced
    /// sub-ranges. Column heights grow in proportion to the column width, so equal ratios of
    /// widths, not equal differences, move them alike; the geometric middle is as far, in that
    /// sense, from either end. (`squareRoot` is an IEEE 754 operation, correctly rounded on
    /// every platform, so the output stays bit-identical everywhere.)
    var logarithmicMiddle: Double { (minimum * maximum).squareRoot() }

    /// The width of the range in px.
    var span: Double { maximum - minimum }

    /// The whole pixel at which to split the range in two: the one nearest the logarithmic
    /// middle strictly inside `minimum...maximum`, or `nil` when no whole pixel lies strictly
    /// inside (a range of at most 1 px, or one between two neighbouring integers).
    var splitPoint: Double? {
        let lowest = minimum.rounded(.down) + 1
        let highest = maximum.rounded(.up) - 1
        guard lowest <= highest else { return nil }
        return min(max(logarithmicMiddle.rounded(), lowest), highest)
    }
}
