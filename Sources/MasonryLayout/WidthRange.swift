/// The gallery widths one breakpoint serves.
struct WidthRange: Sendable {
    let minimum: Double
    let maximum: Double
    /// The middle of the range; see `BreakpointLayout.referenceWidth` for why.
    var referenceWidth: Double { (minimum + maximum) / 2 }
}
