/// A section's placed items in input order: a random-access collection of `PlacedItem`.
///
/// Each element is derived on access, in O(1), from the engine's 24-byte record of the
/// placement, the input item (shared with the caller's array, not copied) and the section's
/// column geometry, so the engine never stores x, width and height once per item. Index it,
/// iterate it, or copy it into an array with `Array(section.items)` when many passes need it.
public struct PlacedItems: RandomAccessCollection, Sendable, Equatable {
    let placements: [Placement]
    let sourceItems: [LayoutItem]
    let columnWidth: LinearLength
    let columnOffsets: [LinearLength]
    let itemsTop: Double

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of items.
    public var endIndex: Int { placements.count }
    /// The positions `0..<count`.
    public var indices: Range<Int> { 0..<placements.count }
    /// `position + 1` (stated, so iteration needs no generic default).
    public func index(after position: Int) -> Int { position + 1 }
    /// `position - 1`.
    public func index(before position: Int) -> Int { position - 1 }

    /// The placed item at `position` (its index in the section's input items).
    public subscript(position: Int) -> PlacedItem {
        let placement = placements[position]
        let column = Int(placement.column)
        return PlacedItem(
            column: column,
            indexInColumn: Int(placement.indexInColumn),
            ratiosAbove: placement.ratiosAbove,
            pixelsAbove: placement.pixelsAbove,
            frame: LinearFrame(
                x: columnOffsets[column],
                y: top(of: placement),
                width: columnWidth,
                height: height(of: sourceItems[position])
            )
        )
    }

    /// Whether both hold the same placed items.
    public static func == (lhs: PlacedItems, rhs: PlacedItems) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// The top edge of a placement: `itemsTop + ratiosAbove × w + pixelsAbove` per coefficient.
    /// Every path (frames, column bottoms, queries, reports) goes through here, so they agree
    /// bit for bit.
    @inline(__always)
    func top(of placement: Placement) -> LinearLength {
        LinearLength(
            perGalleryWidth: placement.ratiosAbove * columnWidth.perGalleryWidth,
            constant: itemsTop
                + (placement.ratiosAbove * columnWidth.constant + placement.pixelsAbove)
        )
    }

    /// The height of an item in this section: `aspectRatio × w + extraHeight` per coefficient.
    @inline(__always)
    func height(of item: LayoutItem) -> LinearLength {
        LinearLength(
            perGalleryWidth: item.aspectRatio * columnWidth.perGalleryWidth,
            constant: item.aspectRatio * columnWidth.constant + item.extraHeight
        )
    }
}
