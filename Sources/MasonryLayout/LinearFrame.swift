/// A frame whose four components are linear in the gallery width.
public struct LinearFrame: Sendable, Hashable {
    /// Left edge.
    public var x: LinearLength
    /// Top edge (relative to the section's top edge when it belongs to a `SectionLayout`).
    public var y: LinearLength
    /// Width.
    public var width: LinearLength
    /// Height.
    public var height: LinearLength

    /// Creates a frame from its four linear components.
    public init(x: LinearLength, y: LinearLength, width: LinearLength, height: LinearLength) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The concrete frame at gallery width `width`.
    @inlinable
    public func evaluated(atGalleryWidth width: Double) -> Rect {
        Rect(
            x: x.value(atGalleryWidth: width),
            y: y.value(atGalleryWidth: width),
            width: self.width.value(atGalleryWidth: width),
            height: height.value(atGalleryWidth: width)
        )
    }
}
