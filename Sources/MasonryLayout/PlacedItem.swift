/// Where one item went: its column, its position in that column, and its linear frame.
public struct PlacedItem: Sendable, Hashable {
    /// Column index, 0 at the left.
    public var column: Int
    /// 0 for the column's first (top) item; the items above it in the same column.
    public var indexInColumn: Int
    /// The frame, relative to the section's top edge.
    public var frame: LinearFrame

    /// Creates a placed item.
    public init(column: Int, indexInColumn: Int, frame: LinearFrame) {
        self.column = column
        self.indexInColumn = indexInColumn
        self.frame = frame
    }
}
