/// One photo as the layout engine sees it: its display size and an optional caption band.
///
/// The scanner produces the display size (after EXIF orientation); only the ratio matters to the
/// layout, because every item is scaled to its column's width. A value with a zero or negative
/// side cannot exist, so the engine never divides by zero.
public struct LayoutItem: Sendable, Hashable {
    /// Display width in pixels, always positive.
    public let width: Int
    /// Display height in pixels, always positive.
    public let height: Int
    /// A fixed band below the image (a caption), in CSS px; it does not scale with the column.
    public let extraHeight: Double
    /// `height / width`, computed once here so the placement loop never divides.
    public let aspectRatio: Double

    /// Creates an item, or returns `nil` for a zero or negative side, or an extra height that is
    /// negative or not finite.
    public init?(width: Int, height: Int, extraHeight: Double = 0) {
        // `>= 0` is also false for NaN, so a NaN caption band is rejected here too.
        guard width > 0, height > 0, extraHeight >= 0, extraHeight.isFinite else { return nil }
        self.width = width
        self.height = height
        self.extraHeight = extraHeight
        self.aspectRatio = Double(height) / Double(width)
    }
}
