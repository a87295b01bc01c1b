/// A concrete rectangle in CSS px, origin at the gallery's top-left corner, y downwards.
public struct Rect: Sendable, Hashable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge.
    @inlinable public var maxX: Double { x + width }
    /// Bottom edge.
    @inlinable public var maxY: Double { y + height }

    /// Whether the two rectangles share interior area. Rectangles that only touch along an edge
    /// do not intersect, so two frames laid edge to edge (zero spacing) never count as overlapping.
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
