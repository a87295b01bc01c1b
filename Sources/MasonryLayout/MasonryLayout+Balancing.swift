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
/// produces. The pass that makes a sub-range's final assignment measures both ends, and the
/// report carries what it measured (`BreakpointReport.worstPlacementDrift`).
///
/// ## The search
///
/// Each assignment is made as a breakpoint's always is, each item to the lowest column at a
/// reference width (ties as the direction says), so every placement's drift is 0 there. A
/// search pass over an assignment also solves, from the linear heights, for the interval of
/// widths at which its every placement stays within the tolerance (convexity again: each
/// placement allows an interval, and their intersection is one). Then:
///
/// 1. The whole range is tried at its logarithmic middle; most ranges need nothing more.
/// 2. Otherwise a sweep from the range's start: for the sub-range starting at the cursor, a
///    whole-pixel reference is guessed as far right as the previous assignment's reach below
///    its reference suggests, and moved left by the shortfall (at most 4 times, then to the
///    cursor itself, whose interval always contains it) until its valid widths reach down to the
///    cursor. The sub-range ends at the last whole pixel its valid widths reach (at least one
///    pixel on), where the next one starts.
/// 3. At `balanceSubrangeLimit` − 1 sub-ranges, the last one takes the rest of the range at its
///    logarithmic middle; a sub-range that fails anyway (the limit, or valid widths narrower
///    than a pixel) reports its residual drift honestly in `BreakpointReport.worstPlacementDrift`
///    and `placementsOverTolerance`.
///
/// Every pass costs O(items × columns); search passes write into one scratch buffer shared by
/// all of them, and only each sub-range's final pass allocates its placements. A range that
/// needs no split costs two passes (search, final), a split one about two to three per sub-range.
extension MasonryLayout {
    /// The sub-range layouts of one breakpoint, ascending.
    func balancedLayouts(
        _ prepared: [PreparedSection], breakpoint: Breakpoint, breakpointIndex: Int, range: WidthRange
    ) -> [BreakpointLayout] {
        let subranges = balancedSubranges(prepared, range: range)
        return subranges.enumerated().map { subrangeIndex, subrange in
            let (range, reference) = subrange
            let plan = AssignmentPlan(
                referenceWidth: reference, minimumWidth: range.minimum, maximumWidth: range.maximum,
                tolerance: options.balanceTolerance, findsValidWidths: false
            )
            var drift = DriftMeasure()
            let placed = prepared.map { section in
                let (layout, measure) = place(section, plan: plan)
                drift.merge(measure)
                return layout
            }
            return BreakpointLayout(
                breakpoint: breakpoint, breakpointIndex: breakpointIndex, subrangeIndex: subrangeIndex,
                range: range, referenceWidth: reference, sections: placed,
                report: BreakpointReport(sections: placed, referenceWidth: reference, range: range, drift: drift)
            )
        }
    }
}

private extension MasonryLayout {
    /// The sub-ranges tiling `range` and the reference width of each, by the search above.
    func balancedSubranges(_ prepared: [PreparedSection], range: WidthRange) -> [(WidthRange, Double)] {
        let totalItems = prepared.reduce(0) { $0 + $1.section.items.count }
        let scratch = UnsafeMutableBufferPointer<Placement>.allocate(capacity: max(totalItems, 1))
        defer { scratch.deallocate() }
        func validWidths(atReference reference: Double) -> (minimum: Double, maximum: Double) {
            let plan = AssignmentPlan(
                referenceWidth: reference, minimumWidth: reference, maximumWidth: reference,
                tolerance: options.balanceTolerance, findsValidWidths: true
            )
            var drift = DriftMeasure()
            var offset = 0
            for section in prepared {
                let count = section.section.items.count
                let slice = UnsafeMutableBufferPointer(rebasing: scratch[offset..<(offset + count)])
                drift.merge(assignColumns(section, plan: plan, into: slice).1)
                offset += count
            }
            return (drift.validMinimumWidth, drift.validMaximumWidth)
        }

        let middle = range.logarithmicMiddle
        let whole = validWidths(atReference: middle)
        if (whole.minimum <= range.minimum && whole.maximum >= range.maximum) || options.balanceSubrangeLimit == 1 {
            return [(range, middle)]
        }

        var subranges: [(WidthRange, Double)] = []
        let top = range.maximum
        var cursor = range.minimum
        // The first guess is the middle itself, whose valid widths are already known.
        var reference = middle
        var valid = whole
        while cursor < top {
            if subranges.count == options.balanceSubrangeLimit - 1 {
                let rest = WidthRange(minimum: cursor, maximum: top)
                subranges.append((rest, rest.logarithmicMiddle))
                break
            }
            var attempts = 0
            while valid.minimum > cursor && attempts < 4 {
                // Too far right: move left by the shortfall, to a whole pixel not below the cursor.
                reference = max(cursor, (reference - (valid.minimum - cursor)).rounded(.down))
                valid = validWidths(atReference: reference)
                attempts += 1
            }
            if valid.minimum > cursor {
                reference = cursor
                valid = validWidths(atReference: reference)
            }
            var upper = valid.maximum >= top ? top : valid.maximum.rounded(.down)
            if upper <= cursor {
                // Valid widths narrower than a pixel: the smallest step, with its residual reported.
                upper = min(top, cursor.rounded(.down) + 1)
            }
            subranges.append((WidthRange(minimum: cursor, maximum: upper), reference))
            // The next guess: as far right of the new cursor as this assignment reached below its
            // reference (its valid widths need not reach so far down; the loop above corrects it).
            let reach = reference - max(valid.minimum, -top)
            cursor = upper
            if cursor < top {
                reference = max(cursor, min((cursor + reach).rounded(.down), top))
                valid = validWidths(atReference: reference)
            }
        }
        return subranges
    }
}
