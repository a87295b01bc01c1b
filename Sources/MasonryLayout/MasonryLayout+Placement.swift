/// One section's fixed horizontal geometry at one breakpoint, prepared once and shared by
/// every assignment pass over the breakpoint's range and sub-ranges.
struct PreparedSection {
    let section: LayoutSection
    let columns: Int
    let insets: EdgeInsets
    let geometry: ColumnGeometry
    let itemsTop: Double
}

/// The per-column totals an assignment pass ends with: each column's bottom is
/// `itemsTop + ratios[c] × w + pixels[c]`.
struct ColumnTotals {
    var ratios: [Double]
    var pixels: [Double]
}

extension MasonryLayout {
    /// Resolves a section's column count, insets and column geometry at one breakpoint.
    func prepare(_ section: LayoutSection, breakpointColumns: Int, range: WidthRange)
        -> PreparedSection
    {
        let columns = section.columns(
            atGalleryWidth: range.minimum, breakpointColumns: breakpointColumns)
        let insets = section.insets ?? options.insets
        return PreparedSection(
            section: section,
            columns: columns,
            insets: insets,
            geometry: ColumnGeometry(
                columns: columns, insets: insets, sizing: options.sizing,
                columnSpacing: options.columnSpacing
            ),
            itemsTop: insets.top + section.headerHeight
        )
    }

    /// Places one section's items in a fresh array.
    func place(_ prepared: PreparedSection, plan: AssignmentPlan) -> (SectionLayout, DriftMeasure) {
        var totals = ColumnTotals(ratios: [], pixels: [])
        var measure = DriftMeasure()
        let count = prepared.section.items.count
        let placements = [Placement](unsafeUninitializedCapacity: count) { output, initialized in
            (totals, measure) = assignColumns(prepared, plan: plan, into: output)
            initialized = count
        }
        return (sectionLayout(prepared, placements: placements, totals: totals), measure)
    }

