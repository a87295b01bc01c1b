@testable import MasonryLayout

/// Checks a whole `GalleryLayout` made with `LayoutOptions.balanceTolerance` against the
/// promises of adaptive sub-breakpoints (issue 7), replaying the placement drift from the
/// engine's frames at concrete widths rather than trusting its own measure.
struct BalanceInvariants {
    let gallery: RandomGallery
    let options: LayoutOptions
    let layout: GalleryLayout
    private(set) var failures: [String] = []
    /// How many (range, width) pairs the drift was replayed at.
    private(set) var widthsChecked = 0

    init(gallery: RandomGallery, options: LayoutOptions, layout: GalleryLayout) {
        self.gallery = gallery
        self.options = options
        self.layout = layout
    }

    private mutating func fail(_ message: String) {
        if failures.count < 5 {
            failures.append(
                "seed \(gallery.seed), tolerance \(options.balanceTolerance): \(message)")
        }
    }

    // MARK: Tiling

    /// The ranges tile `first minimum...maximumGalleryWidth` in order, without gaps or overlaps;
    /// each breakpoint's sub-ranges are consecutive, share its column count and index, count
    /// `subrangeIndex` up from 0, start where the breakpoint starts and end where the next one
    /// starts; every split point is a whole pixel; no breakpoint has more than the limit.
    mutating func checkTiling() {
        let ranges = layout.breakpoints
        let breakpoints = options.breakpoints
        guard let first = ranges.first, let last = ranges.last else {
            fail("no ranges")
            return
        }
        if first.minimumWidth != max(breakpoints[0].minimumWidth, options.minimumGalleryWidth) {
            fail("first range starts at \(first.minimumWidth)")
        }
        if last.maximumWidth != options.maximumGalleryWidth {
            fail("last range ends at \(last.maximumWidth), not \(options.maximumGalleryWidth)")
        }
        for (previous, next) in zip(ranges, ranges.dropFirst())
        where previous.maximumWidth != next.minimumWidth {
            fail(
                "gap or overlap: \(previous.minimumWidth)..<\(previous.maximumWidth) then \(next.minimumWidth)..<\(next.maximumWidth)"
            )
        }
        for range in ranges where !(range.minimumWidth < range.maximumWidth) {
            fail("empty range \(range.minimumWidth)..<\(range.maximumWidth)")
        }
        var position = 0
        for (index, breakpoint) in breakpoints.enumerated() {
            let subranges = layout.subranges(ofBreakpoint: index)
            if subranges.startIndex != position || subranges.isEmpty {
                fail(
                    "breakpoint \(index)'s sub-ranges start at \(subranges.startIndex), expected \(position)"
                )
                return
            }
            position = subranges.endIndex
            if subranges.count > options.balanceSubrangeLimit {
                fail(
                    "breakpoint \(index) has \(subranges.count) sub-ranges, limit \(options.balanceSubrangeLimit)"
                )
            }
            if options.balanceTolerance == 0 || options.direction == .leftToRight,
                subranges.count != 1
            {
                fail("breakpoint \(index) split into \(subranges.count) without balancing")
            }
            let start = max(breakpoint.minimumWidth, options.minimumGalleryWidth)
            let end =
                index + 1 < breakpoints.count
                ? breakpoints[index + 1].minimumWidth : options.maximumGalleryWidth
            if subranges.first?.minimumWidth != start || subranges.last?.maximumWidth != end {
                fail(
                    "breakpoint \(index) sub-ranges cover \(subranges.first!.minimumWidth)..<\(subranges.last!.maximumWidth), not \(start)..<\(end)"
                )
            }
            for (offset, subrange) in subranges.enumerated() {
                if subrange.breakpoint != breakpoint || subrange.breakpointIndex != index
                    || subrange.subrangeIndex != offset
                {
                    fail(
                        "sub-range \(offset) of breakpoint \(index) says \(subrange.breakpoint), \(subrange.breakpointIndex), \(subrange.subrangeIndex)"
                    )
                }
                // Inside its sub-range, or less than a pixel past its end (see `referenceWidth`).
                if !(subrange.minimumWidth...(subrange.maximumWidth + 1)).contains(
                    subrange.referenceWidth)
                {
                    fail(
                        "reference width \(subrange.referenceWidth) outside \(subrange.minimumWidth)..<\(subrange.maximumWidth)"
                    )
                }
                if offset > 0, subrange.minimumWidth != subrange.minimumWidth.rounded() {
                    fail("split point \(subrange.minimumWidth) is not a whole pixel")
                }
            }
            if layout.subrangeCount(ofBreakpoint: index) != subranges.count {
                fail("subrangeCount(ofBreakpoint: \(index)) disagrees")
            }
        }
        if position != ranges.count {
            fail("\(ranges.count - position) ranges belong to no breakpoint")
        }
    }

