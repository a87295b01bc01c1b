/// What one breakpoint layout (one range or sub-range) costs the reader.
///
/// Shown to the user so they can compare breakpoints: a ragged bottom wastes space below the
/// short columns, reading-order drift says how far the waterfall moves items away from the
/// order they were given in, and placement drift says how far below the lowest column an item
/// can land somewhere in the range (what `LayoutOptions.balanceTolerance` bounds).
public struct BreakpointReport: Sendable, Hashable {
    /// The gallery width the figures below were measured at (the layout's reference width),
    /// except the placement drift and the ragged bottoms at the ends, which cover the range.
    public let referenceWidth: Double
    /// Height of all sections stacked.
    public let contentHeight: Double
    /// Per section, the height of each column's stack from `itemsTop` to its bottom edge.
    public let columnHeights: [[Double]]
    /// Per section, (tallest − shortest) / tallest of `columnHeights`; 0 for an empty section.
    public let sectionRaggedBottoms: [Double]
    /// The worst `sectionRaggedBottoms` entry (0 without sections).
    public let raggedBottom: Double
    /// The largest |input index − rank in visual row-major order| over all items, where the visual
    /// order sorts by top edge, then left edge (sections in order).
    public let readingOrderDrift: Int
    /// The largest placement drift, in CSS px, over every placement and every gallery width of
    /// the closed range `minimumWidth...maximumWidth`: the height of the column an item was
    /// placed on minus the height of its section's lowest column at that moment, in input order.
    ///
    /// Exact for the whole range, not sampled: with the assignment fixed, each placement's drift
    /// is a maximum of linear functions of the width, hence convex, so its largest value over the
    /// range is at one of the two ends, where it is measured. 0 when every item went to a lowest
    /// column at every width.
    public let worstPlacementDrift: Double
    /// The number of placements whose drift exceeds `LayoutOptions.balanceTolerance` somewhere in
    /// the range (with tolerance 0: that are not on a lowest column at one of the range's ends).
    public let placementsOverTolerance: Int
    /// The ragged bottom (worst section's (tallest − shortest) / tallest) at the range's
    /// `minimumWidth`.
    public let raggedBottomAtMinimumWidth: Double
    /// The ragged bottom at the range's `maximumWidth`.
    public let raggedBottomAtMaximumWidth: Double
}
