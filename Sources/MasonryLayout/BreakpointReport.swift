/// What one breakpoint costs the reader, measured at its reference width.
///
/// Shown to the user so they can compare breakpoints: a ragged bottom wastes space below the
/// short columns, and reading-order drift says how far the waterfall moves items away from the
/// order they were given in.
public struct BreakpointReport: Sendable, Hashable {
    /// The gallery width the figures were measured at (the layout's reference width).
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

    init(
        referenceWidth: Double, contentHeight: Double, columnHeights: [[Double]],
        sectionRaggedBottoms: [Double], raggedBottom: Double, readingOrderDrift: Int
    ) {
        self.referenceWidth = referenceWidth
        self.contentHeight = contentHeight
        self.columnHeights = columnHeights
        self.sectionRaggedBottoms = sectionRaggedBottoms
        self.raggedBottom = raggedBottom
        self.readingOrderDrift = readingOrderDrift
    }
}
