/// All sections laid out for one breakpoint range, or one sub-range of it, exact at every gallery
/// width of the range.
///
/// Columns were assigned once for the range; from then on every coordinate is linear in the
/// gallery width W, and each column's stack is built from its own items only, so no two frames
/// overlap at any W in `minimumWidth...maximumWidth` (or beyond, while columns are at least 0 px
/// wide). Only the balance of the columns depends on the range: `report.worstPlacementDrift` says
/// how far below the lowest column an item lands at the worst width of the range.
///
/// With `LayoutOptions.balanceTolerance` above 0, a breakpoint's range may be split into several
/// consecutive sub-ranges, each a `BreakpointLayout` with the same `breakpoint` (column count),
/// its own `minimumWidth`, `maximumWidth`, `referenceWidth` and assignment; see
/// `GalleryLayout.breakpoints`.
///
/// ## Rounding
///
/// The engine never rounds: every value is IEEE 754 `Double` arithmetic (no fused multiply-add,
/// no parallel reductions, no platform math functions) done in a fixed order, so the same input
/// gives bit-identical output on every run and machine. Rounding belongs to the edge: the
/// emitter rounds each coefficient once when it writes CSS, at the precision it documents.
public struct BreakpointLayout: Sendable {
    /// The breakpoint this layout serves (shared by all sub-ranges of the breakpoint).
    public let breakpoint: Breakpoint
    /// The position of `breakpoint` in `LayoutOptions.breakpoints`.
    public let breakpointIndex: Int
    /// The band range this layout was placed with: the index into ``LayoutItem/extraHeights``
    /// and ``LayoutSection/headerHeights`` (the breakpoint's index when no band splits were
    /// given; see ``MasonryLayout/layout(_:bandSplits:)``).
    public let bandIndex: Int
    /// 0 for the breakpoint's first (or only) sub-range, counting up with the width across its
    /// band ranges.
    public let subrangeIndex: Int
    /// Smallest gallery width of the range. The first sub-range of a breakpoint starts at
    /// `max(breakpoint.minimumWidth, minimumGalleryWidth)`; every later one at a whole pixel,
    /// the previous sub-range's `maximumWidth`.
    public let minimumWidth: Double
    /// Largest gallery width of the range: the next sub-range's `minimumWidth`, or the next
    /// breakpoint's minimum, or `maximumGalleryWidth` for the last range (wider galleries
    /// extrapolate it, without overlap but without a balance guarantee).
    public let maximumWidth: Double
    /// The width at which columns were assigned, each item to the lowest column there (ties as
    /// `LayoutOptions.direction` says), and at which the report is measured.
    ///
    /// Without balancing (`balanceTolerance` 0, or `.leftToRight`) it is the arithmetic middle
    /// of the range, `(minimumWidth + maximumWidth) / 2`: column bottoms are linear in W, so
    /// their order can only change between the range's ends, and the middle is the width whose
    /// choice is furthest from being wrong at either end. With balancing, a breakpoint that
    /// needs no split uses the logarithmic middle √(minimumWidth × maximumWidth) (column heights
    /// grow in proportion to the column width, so equal width ratios, not equal differences, move
    /// them alike); split sub-ranges use the whole-pixel width the search found, one whose
    /// assignment holds the tolerance over the sub-range (see `LayoutOptions.balanceTolerance`).
    /// It normally lies inside the sub-range; it may lie just past its end when the assignment's
    /// valid widths end less than a pixel beyond it.
    public let referenceWidth: Double
    /// The sections, in input order; each is positioned relative to its own top edge.
    public let sections: [SectionLayout]
    /// Content height, column heights, ragged bottom and reading-order drift at `referenceWidth`;
    /// placement drift over the whole range and ragged bottoms at its ends.
    public let report: BreakpointReport

    init(
        breakpoint: Breakpoint, breakpointIndex: Int, bandIndex: Int, subrangeIndex: Int,
        range: WidthRange,
        referenceWidth: Double, sections: [SectionLayout], report: BreakpointReport
    ) {
        self.breakpoint = breakpoint
        self.breakpointIndex = breakpointIndex
        self.bandIndex = bandIndex
        self.subrangeIndex = subrangeIndex
        self.minimumWidth = range.minimum
        self.maximumWidth = range.maximum
        self.referenceWidth = referenceWidth
        self.sections = sections
        self.report = report
    }

    /// The top edge of each section at gallery width `width` (sections stacked from 0).
    public func sectionTops(atGalleryWidth width: Double) -> [Double] {
        var tops: [Double] = []
        tops.reserveCapacity(sections.count)
        var top = 0.0
        for section in sections {
            tops.append(top)
            top += section.height(atGalleryWidth: width)
        }
        return tops
    }

    /// The height of all sections stacked at gallery width `width`.
    public func contentHeight(atGalleryWidth width: Double) -> Double {
        var total = 0.0
        for section in sections {
            total += section.height(atGalleryWidth: width)
        }
        return total
    }

    /// Every item's frame at gallery width `width`, sections stacked, flattened in input order.
    public func itemFrames(atGalleryWidth width: Double) -> [Rect] {
        var frames: [Rect] = []
        frames.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
        var top = 0.0
        for section in sections {
            for item in section.items {
                var frame = item.frame.evaluated(atGalleryWidth: width)
                frame.y += top
                frames.append(frame)
            }
            top += section.height(atGalleryWidth: width)
        }
        return frames
    }

    /// Each section's header frame at gallery width `width`, sections stacked; `nil` without one.
    public func headerFrames(atGalleryWidth width: Double) -> [Rect?] {
        zip(sections, sectionTops(atGalleryWidth: width)).map { section, top in
            section.header.map { header in
                var frame = header.evaluated(atGalleryWidth: width)
                frame.y += top
                return frame
            }
        }
    }

    /// Each section's footer frame at gallery width `width`, sections stacked; `nil` without one.
    public func footerFrames(atGalleryWidth width: Double) -> [Rect?] {
        zip(sections, sectionTops(atGalleryWidth: width)).map { section, top in
            section.footerFrame(atGalleryWidth: width).map { footer in
                var frame = footer
                frame.y += top
                return frame
            }
        }
    }

    /// The reading-order drift at gallery width `width` (the report gives it at the reference
    /// width). Useful at `minimumWidth` and `maximumWidth`, where columns assigned at the
    /// reference width may no longer be in shortest-first order.
    public func readingOrderDrift(atGalleryWidth width: Double) -> Int {
        BreakpointReport.readingOrderDrift(of: sections, atGalleryWidth: width)
    }

    /// The concrete layout at gallery width `width`, with an index for rectangle queries.
    public func evaluated(atGalleryWidth width: Double) -> ConcreteLayout {
        ConcreteLayout(layout: self, galleryWidth: width)
    }
}
