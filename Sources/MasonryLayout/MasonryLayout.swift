/// The waterfall layout engine: validated options in, exact linear frames out.
///
/// ```swift
/// let engine = try MasonryLayout(options: LayoutOptions(breakpoints: [
///     Breakpoint(minimumWidth: 0, columns: 2),
///     Breakpoint(minimumWidth: 1024, columns: 4),
/// ]))
/// let gallery = try engine.layout([LayoutSection(items: items, headerHeight: 48)])
/// ```
///
/// For each breakpoint the engine assigns every item to a column once, at the range's reference
/// width (see `BreakpointLayout.referenceWidth`), then expresses every frame as a linear function
/// of the gallery width, so the same assignment is exact and overlap-free at every width of the
/// range. The section's vertical model is documented on `SectionLayout`.
public struct MasonryLayout: Sendable {
    /// The validated options.
    public let options: LayoutOptions
    /// The gallery-width range each breakpoint serves, in breakpoint order.
    let ranges: [WidthRange]

    /// Validates every option (the message names the bad one) and prepares the engine.
    public init(options: LayoutOptions) throws(LayoutError) {
        ranges = try Self.validatedRanges(of: options)
        self.options = options
    }

    /// Lays out `sections` at every breakpoint.
    ///
    /// Throws before placing anything when a section is invalid: a negative or non-finite header
    /// or footer height, a column count override below 1, negative insets, or an override that
    /// makes a column narrower than 1 px at some breakpoint's minimum width.
    public func layout(_ sections: [LayoutSection]) throws(LayoutError) -> GalleryLayout {
        try validate(sections)
        var layouts: [BreakpointLayout] = []
        layouts.reserveCapacity(options.breakpoints.count)
        for (breakpoint, range) in zip(options.breakpoints, ranges) {
            let reference = range.referenceWidth
            let placed = sections.map { section in
                place(section, breakpointColumns: breakpoint.columns, referenceWidth: reference)
            }
            layouts.append(
                BreakpointLayout(
                    breakpoint: breakpoint,
                    minimumWidth: range.minimum,
                    maximumWidth: range.maximum,
                    referenceWidth: reference,
                    sections: placed,
                    report: BreakpointReport(sections: placed, referenceWidth: reference)
                )
            )
        }
        return GalleryLayout(breakpoints: layouts)
    }
}

/// The gallery widths one breakpoint serves.
struct WidthRange: Sendable {
    let minimum: Double
    let maximum: Double
    /// The middle of the range; see `BreakpointLayout.referenceWidth` for why.
    var referenceWidth: Double { (minimum + maximum) / 2 }
}
