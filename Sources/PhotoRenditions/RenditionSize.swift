/// A rendition's pixel size, in display orientation.
public struct RenditionSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size of a rendition `width` px wide of a photo displayed at `display`: the height keeps
    /// the display aspect ratio (rounded, at least 1), so the page's width/height stay exact.
    public init(width: Int, of display: RenditionSize) {
        let width = min(max(1, width), display.width)
        let height = (Double(width) * Double(display.height) / Double(display.width)).rounded()
        self.init(width: width, height: min(display.height, max(1, Int(height))))
    }
}
