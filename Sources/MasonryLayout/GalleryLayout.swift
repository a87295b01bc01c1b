/// The result of `MasonryLayout.layout(_:)`: one layout per width range, ascending.
public struct GalleryLayout: Sendable {
    /// Every range's layout, ascending by width, tiling `first.minimumWidth...maximumGalleryWidth`
    /// without gaps or overlaps: each layout's `maximumWidth` is the next one's `minimumWidth`.
    ///
    /// With `LayoutOptions.balanceTolerance` 0 (the default) this is exactly one layout per
    /// breakpoint, in the order of `LayoutOptions.breakpoints`. Above 0, a breakpoint's range may
    /// be split at whole pixels into consecutive sub-ranges that share its `breakpoint` (column
    /// count) and `breakpointIndex` and count `subrangeIndex` up from 0; the first starts where
    /// the breakpoint starts. An emitter writes one container rule per element, starting at its
    /// `minimumWidth` (`@container (min-width: <minimumWidth>px)`).
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

    /// The sub-ranges of the breakpoint at `breakpointIndex` (its position in
    /// `LayoutOptions.breakpoints`), ascending; empty for an index without one.
    public func subranges(ofBreakpoint breakpointIndex: Int) -> ArraySlice<BreakpointLayout> {
        guard let start = breakpoints.firstIndex(where: { $0.breakpointIndex == breakpointIndex })
        else {
            return breakpoints[0..<0]
        }
        var end = start
        while end < breakpoints.count, breakpoints[end].breakpointIndex == breakpointIndex {
            end += 1
        }
        return breakpoints[start..<end]
    }

    /// How many sub-ranges the breakpoint at `breakpointIndex` was split into (1 without
    /// balancing; 0 for an index without a breakpoint).
    public func subrangeCount(ofBreakpoint breakpointIndex: Int) -> Int {
        subranges(ofBreakpoint: breakpointIndex).count
    }

    /// The bytes this layout holds for its placements: one 24-byte record per item per range
    /// (breakpoint or sub-range) plus each section's per-column lengths. The input items are
    /// shared with the caller's arrays, not copied, so they are not counted. Memory is linear in
    /// the item count times the number of ranges.
    public var storageBytes: Int {
        var bytes = 0
        for breakpoint in breakpoints {
            for section in breakpoint.sections {
                bytes += section.items.placements.count * MemoryLayout<Placement>.stride
                bytes +=
                    (section.columnBottoms.count + section.columnOffsets.count)
                    * MemoryLayout<LinearLength>.stride
            }
        }
        return bytes
    }
}
