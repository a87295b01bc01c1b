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

    /// The bytes this layout holds for its placements: one 24-byte record per item per
    /// breakpoint plus each section's per-column lengths. The input items are shared with the
    /// caller's arrays, not copied, so they are not counted. Memory is linear in the item count.
    public var storageBytes: Int {
        var bytes = 0
        for breakpoint in breakpoints {
            for section in breakpoint.sections {
                bytes += section.items.placements.count * MemoryLayout<Placement>.stride
                bytes += (section.columnBottoms.count + section.columnOffsets.count) * MemoryLayout<LinearLength>.stride
            }
        }
        return bytes
    }
}
