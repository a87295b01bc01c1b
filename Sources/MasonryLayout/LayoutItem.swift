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
    /// With ``extraHeights`` it is the band at every breakpoint past that list's end.
    public let extraHeight: Double
    /// Per band range, in order, the band there instead of ``extraHeight`` (a caption wraps to
    /// fewer lines where the columns are wider); empty when the band is the same everywhere.
    /// The band ranges are the options' breakpoints, each cut at its band splits (see
    /// ``MasonryLayout/layout(_:bandSplits:)``); without splits, one per breakpoint. The engine
    /// lays out each band range with its own value.
    public let extraHeights: [Double]
    /// `height / width`, computed once here so the placement loop never divides.
    public let aspectRatio: Double

    /// Creates an item with one band for every breakpoint, or returns `nil` for a zero or
    /// negative side, or an extra height that is negative or not finite.
    public init?(width: Int, height: Int, extraHeight: Double = 0) {
        self.init(width: width, height: height, extraHeights: [], otherwise: extraHeight)
    }

    /// Creates an item whose band differs per band range: `extraHeights[i]` at band range `i`
    /// (the options' breakpoint `i` without band splits), and the last of them at any breakpoint past the list's end (0 when it is
    /// empty); `nil` for a zero or negative side, or any height negative or not finite.
    public init?(width: Int, height: Int, extraHeights: [Double]) {
        self.init(
            width: width, height: height, extraHeights: extraHeights,
            otherwise: extraHeights.last ?? 0)
    }

    private init?(width: Int, height: Int, extraHeights: [Double], otherwise: Double) {
        // `>= 0` is also false for NaN, so a NaN caption band is rejected here too.
        guard width > 0, height > 0, otherwise >= 0, otherwise.isFinite,
            extraHeights.allSatisfy({ $0 >= 0 && $0.isFinite })
        else { return nil }
        self.width = width
        self.height = height
        self.extraHeight = otherwise
        // A list of one value everywhere says no more than `extraHeight`; dropping it keeps the
        // per-breakpoint copies (``atBreakpoint(_:)``) away.
        self.extraHeights = extraHeights.allSatisfy { $0 == otherwise } ? [] : extraHeights
        self.aspectRatio = Double(height) / Double(width)
    }

    /// The band at band range `index` (the options' breakpoint `index` without band splits).
    public func extraHeight(atBreakpoint index: Int) -> Double {
        index < extraHeights.count ? extraHeights[index] : extraHeight
    }

    /// Whether the band differs between breakpoints.
    var variesByBreakpoint: Bool { !extraHeights.isEmpty }

    /// The item as laid out at band range `index`: one band, that range's.
    func atBreakpoint(_ index: Int) -> LayoutItem {
        LayoutItem(
            width: width, height: height, aspectRatio: aspectRatio,
            extraHeight: extraHeight(atBreakpoint: index))
    }

    private init(width: Int, height: Int, aspectRatio: Double, extraHeight: Double) {
        self.width = width
        self.height = height
        self.aspectRatio = aspectRatio
        self.extraHeight = extraHeight
        self.extraHeights = []
    }
}
