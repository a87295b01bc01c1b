/// A group of items laid out together, with an optional full-width header and footer.
///
/// Sections follow one another vertically; each starts its columns afresh below the previous
/// section (the seed 001 model). A section may override the column count and insets, as
/// CHTCollectionViewWaterfallLayout allows; the override applies at every breakpoint.
public struct LayoutSection: Sendable {
    /// The items, in reading order.
    public var items: [LayoutItem]
    /// Height of the header band above the first row, in CSS px; 0 means no header.
    public var headerHeight: Double
    /// Height of the footer band below the tallest column, in CSS px; 0 means no footer.
    public var footerHeight: Double
    /// Column count used for this section at every breakpoint instead of the breakpoint's own.
    public var columnCount: Int?
    /// Insets used for this section instead of `LayoutOptions.insets`.
    public var insets: EdgeInsets?

    /// Creates a section; the values are validated by `MasonryLayout.layout(_:)`, which names the
    /// section and the field when one is invalid.
    public init(
        items: [LayoutItem],
        headerHeight: Double = 0,
        footerHeight: Double = 0,
        columnCount: Int? = nil,
        insets: EdgeInsets? = nil
    ) {
        self.items = items
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.columnCount = columnCount
        self.insets = insets
    }
}
