/// One section laid out at one breakpoint, every coordinate relative to the section's top edge.
///
/// ## The vertical model
///
/// From the section's top edge (0) downwards:
///
/// 1. `insets.top`: in seed 001 the header starts "below the tallest column of the previous
///    section plus the top inset", and a section's top edge is exactly the previous section's
///    bottom, so the top inset is the first thing in a section.
/// 2. The header band (`header`, `headerHeight` tall, spanning the content width between the left
///    and right insets); absent when its height is 0.
/// 3. `itemsTop = insets.top + headerHeight`: every column starts here, the header resets all
///    columns to its bottom (seed 001). A column's first item gets no row spacing above it (seeds
///    001, 002); each later item sits `rowSpacing` below the one above it.
/// 4. `columnBottoms`: each column's bottom edge, the bottom of its last item, or `itemsTop` when
///    the column is empty. No trailing row spacing is counted.
/// 5. The footer band, `footerHeight` tall, its top at `max(columnBottoms) + footerOffset`, where
///    `footerOffset` is `LayoutOptions.footerSpacing` when the section has a footer (seed 000 puts
///    its footer after the tallest column's trailing line spacing: 10; seed 001 right below the
///    tallest column: 0). Its bottom edge is always `insets.bottom` above the section's bottom,
///    so CSS can also anchor it with `bottom:` and never needs the `max()`.
/// 6. `insets.bottom`, then the section ends: `height = max(columnBottoms) + bottomOffset` with
///    `bottomOffset = footerOffset + footerHeight + insets.bottom` ("content height = tallest
///    column + bottom inset", seed 002). The next section starts there.
///
/// Horizontally, column `c` starts at `columnOffsets[c]` and is `columnWidth` wide; both are
/// linear in the gallery width W. The footer's top is the only non-linear coordinate, because
/// which column is tallest can change with W; it is a `max()` of linear terms.
public struct SectionLayout: Sendable {
    /// The number of columns in this section (the breakpoint's count or the section's override).
    public let columns: Int
    /// The insets in effect (the options' or the section's override).
    public let insets: EdgeInsets
    /// The width of every column (and of every item in it).
    public let columnWidth: LinearLength
    /// The left edge of each column.
    public let columnOffsets: [LinearLength]
    /// The header band, or `nil` when the header height is 0.
    public let header: LinearFrame?
    /// Where every column starts: `insets.top + headerHeight`.
    public let itemsTop: Double
    /// This section's items in input order (each derived on access in O(1); see `PlacedItems`).
    public let items: PlacedItems
    /// The y (relative to the section top) of each column's bottom edge; `itemsTop` when empty.
    public let columnBottoms: [LinearLength]
    /// Footer top = `max(columnBottoms) + footerOffset`.
    public let footerOffset: Double
    /// The footer band's height; 0 means no footer.
    public let footerHeight: Double
    /// Section height = `max(columnBottoms) + bottomOffset` (footer and bottom inset included).
    public let bottomOffset: Double

    /// The left edge of the content box (and of the header and footer bands).
    public var contentX: LinearLength { LinearLength(constant: insets.left) }
    /// The width of the content box: `W − left − right`.
    public var contentWidth: LinearLength {
        LinearLength(perGalleryWidth: 1, constant: -(insets.left + insets.right))
    }

    /// The lowest column bottom at gallery width `width`, relative to the section top.
    public func tallestColumnBottom(atGalleryWidth width: Double) -> Double {
        var tallest = columnBottoms[0].value(atGalleryWidth: width)
        for bottom in columnBottoms.dropFirst() {
            tallest = max(tallest, bottom.value(atGalleryWidth: width))
        }
        return tallest
    }

    /// The section's height at gallery width `width`; the next section starts this far below.
    public func height(atGalleryWidth width: Double) -> Double {
        tallestColumnBottom(atGalleryWidth: width) + bottomOffset
    }

    /// The footer band at gallery width `width`, relative to the section top; `nil` without a footer.
    public func footerFrame(atGalleryWidth width: Double) -> Rect? {
        guard footerHeight > 0 else { return nil }
        return Rect(
            x: contentX.value(atGalleryWidth: width),
            y: tallestColumnBottom(atGalleryWidth: width) + footerOffset,
            width: contentWidth.value(atGalleryWidth: width),
            height: footerHeight
        )
    }

    init(
        columns: Int, insets: EdgeInsets, columnWidth: LinearLength, columnOffsets: [LinearLength],
        header: LinearFrame?, itemsTop: Double, items: PlacedItems, columnBottoms: [LinearLength],
        footerOffset: Double, footerHeight: Double, bottomOffset: Double
    ) {
        self.columns = columns
        self.insets = insets
        self.columnWidth = columnWidth
        self.columnOffsets = columnOffsets
        self.header = header
        self.itemsTop = itemsTop
        self.items = items
        self.columnBottoms = columnBottoms
        self.footerOffset = footerOffset
        self.footerHeight = footerHeight
        self.bottomOffset = bottomOffset
    }
}
