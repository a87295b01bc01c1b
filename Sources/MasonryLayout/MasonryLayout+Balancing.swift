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
/// 2. Otherwise a greedy sweep from the range's start, each sub-range reaching as far up as the
///    search finds (the greedy choice is optimal for covering a line, if the search were
///    exhaustive; on the benchmark it is within 5–10% of an exhaustive search at a twentieth of
///    its passes). For the sub-range starting at the cursor:
///    - a whole-pixel reference is guessed as far right of the cursor as the previous
///      assignment reached below its own, then moved left by the shortfall (at most 4 times, then
///      to the cursor itself, whose valid widths always contain it) until its valid widths reach
///      down to the cursor;
///    - it is pushed right while they still do, since they then reach further up: by the slack
///      below the cursor, or by bisection once a reference too far right is known (at most 4
///      passes);
///    - 8 more references spread over twice the reach found so far are tried, since the valid
///      widths are not monotonic in the reference.
///    The reference reaching furthest up wins; the sub-range ends at the last whole pixel its
///    valid widths reach (at least one pixel on), where the next one starts.
/// 3. At `balanceSubrangeLimit` − 1 sub-ranges, the last one takes the rest of the range at its
///    logarithmic middle; a sub-range that fails anyway (the limit, or valid widths narrower
///    than a pixel) reports its residual drift honestly in `BreakpointReport.worstPlacementDrift`
///    and `placementsOverTolerance`.
///
/// Every pass costs O(items × columns); search passes write into one scratch buffer shared by
/// all of them, and only each sub-range's final pass allocates its placements. A range that
/// needs no split costs two passes (search, final), a split one about 10–15 per sub-range.
extension MasonryLayout {
    /// The sub-range layouts of one breakpoint's band range, ascending.
    func balancedLayouts(
        _ prepared: [PreparedSection], position: RangePosition, range: WidthRange
    ) -> [BreakpointLayout] {
        let subranges = balancedSubranges(prepared, range: range)
        return subranges.enumerated().map { subrangeIndex, subrange in
            assignedLayout(
                prepared, position: position,
                subrangeIndex: position.firstSubrangeIndex + subrangeIndex,
                range: subrange.0, referenceWidth: subrange.1)
        }
    }
}

extension MasonryLayout {
    /// Search passes that push a sub-range's reference right, after the first that reaches the
    /// cursor. On the benchmark's 10,000 photos 4 of them save 9–11% of the sub-ranges.
    fileprivate static let refinementLimit = 4
    /// References sampled over twice the reach found, after the refinement: another 10–15%.
    fileprivate static let windowSamples = 8

    /// The sub-ranges tiling `range` and the reference width of each, by the search above.
    fileprivate func balancedSubranges(_ prepared: [PreparedSection], range: WidthRange) -> [(
        WidthRange, Double
    )] {
        let totalItems = prepared.reduce(0) { $0 + $1.section.items.count }
        let scratch = UnsafeMutableBufferPointer<Placement>.allocate(capacity: max(totalItems, 1))
        defer { scratch.deallocate() }
        /// The valid widths of the assignment at `reference`, or `nil` once they cannot reach down
        /// to `cursor` or, with `beating`, beyond it (the pass then stops early).
        func validWidths(
            atReference reference: Double, reaching cursor: Double = .infinity,
            beating best: Double = -.infinity
        ) -> (minimum: Double, maximum: Double)? {
            var plan = AssignmentPlan(
                referenceWidth: reference, minimumWidth: reference, maximumWidth: reference,
                tolerance: options.balanceTolerance, findsValidWidths: true
            )
            plan.abandonsAbove = cursor
            plan.abandonsAtOrBelow = best
            var drift = DriftMeasure()
            var offset = 0
            for section in prepared {
                let count = section.section.items.count
                let slice = UnsafeMutableBufferPointer(rebasing: scratch[offset..<(offset + count)])
                drift.merge(assignColumns(section, plan: plan, into: slice).1)
                if drift.isAbandoned {
                    return nil
                }
                offset += count
            }
            return (drift.validMinimumWidth, drift.validMaximumWidth)
        }

        let middle = range.logarithmicMiddle
        // Never abandoned: nothing to reach or beat.
        guard let whole = validWidths(atReference: middle) else { return [(range, middle)] }
        if (whole.minimum <= range.minimum && whole.maximum >= range.maximum)
            || options.balanceSubrangeLimit == 1
        {
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
            // Find a whole-pixel reference whose valid widths reach down to the cursor: from the
            // guess, move left by the shortfall (at most 4 times), else take the cursor itself.
            var tooFar = Double.infinity
            var attempts = 0
            while valid.minimum > cursor && attempts < 4 {
                tooFar = min(tooFar, reference)
                reference = max(cursor, (reference - (valid.minimum - cursor)).rounded(.down))
                valid = validWidths(atReference: reference) ?? valid
                attempts += 1
            }
            if valid.minimum > cursor {
                tooFar = min(tooFar, reference)
                reference = cursor
                valid = validWidths(atReference: reference) ?? valid
            }
            // Then push it right while its valid widths still reach the cursor, since they then
            // reach further up: by the slack below the cursor while nothing failed, then by
            // bisection between the last reference that reached the cursor and the first that
            // did not. Keep the one reaching furthest up.
            var reaching = reference
            var slack = cursor - valid.minimum
            var refinements = valid.maximum >= top ? Self.refinementLimit : 0
            while refinements < Self.refinementLimit {
                let next: Double
                if tooFar.isFinite {
                    guard tooFar - reaching > 2 else { break }
                    next = ((reaching + tooFar) / 2).rounded(.down)
                } else {
                    guard slack >= 1, reaching < top else { break }
                    next = min(top, (reaching + slack).rounded(.down))
                }
                refinements += 1
                if let candidate = validWidths(atReference: next, reaching: cursor),
                    candidate.minimum <= cursor
                {
                    reaching = next
                    slack = cursor - candidate.minimum
                    if candidate.maximum > valid.maximum {
                        reference = next
                        valid = candidate
                    }
                } else {
                    tooFar = next
                }
            }
            // Last, a few references spread over twice the reach found so far: the valid widths
            // are not monotonic in the reference, and one of them may reach further.
            let window = min(top, cursor + 2 * (min(valid.maximum, top) - cursor))
            let step = (window - cursor) / Double(Self.windowSamples + 1)
            if step >= 1 && valid.maximum < top {
                for sample in 1...Self.windowSamples {
                    let next = (cursor + Double(sample) * step).rounded(.down)
                    if let candidate = validWidths(
                        atReference: next, reaching: cursor, beating: valid.maximum),
                        candidate.minimum <= cursor && candidate.maximum > valid.maximum
                    {
                        reference = next
                        valid = candidate
                    }
                }
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
                valid = validWidths(atReference: reference) ?? valid
            }
        }
        return subranges
    }
}
