extension BreakpointReport {
    /// Measures `sections` at `range`'s reference width `width` and at its ends, with the drift
    /// the assignment pass measured.
    init(
        sections: [SectionLayout], referenceWidth width: Double, range: WidthRange,
        drift: DriftMeasure
    ) {
        var contentHeight = 0.0
        var columnHeights: [[Double]] = []
        var ragged: [Double] = []
        for section in sections {
            contentHeight += section.height(atGalleryWidth: width)
            let heights = section.columnBottoms.map {
                $0.value(atGalleryWidth: width) - section.itemsTop
            }
            columnHeights.append(heights)
            ragged.append(Self.raggedBottom(of: section, atGalleryWidth: width))
        }
        self.init(
            referenceWidth: width,
            contentHeight: contentHeight,
            columnHeights: columnHeights,
            sectionRaggedBottoms: ragged,
            raggedBottom: ragged.max() ?? 0,
            readingOrderDrift: Self.readingOrderDrift(of: sections, atGalleryWidth: width),
            worstPlacementDrift: drift.worstDrift,
            placementsOverTolerance: drift.placementsOverTolerance,
            raggedBottomAtMinimumWidth: Self.raggedBottom(
                of: sections, atGalleryWidth: range.minimum),
            raggedBottomAtMaximumWidth: Self.raggedBottom(
                of: sections, atGalleryWidth: range.maximum)
        )
    }

    /// The worst section's ragged bottom at gallery width `width` (0 without sections).
    static func raggedBottom(of sections: [SectionLayout], atGalleryWidth width: Double) -> Double {
        var worst = 0.0
        for section in sections {
            worst = max(worst, raggedBottom(of: section, atGalleryWidth: width))
        }
        return worst
    }

    /// (tallest − shortest) / tallest of a section's column heights at `width`; 0 when empty.
    static func raggedBottom(of section: SectionLayout, atGalleryWidth width: Double) -> Double {
        let heights = section.columnBottoms.map {
            $0.value(atGalleryWidth: width) - section.itemsTop
        }
        let tallest = heights.max() ?? 0
        let shortest = heights.min() ?? 0
        return tallest > 0 ? (tallest - shortest) / tallest : 0
    }

    /// The largest |input index − visual rank| over all items at gallery width `width`.
    ///
    /// Visual row-major order sorts by top edge, then left edge, i.e. by (top, column). Sections
    /// follow one another, and both an item's input index and its rank are offset by the items
    /// of earlier sections, so each section is measured on its own.
    static func readingOrderDrift(of sections: [SectionLayout], atGalleryWidth width: Double) -> Int
    {
        var drift = 0
        for section in sections where !section.items.isEmpty {
            drift = max(drift, readingOrderDrift(of: section, atGalleryWidth: width))
        }
        return drift
    }

    /// The drift within one section.
    ///
    /// First a linear pass checks whether input order already is visual order (then the drift is
    /// 0): `shortestFirst` always puts the next item at the lowest bottom, so at the reference
    /// width its tops never decrease and ties go left to right. Otherwise the columns, each
    /// already sorted by top edge, are merged, O(n × columns) without a sort; ties go to the
    /// left column, which is also the smaller x.
    private static func readingOrderDrift(of section: SectionLayout, atGalleryWidth width: Double)
        -> Int
    {
        let items = section.items
        let placements = items.placements
        let inVisualOrder = placements.withUnsafeBufferPointer { placements in
            var previousTop = -Double.infinity
            var previousColumn = Int32.max
            for placement in placements {
                let top = items.top(of: placement).value(atGalleryWidth: width)
                guard top > previousTop || (top == previousTop && placement.column > previousColumn)
                else {
                    return false
                }
                previousTop = top
                previousColumn = placement.column
            }
            return true
        }
        if inVisualOrder {
            return 0
        }

        // Lay the items out column by column (a counting sort; `indexInColumn` is each item's
        // slot), keeping their input index and their top edge side by side for the merge.
        let columns = section.columns
        var starts = [Int](repeating: 0, count: columns + 1)
        for placement in placements {
            starts[Int(placement.column) + 1] += 1
        }
        for column in 0..<columns {
            starts[column + 1] += starts[column]
        }
        var inputIndex = [Int](repeating: 0, count: placements.count)
        var top = [Double](repeating: 0, count: placements.count)
        for (index, placement) in placements.enumerated() {
            let slot = starts[Int(placement.column)] + Int(placement.indexInColumn)
            inputIndex[slot] = index
            top[slot] = items.top(of: placement).value(atGalleryWidth: width)
        }

        var cursor = Array(starts.dropLast())
        var head = (0..<columns).map {
            cursor[$0] < starts[$0 + 1] ? top[cursor[$0]] : Double.infinity
        }
        var drift = 0
        for rank in 0..<items.count {
            var best = 0
            for column in 1..<columns where head[column] < head[best] {
                best = column
            }
            let slot = cursor[best]
            drift = max(drift, abs(inputIndex[slot] - rank))
            cursor[best] = slot + 1
            head[best] = slot + 1 < starts[best + 1] ? top[slot + 1] : .infinity
        }
        return drift
    }
}
