/// Adaptive sub-breakpoints: splitting a breakpoint's range until every placement is within
/// `LayoutOptions.balanceTolerance` of the lowest column at every width.
///
/// ## Why two ends prove a whole range
///
/// For a fixed assignment every column height is linear in the gallery width W, so the drift of
/// one placement, `max over c of (H_chosen(W) − H_c(W))`, is a maximum of linear functions and
/// hence convex in W. A convex function's maximum over a closed interval is at one of its ends.
/// So an assignment whose every placement is within the tolerance at `minimumWidth` and at
/// `maximumWidth` is within it at every real width in between: every integer width, the shared
/// split points (which belong to both neighbours), and the fractional widths a zoomed browser
/// produces. Both ends are measured in the same pass that assigns the columns.
///
/// ## The search
///
/// A sub-range's assignment is made as a breakpoint's always is, each item to the lowest column
/// at the reference width (ties as the direction says), but at the sub-range's logarithmic
/// middle (see `BreakpointLayout.referenceWidth`). A probe pass stops at the first
/// placement over the tolerance. While some sub-range fails and the breakpoint has fewer than
/// `balanceSubrangeLimit` sub-ranges, the widest failing one that contains a whole pixel
/// strictly inside is split there, at the pixel nearest its logarithmic middle, and both halves
/// are probed. A sub-range that still fails at the end (limit reached, or no whole pixel left
/// inside it) keeps a complete assignment and reports its residual drift honestly in
/// `BreakpointReport.worstPlacementDrift` and `placementsOverTolerance`.
///
/// Each probe costs O(items × columns) and writes into one scratch buffer shared by all probes;
/// a passing probe's placements are copied out once and become the sub-range's layout.
extension MasonryLayout {
    /// The sub-range layouts of one breakpoint, ascending.
    func balancedLayouts(
        _ prepared: [PreparedSection], breakpoint: Breakpoint, breakpointIndex: Int, range: WidthRange
    ) -> [BreakpointLayout] {
        let totalItems = prepared.reduce(0) { $0 + $1.section.items.count }
        let scratch = UnsafeMutableBufferPointer<Placement>.allocate(capacity: max(totalItems, 1))
        defer { scratch.deallocate() }

        var subranges = [probe(prepared, range: range, scratch: scratch)]
        while subranges.count < options.balanceSubrangeLimit {
            // The widest failing sub-range that can still be split.
            var widest: Int?
            for (index, subrange) in subranges.enumerated()
            where subrange.placed == nil && subrange.range.splitPoint != nil {
                if widest.map({ subrange.range.span > subranges[$0].range.span }) ?? true {
                    widest = index
                }
            }
            guard let index = widest, let split = subranges[index].range.splitPoint else { break }
            let whole = subranges[index].range
            let lower = probe(prepared, range: WidthRange(minimum: whole.minimum, maximum: split), scratch: scratch)
            let upper = probe(prepared, range: WidthRange(minimum: split, maximum: whole.maximum), scratch: scratch)
            subranges.replaceSubrange(index...index, with: [lower, upper])
        }

        return subranges.enumerated().map { subrangeIndex, subrange in
            let range = subrange.range
            let reference = range.logarithmicMiddle
            let placed: [SectionLayout]
            var drift = DriftMeasure()
            if let passed = subrange.placed {
                placed = passed
                drift = subrange.drift
            } else {
                // Out of splits: a complete assignment, and an honest measure of its residual.
                let plan = balancedPlan(for: range, stopsAtExcess: false)
                placed = prepared.map { section in
                    let (layout, measure) = place(section, plan: plan)
                    drift.merge(measure)
                    return layout
                }
            }
            return BreakpointLayout(
                breakpoint: breakpoint, breakpointIndex: breakpointIndex, subrangeIndex: subrangeIndex,
                range: range, referenceWidth: reference, sections: placed,
                report: BreakpointReport(sections: placed, referenceWidth: reference, range: range, drift: drift)
            )
        }
    }
}

/// One sub-range during the search: its layout once a probe has proven it, `nil` while it fails.
private struct ProbedSubrange {
    let range: WidthRange
    let placed: [SectionLayout]?
    let drift: DriftMeasure
}

private extension MasonryLayout {
    /// The plan of a balanced pass over `range`.
    func balancedPlan(for range: WidthRange, stopsAtExcess: Bool) -> AssignmentPlan {
        AssignmentPlan(
            referenceWidth: range.logarithmicMiddle, minimumWidth: range.minimum, maximumWidth: range.maximum,
            tolerance: options.balanceTolerance, stopsAtExcess: stopsAtExcess
        )
    }

    /// Assigns every section for `range` into `scratch`, stopping at the first placement over the
    /// tolerance; when none is, copies the placements out into the sub-range's section layouts.
    func probe(
        _ prepared: [PreparedSection], range: WidthRange, scratch: UnsafeMutableBufferPointer<Placement>
    ) -> ProbedSubrange {
        let plan = balancedPlan(for: range, stopsAtExcess: true)
        var drift = DriftMeasure()
        var totals: [ColumnTotals] = []
        totals.reserveCapacity(prepared.count)
        var offset = 0
        for section in prepared {
            let count = section.section.items.count
            let slice = UnsafeMutableBufferPointer(rebasing: scratch[offset..<(offset + count)])
            let (sectionTotals, measure) = assignColumns(section, plan: plan, into: slice)
            drift.merge(measure)
            if drift.stoppedEarly {
                return ProbedSubrange(range: range, placed: nil, drift: drift)
            }
            totals.append(sectionTotals)
            offset += count
        }
        offset = 0
        var placed: [SectionLayout] = []
        placed.reserveCapacity(prepared.count)
        for (section, sectionTotals) in zip(prepared, totals) {
            let count = section.section.items.count
            let placements = Array(scratch[offset..<(offset + count)])
            placed.append(sectionLayout(section, placements: placements, totals: sectionTotals))
            offset += count
        }
        return ProbedSubrange(range: range, placed: placed, drift: drift)
    }
}
