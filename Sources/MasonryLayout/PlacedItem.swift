/// Where one item went: its column, its position in that column, and its linear frame.
///
/// `frame.y` is `itemsTop + ratiosAbove × columnWidth + pixelsAbove` (the form the issue gives:
/// top inset and header, A·w, then k row spacings plus the caption bands above), written out in
/// gallery-width coefficients.
public struct PlacedItem: Sendable, Hashable {
    /// Column index, 0 at the left.
    public var column: Int
    /// 0 for the column's first (top) item; the number of items above it in the same column.
    public var indexInColumn: Int
    /// A: the sum of the aspect ratios (height / width) of the items above it in its column.
    public var ratiosAbove: Double
    /// The row spacings and caption bands above it in its column, CSS px.
    public var pixelsAbove: Double
    /// The frame, relative to the section's top edge.
    public var frame: LinearFrame

    /// Creates a placed item.
    public init(
        column: Int, indexInColumn: Int, ratiosAbove: Double, pixelsAbove: Double,
        frame: LinearFrame
    ) {
        self.column = column
        self.indexInColumn = indexInColumn
        self.ratiosAbove = ratiosAbove
        self.pixelsAbove = pixelsAbove
        self.frame = frame
    }
}
