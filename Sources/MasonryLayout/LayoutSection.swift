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
    /// Per band range (the options' breakpoints, each cut at its band splits; see
    /// ``MasonryLayout/layout(_:bandSplits:)``), in order, the header's height there instead of
    /// `headerHeight` (a wrapped title needs fewer lines where the gallery is wider); a band
    /// range past the list's end, and every one when it is empty, takes `headerHeight`.
    public var headerHeights: [Double] = []
    /// The same for `footerHeight`.
    public var footerHeights: [Double] = []
    /// Column count used for this section at every breakpoint instead of the breakpoint's own.
    public var columnCount: Int?
    /// This section's own gallery width → columns, sorted ascending by `minimumWidth` (when
    /// `columnCount` is nil): in each range of the options' breakpoints the section uses the
    /// columns of the last of these whose `minimumWidth` is at most the range's minimum width
    /// (the first one's below them all). A range is never split here, so a caller that wants
    /// these widths exact adds them to `LayoutOptions.breakpoints` (the site does).
    public var breakpoints: [Breakpoint]?
    /// Insets used for this section instead of `LayoutOptions.insets`.
    public var insets: EdgeInsets?

    /// Creates a section; the values are validated by `MasonryLayout.layout(_:)`, which names the
    /// section and the field when one is invalid.
    public init(
        items: [LayoutItem],
        headerHeight: Double = 0,
        footerHeight: Double = 0,
        columnCount: Int? = nil,
        breakpoints: [Breakpoint]? = nil,
        insets: EdgeInsets? = nil
    ) {
        self.items = items
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.columnCount = columnCount
        self.breakpoints = breakpoints
        self.insets = insets
    }

    /// The section as laid out at band range `index`: with its header and footer
    /// heights there (see ``headerHeights``) and each item's band there
    /// (``LayoutItem/extraHeights``). The items are copied only when some band varies, so a
    /// section of single-band items is laid out from the caller's own array.
    func atBreakpoint(_ index: Int) -> LayoutSection {
        let itemsVary = items.contains { $0.variesByBreakpoint }
        guard index < headerHeights.count || index < footerHeights.count || itemsVary else {
            return self
        }
        var section = self
        if index < headerHeights.count { section.headerHeight = headerHeights[index] }
        if index < footerHeights.count { section.footerHeight = footerHeights[index] }
        if itemsVary { section.items = items.map { $0.atBreakpoint(index) } }
        return section
    }

    /// The columns this section uses in a range that starts at gallery width `minimumWidth`,
    /// where the options' breakpoint gives `breakpointColumns`.
    public func columns(atGalleryWidth minimumWidth: Double, breakpointColumns: Int) -> Int {
        if let columnCount { return columnCount }
        guard let breakpoints, let first = breakpoints.first else { return breakpointColumns }
        return breakpoints.last { $0.minimumWidth <= minimumWidth }?.columns ?? first.columns
    }
}