    // MARK: Drift at every width

    /// At the given widths of every range (`stride` 1: every whole pixel from its minimum to its
    /// maximum, both ends included, since the guarantee is for the closed range), replays each
    /// section's placements in input order from the frames and checks that every item went to a
    /// column within the tolerance of the lowest one, or, where the report admits a residual,
    /// within that residual, and that the residual is admitted only when the search ran out of
    /// room (the sub-range limit, or a sub-range of at most 1 px).
    mutating func checkDrift(stride step: Int) {
        let tolerance = options.balanceTolerance
        let guaranteed = tolerance > 0 && options.direction != .leftToRight
        for range in layout.breakpoints {
            let report = range.report
            let slack = 1e-9 * max(1, range.contentHeight(atGalleryWidth: range.maximumWidth))
            if guaranteed, report.worstPlacementDrift > tolerance {
                let count = layout.subrangeCount(ofBreakpoint: range.breakpointIndex)
                if count < options.balanceSubrangeLimit
                    && range.maximumWidth - range.minimumWidth > 1
                {
                    fail(
                        "\(range.minimumWidth)..<\(range.maximumWidth) admits drift \(report.worstPlacementDrift) with \(count) sub-ranges"
                    )
                }
            }
            let allowed =
                guaranteed ? max(tolerance, report.worstPlacementDrift) : report.worstPlacementDrift
            var widths = [range.minimumWidth]
            var width = range.minimumWidth.rounded(.down) + Double(step)
            while width < range.maximumWidth {
                widths.append(width)
                width += Double(step)
            }
            widths.append(range.maximumWidth)
            var atEnds = 0.0
            let replay = range.sections.map(Replay.init)
            for width in widths {
                let drift = worstDrift(of: replay, atGalleryWidth: width)
                widthsChecked += 1
                if drift > allowed + slack {
                    fail(
                        "\(range.minimumWidth)..<\(range.maximumWidth) at W \(width): drift \(drift) > \(allowed) (report \(report.worstPlacementDrift))"
                    )
                    break
                }
                if width == range.minimumWidth || width == range.maximumWidth {
                    atEnds = max(atEnds, drift)
                }
            }
            // The report is the measure at the ends, hence the largest anywhere (convexity).
            if abs(atEnds - report.worstPlacementDrift) > slack {
                fail(
                    "\(range.minimumWidth)..<\(range.maximumWidth): report drift \(report.worstPlacementDrift), replay at the ends \(atEnds)"
                )
            }
        }
    }

    /// One section's placements reduced to what the replay needs: each item's column and the
    /// linear bottom edge of its frame, in input order.
    struct Replay {
        let columns: Int
        let itemsTop: Double
        let column: [Int]
        let bottomPerWidth: [Double]
        let bottomConstant: [Double]

        init(_ section: SectionLayout) {
            columns = section.columns
            itemsTop = section.itemsTop
            let items = Array(section.items)
            column = items.map(\.column)
            let bottoms = items.map { $0.frame.y + $0.frame.height }
            bottomPerWidth = bottoms.map(\.perGalleryWidth)
            bottomConstant = bottoms.map(\.constant)
        }
    }

    /// The largest placement drift of `range` at gallery width `width`, from its frames.
    func worstDrift(of range: BreakpointLayout, atGalleryWidth width: Double) -> Double {
        worstDrift(of: range.sections.map(Replay.init), atGalleryWidth: width)
    }

    /// The largest placement drift of the replayed sections at gallery width `width`.
    func worstDrift(of sections: [Replay], atGalleryWidth width: Double) -> Double {
        var worst = 0.0
        for section in sections {
            var bottoms = [Double](repeating: section.itemsTop, count: section.columns)
            bottoms.withUnsafeMutableBufferPointer { bottoms in
                for index in section.column.indices {
                    var lowest = bottoms[0]
                    for candidate in 1..<bottoms.count where bottoms[candidate] < lowest {
                        lowest = bottoms[candidate]
                    }
                    let column = section.column[index]
                    worst = max(worst, bottoms[column] - lowest)
                    bottoms[column] =
                        section.bottomPerWidth[index] * width + section.bottomConstant[index]
                }
            }
        }
        return worst
    }
}
