extension BreakpointReport {
    /// Measures `sections` at `referenceWidth`.
    init(sections: [SectionLayout], referenceWidth width: Double) {
        var contentHeight = 0.0
        var columnHeights: [[Double]] = []
        var ragged: [Double] = []
        for section in sections {
            contentHeight += section.height(atGalleryWidth: width)
            let heights = section.columnBottoms.map { $0.value(atGalleryWidth: width) - section.itemsTop }
            columnHeights.append(heights)
            let tallest = heights.max() ?? 0
            let shortest = heights.min() ?? 0
            ragged.append(tallest > 0 ? (tallest - shortest) / tallest : 0)
        }
        self.init(
            referenceWidth: width,
            contentHeight: contentHeight,
            columnHeights: columnHeights,
            sectionRaggedBottoms: ragged,
            raggedBottom: ragged.max() ?? 0,
            readingOrderDrift: Self.readingOrderDrift(of: sections, atGalleryWidth: width)
        )
    }

    /// The largest |input index − visual rank| over all items at gallery width `width`.
    ///
    /// Visual row-major order sorts by top edge, then left edge. Each column is already sorted
    /// by top edge, so the order is a merge of the columns (ties to the left column, which is
    /// also the smaller x), O(n × columns) without a sort. Sections follow one another, so the
    /// merge runs per section; input index and rank are both offset by the same number of items
    /// in earlier sections, so the section-local difference is the global one.
    static func readingOrderDrift(of sections: [SectionLayout], atGalleryWidth width: Double) -> Int {
        var drift = 0
        for section in sections {
            let count = section.items.count
            guard count > 0 else { continue }
            // Slot of every item in its column's list, via `indexInColumn` (a counting sort).
            var starts = [Int](repeating: 0, count: section.columns + 1)
            for item in section.items {
                starts[item.column + 1] += 1
            }
            for column in 0..<section.columns {
                starts[column + 1] += starts[column]
            }
            var byColumn = [Int](repeating: 0, count: count)
            for (index, item) in section.items.enumerated() {
                byColumn[starts[item.column] + item.indexInColumn] = index
            }
            var cursor = Array(starts.dropLast())
            var headTop = [Double](repeating: .infinity, count: section.columns)
            for column in 0..<section.columns where cursor[column] < starts[column + 1] {
                headTop[column] = section.items[byColumn[cursor[column]]].frame.y.value(atGalleryWidth: width)
            }
            for rank in 0..<count {
                var best = 0
                for column in 1..<section.columns where headTop[column] < headTop[best] {
                    best = column
                }
                let index = byColumn[cursor[best]]
                drift = max(drift, abs(index - rank))
                cursor[best] += 1
                headTop[best] =
                    cursor[best] < starts[best + 1]
                    ? section.items[byColumn[cursor[best]]].frame.y.value(atGalleryWidth: width)
                    : .infinity
            }
        }
        return drift
    }
}
