/// Distances from the gallery's edges to its content, in CSS px.
public struct EdgeInsets: Sendable, Hashable {
    /// Space above a section's header (or its first row when it has no header).
    public var top: Double
    /// Space between the gallery's left edge and the first column.
    public var left: Double
    /// Space below a section's footer (or its tallest column when it has no footer).
    public var bottom: Double
    /// Space between the last column and the gallery's right edge.
    public var right: Double

    /// No insets on any side.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Creates insets from the four sides.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates the same inset on all four sides (seed 004 uses 5).
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }
}
