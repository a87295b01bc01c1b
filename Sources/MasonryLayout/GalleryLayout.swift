/// The result of `MasonryLayout.layout(_:)`: one layout per breakpoint.
public struct GalleryLayout: Sendable {
    /// One layout per breakpoint, ascending by width, in the order of `LayoutOptions.breakpoints`.
    public let breakpoints: [BreakpointLayout]

    init(breakpoints: [BreakpointLayout]) {
        self.breakpoints = breakpoints
    }

    /// The layout that serves gallery width `width`: the last one whose range starts at or below
    /// it, or the first one for a gallery narrower than every range (extrapolated).
    public func breakpointLayout(atGalleryWidth width: Double) -> BreakpointLayout? {
        var chosen = breakpoints.first
        for candidate in breakpoints where candidate.minimumWidth <= width {
            chosen = candidate
        }
        return chosen
    }
}
