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
}