    /// Assigns one section's items to columns (the hot loop of the engine), writing one 24-byte
    /// `Placement` per item into `output` (at least as long as the section), and measures every
    /// placement's drift at both ends of the plan's range.
    ///
    /// Each column keeps A (the sum of its items' aspect ratios) and B (its row spacings and
    /// caption bands), so its bottom is `itemsTop + A × w + B` at every gallery width; the
    /// shortest-column choice compares `A × w + B` at the reference width. The choice is an
    /// O(columns) scan, and the loop allocates nothing per item. With `plan.findsValidWidths` it
    /// solves for the valid widths (one division per column per item) instead of measuring the
    /// drift at the ends, and may give up early (see `AssignmentPlan.abandonsAbove`).
    func assignColumns(
        _ prepared: PreparedSection, plan: AssignmentPlan,
        into output: UnsafeMutableBufferPointer<Placement>
    ) -> (ColumnTotals, DriftMeasure) {
        let columns = prepared.columns
        let columnWidth = prepared.geometry.columnWidth
        let rowSpacing = options.rowSpacing
        let direction = options.direction
        let widthAtReference = columnWidth.value(atGalleryWidth: plan.referenceWidth)
        let widthAtMinimum = columnWidth.value(atGalleryWidth: plan.minimumWidth)
        let widthAtMaximum = columnWidth.value(atGalleryWidth: plan.maximumWidth)
        let tolerance = plan.tolerance
        let findsValidWidths = plan.findsValidWidths
        // The valid column widths w: every placement needs H_chosen(w) − H_c(w) ≤ tolerance.
        let safeTolerance = tolerance - 1e-6
        var validMinimumColumnWidth = -Double.infinity
        var validMaximumColumnWidth = Double.infinity
        // The give-up widths as column widths (only where those grow with W: with a fixed item
        // width every width is valid, and nothing is given up).
        let growsWithWidth = columnWidth.perGalleryWidth > 0
        let mayAbandon =
            growsWithWidth
            && (plan.abandonsAbove < .infinity || plan.abandonsAtOrBelow > -.infinity)
        let abandonsAbove =
            growsWithWidth ? columnWidth.value(atGalleryWidth: plan.abandonsAbove) : .infinity
        let abandonsAtOrBelow =
            growsWithWidth ? columnWidth.value(atGalleryWidth: plan.abandonsAtOrBelow) : -.infinity
        let items = prepared.section.items

        var ratios = [Double](repeating: 0, count: columns)
        var pixels = [Double](repeating: 0, count: columns)
        var atReference = [Double](repeating: 0, count: columns)
        var atMinimum = [Double](repeating: 0, count: columns)
        var atMaximum = [Double](repeating: 0, count: columns)
        var counts = [Int](repeating: 0, count: columns)
        var measure = DriftMeasure()

        ratios.withUnsafeMutableBufferPointer { ratios in
            pixels.withUnsafeMutableBufferPointer { pixels in
                atReference.withUnsafeMutableBufferPointer { atReference in
                    atMinimum.withUnsafeMutableBufferPointer { atMinimum in
                        atMaximum.withUnsafeMutableBufferPointer { atMaximum in
                            counts.withUnsafeMutableBufferPointer { counts in
                                items.withUnsafeBufferPointer { items in
                                    for index in 0..<items.count {
                                        let column: Int
                                        switch direction {
                                        case .shortestFirst:
                                            // Strictly lower wins, so ties stay with the leftmost column.
                                            var best = 0
                                            var lowest = atReference[0]
                                            for candidate in 1..<columns
                                            where atReference[candidate] < lowest {
                                                lowest = atReference[candidate]
                                                best = candidate
                                            }
                                            column = best
                                        case .rightToLeft:
                                            // The mirror image: scan from the right, ties stay rightmost.
                                            var best = columns - 1
                                            var lowest = atReference[best]
                                            for candidate in stride(
                                                from: columns - 2, through: 0, by: -1)
                                            where atReference[candidate] < lowest {
                                                lowest = atReference[candidate]
                                                best = candidate
                                            }
                                            column = best
                                        case .leftToRight:
                                            column = index % columns
                                        }

                                        if !findsValidWidths {
                                            // The drift at each end: the chosen column above the lowest.
                                            var lowestAtMinimum = atMinimum[0]
                                            var lowestAtMaximum = atMaximum[0]
                                            for candidate in 1..<columns {
                                                lowestAtMinimum = min(
                                                    lowestAtMinimum, atMinimum[candidate])
                                                lowestAtMaximum = min(
                                                    lowestAtMaximum, atMaximum[candidate])
                                            }
                                            let placedDrift = max(
                                                atMinimum[column] - lowestAtMinimum,
                                                atMaximum[column] - lowestAtMaximum
                                            )
                                            measure.worstDrift = max(
                                                measure.worstDrift, placedDrift)
                                            if placedDrift > tolerance {
                                                measure.placementsOverTolerance += 1
                                            }
                                        } else {
                                            // (A_chosen − A_c) × w + (B_chosen − B_c) ≤ tolerance bounds w
                                            // from above or below, by the sign of the slope.
                                            for other in 0..<columns where other != column {
                                                let slope = ratios[column] - ratios[other]
                                                let bound =
                                                    (safeTolerance
                                                        - (pixels[column] - pixels[other])) / slope
                                                if slope > 0 {
                                                    validMaximumColumnWidth = min(
                                                        validMaximumColumnWidth, bound)
                                                } else if slope < 0 {
                                                    validMinimumColumnWidth = max(
                                                        validMinimumColumnWidth, bound)
                                                }
                                            }
                                            if mayAbandon
                                                && (validMinimumColumnWidth > abandonsAbove
                                                    || validMaximumColumnWidth <= abandonsAtOrBelow)
                                            {
                                                measure.isAbandoned = true
                                                return
                                            }
                                        }

                                        let item = items[index]
                                        let above = counts[column]
                                        let ratiosAbove = ratios[column]
                                        // No row spacing above a column's first item (seeds 001 and 002).
                                        let pixelsAbove =
                                            above == 0
                                            ? pixels[column] : pixels[column] + rowSpacing
                                        (output.baseAddress! + index).initialize(
                                            to: Placement(
                                                column: Int32(truncatingIfNeeded: column),
                                                indexInColumn: Int32(truncatingIfNeeded: above),
                                                ratiosAbove: ratiosAbove,
                                                pixelsAbove: pixelsAbove
                                            )
                                        )
                                        let ratiosBelow = ratiosAbove + item.aspectRatio
                                        let pixelsBelow = pixelsAbove + item.extraHeight
                                        ratios[column] = ratiosBelow
                                        pixels[column] = pixelsBelow
                                        atReference[column] =
                                            ratiosBelow * widthAtReference + pixelsBelow
                                        atMinimum[column] =
                                            ratiosBelow * widthAtMinimum + pixelsBelow
                                        atMaximum[column] =
                                            ratiosBelow * widthAtMaximum + pixelsBelow
                                        counts[column] = above + 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if findsValidWidths {
            // w = p × W + q with p > 0 (fluid columns), so W = (w − q) / p keeps the order. With a
            // fixed item width (p = 0) no height depends on W, and every width is valid.
            let perWidth = columnWidth.perGalleryWidth
            if perWidth > 0 {
                measure.validMinimumWidth =
                    (validMinimumColumnWidth - columnWidth.constant) / perWidth
                measure.validMaximumWidth =
                    (validMaximumColumnWidth - columnWidth.constant) / perWidth
            }
        }
        return (ColumnTotals(ratios: ratios, pixels: pixels), measure)
    }

    /// Wraps a complete assignment in its `SectionLayout`: header, frames, column bottoms, footer.
    func sectionLayout(_ prepared: PreparedSection, placements: [Placement], totals: ColumnTotals)
        -> SectionLayout
    {
        let section = prepared.section
        let insets = prepared.insets
        let geometry = prepared.geometry
        let header: LinearFrame? =
            section.headerHeight > 0
            ? LinearFrame(
                x: LinearLength(constant: insets.left),
                y: LinearLength(constant: insets.top),
                width: LinearLength(perGalleryWidth: 1, constant: -(insets.left + insets.right)),
                height: LinearLength(constant: section.headerHeight)
            )
            : nil
        let placed = PlacedItems(
            placements: placements,
            sourceItems: section.items,
            columnWidth: geometry.columnWidth,
            columnOffsets: geometry.offsets,
            itemsTop: prepared.itemsTop
        )
        // A column's bottom is where its next item's top would be, minus the row spacing: the
        // same formula as every item's top, so the two agree bit for bit.
        let columnBottoms = (0..<prepared.columns).map { column in
            placed.top(
                of: Placement(
                    column: Int32(truncatingIfNeeded: column), indexInColumn: 0,
                    ratiosAbove: totals.ratios[column], pixelsAbove: totals.pixels[column]
                )
            )
        }
        let footerOffset = section.footerHeight > 0 ? options.footerSpacing : 0
        return SectionLayout(
            columns: prepared.columns,
            insets: insets,
            columnWidth: geometry.columnWidth,
            columnOffsets: geometry.offsets,
            header: header,
            itemsTop: prepared.itemsTop,
            items: placed,
            columnBottoms: columnBottoms,
            footerOffset: footerOffset,
            footerHeight: section.footerHeight,
            bottomOffset: footerOffset + section.footerHeight + insets.bottom
        )
    }
}
