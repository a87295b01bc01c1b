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
/// range. With `LayoutOptions.balanceTolerance` above 0 it splits a breakpoint's range into
/// sub-ranges, each with its own assignment, until every item lands within the tolerance of the
/// lowest column at every width (see `MasonryLayout+Balancing.swift`). The section's vertical
/// model is documented on `SectionLayout`.
public struct MasonryLayout: Sendable {
    /// The validated options.
    public let options: LayoutOptions
    /// The gallery-width range each breakpoint serves, in breakpoint order.
    let ranges: [WidthRange]

    /// The gallery widths each breakpoint serves, in breakpoint order: where a caller's band
    /// splits (see ``layout(_:bandSplits:)``) may lie, strictly inside.
    public var breakpointWidths: [Range<Double>] { ranges.map { $0.minimum..<$0.maximum } }

    /// Validates every option (the message names the bad one) and prepares the engine.
    public init(options: LayoutOptions) throws(LayoutError) {
        ranges = try Self.validatedRanges(of: options)
        self.options = options
    }

    /// Lays out `sections` at every breakpoint.
    ///
    /// `bandSplits[i]`, when given, are gallery widths inside breakpoint `i`'s range (ascending,
    /// each above the range's minimum and below its maximum) where the items' bands change: the
    /// breakpoint is laid out as that many more consecutive *band ranges*, each with its own bands
    /// and assignment (and, with balancing, its own sub-ranges). The band ranges of all
    /// breakpoints, in order, are what ``LayoutItem/extraHeights`` and
    /// ``LayoutSection/headerHeights`` count; without splits a band range is a breakpoint.
    ///
    /// Throws before placing anything when a section is invalid: a negative or non-finite header
    /// or footer height, a column count override below 1, negative insets, or an override that
    /// makes a column narrower than 1 px at some breakpoint's minimum width (or, with a fixed
    /// item width, leaves less than the minimum gap), or more than `Int32.max` items in one
    /// section; or when a split lies outside its breakpoint's range or out of order.
    public func layout(_ sections: [LayoutSection], bandSplits: [[Double]] = [])
        throws(LayoutError) -> GalleryLayout
    {
        try validate(sections)
        let bandRanges = try validatedBandRanges(bandSplits)
        var layouts: [BreakpointLayout] = []
        layouts.reserveCapacity(options.breakpoints.count)
        var band = 0
        for (index, (breakpoint, range)) in zip(options.breakpoints, ranges).enumerated() {
            let firstLayout = layouts.count
            for bandRange in bandRanges[index] {
                // Columns follow the breakpoint's range, so every band range of it has the same.
                let prepared = sections.map {
                    prepare(
                        $0.atBreakpoint(band), breakpointColumns: breakpoint.columns, range: range)
                }
                let position = RangePosition(
                    breakpoint: breakpoint, breakpointIndex: index, bandIndex: band,
                    firstSubrangeIndex: layouts.count - firstLayout)
                if options.balanceTolerance > 0 && options.direction != .leftToRight {
                    layouts += balancedLayouts(prepared, position: position, range: bandRange)
                } else {
                    layouts.append(singleLayout(prepared, position: position, range: bandRange))
                }
                band += 1
            }
        }
        return GalleryLayout(breakpoints: layouts)
    }
}

/// Where a layout sits among the ranges: its breakpoint, its band range and the sub-range
/// index its first layout takes.
struct RangePosition {
    let breakpoint: Breakpoint
    let breakpointIndex: Int
    let bandIndex: Int
    let firstSubrangeIndex: Int
}

extension MasonryLayout {
    /// One assignment for the whole range, each item to the lowest column at its arithmetic
    /// middle: the layout without balancing.
    func singleLayout(_ prepared: [PreparedSection], position: RangePosition, range: WidthRange)
        -> BreakpointLayout
    {
        assignedLayout(
            prepared, position: position, subrangeIndex: position.firstSubrangeIndex,
            range: range, referenceWidth: range.referenceWidth)
    }

    /// Every section placed with one assignment made at `referenceWidth`, with its report.
    func assignedLayout(
        _ prepared: [PreparedSection], position: RangePosition, subrangeIndex: Int,
        range: WidthRange, referenceWidth: Double
    ) -> BreakpointLayout {
        let plan = AssignmentPlan(
            referenceWidth: referenceWidth, minimumWidth: range.minimum,
            maximumWidth: range.maximum,
            tolerance: options.balanceTolerance, findsValidWidths: false
        )
        var drift = DriftMeasure()
        let placed = prepared.map { section in
            let (layout, measure) = place(section, plan: plan)
            drift.merge(measure)
            return layout
        }
        return BreakpointLayout(
            breakpoint: position.breakpoint, breakpointIndex: position.breakpointIndex,
            bandIndex: position.bandIndex, subrangeIndex: subrangeIndex, range: range,
            referenceWidth: plan.referenceWidth, sections: placed,
            report: BreakpointReport(
                sections: placed, referenceWidth: plan.referenceWidth, range: range, drift: drift)
        )
    }
}
