/// A breakpoint layout evaluated at one gallery width: concrete frames and a query index.
public struct ConcreteLayout: Sendable {
    /// The gallery width these frames are for.
    public let galleryWidth: Double
    /// Height of all sections stacked.
    public let contentHeight: Double
    /// The top edge of each section.
    public let sectionTops: [Double]
    /// Every item's frame, flattened in input order.
    public let itemFrames: [Rect]
    /// Each section's header frame, `nil` without one.
    public let headerFrames: [Rect?]
    /// Each section's footer frame, `nil` without one.
    public let footerFrames: [Rect?]

    /// Global item indices grouped by section, then column, each group top to bottom.
    private let columnOrder: [Int]
    /// The bottom edge of the item in each slot of `columnOrder`, contiguous, so a binary search
    /// touches one cache line per step instead of chasing an index into `itemFrames`.
    private let slotBottoms: [Double]
    /// Group `g` (section-major, column-minor) is `columnOrder[groupStarts[g]..<groupStarts[g + 1]]`.
    private let groupStarts: [Int]
    /// Section `s` owns groups `sectionGroupStarts[s]..<sectionGroupStarts[s + 1]`.
    private let sectionGroupStarts: [Int]
    /// The largest item bottom in sections `0...s`: non-decreasing, so it can be binary searched.
    private let prefixMaxBottom: [Double]
    /// The smallest item top in sections `s...`: non-decreasing too.
    private let suffixMinTop: [Double]

    init(layout: BreakpointLayout, galleryWidth width: Double) {
        galleryWidth = width
        itemFrames = layout.itemFrames(atGalleryWidth: width)
        headerFrames = layout.headerFrames(atGalleryWidth: width)
        footerFrames = layout.footerFrames(atGalleryWidth: width)
        sectionTops = layout.sectionTops(atGalleryWidth: width)
        contentHeight = layout.contentHeight(atGalleryWidth: width)

        // Within a column the items are stacked top to bottom without overlap, so both their
        // tops and their bottoms increase with `indexInColumn`: a per-column list can be binary
        // searched. `indexInColumn` gives each item's slot directly, so building it is O(n).
        var order = [Int](repeating: 0, count: itemFrames.count)
        var bottoms = [Double](repeating: 0, count: itemFrames.count)
        var groups: [Int] = [0]
        var sectionGroups: [Int] = [0]
        var maxBottoms: [Double] = []
        var minTops: [Double] = []
        var firstItem = 0
        var runningMaxBottom = -Double.infinity
        for section in layout.sections {
            var starts = [Int](repeating: 0, count: section.columns)
            var counts = [Int](repeating: 0, count: section.columns)
            let placements = section.items.placements
            for placement in placements {
                counts[Int(placement.column)] += 1
            }
            var next = firstItem
            for column in 0..<section.columns {
                starts[column] = next
                next += counts[column]
                groups.append(next)
            }
            sectionGroups.append(groups.count - 1)
            var minTop = Double.infinity
            for (local, placement) in placements.enumerated() {
                let global = firstItem + local
                let slot = starts[Int(placement.column)] + Int(placement.indexInColumn)
                order[slot] = global
                bottoms[slot] = itemFrames[global].maxY
                minTop = min(minTop, itemFrames[global].y)
                runningMaxBottom = max(runningMaxBottom, itemFrames[global].maxY)
            }
            maxBottoms.append(runningMaxBottom)
            minTops.append(minTop)
            firstItem += placements.count
        }
        var runningMinTop = Double.infinity
        for index in minTops.indices.reversed() {
            runningMinTop = min(runningMinTop, minTops[index])
            minTops[index] = runningMinTop
        }
        columnOrder = order
        slotBottoms = bottoms
        groupStarts = groups
        sectionGroupStarts = sectionGroups
        prefixMaxBottom = maxBottoms
        suffixMinTop = minTops
    }

    /// The indices (into `itemFrames`) of the items whose frames share interior area with `rect`
    /// (the `Rect.intersects` rule, exactly as a linear scan would find them).
    ///
    /// Ordered by section, then column left to right, then top to bottom. Costs
    /// O(log s + t × c × log n + k): a binary search over the s sections, then for each of the t
    /// sections the rectangle crosses a binary search in each of its c columns, then the k hits.
    /// With a bounded number of columns and a viewport-sized rectangle that is O(log n + k).
    public func itemIndices(intersecting rect: Rect) -> [Int] {
        var result: [Int] = []
        // The first section that can hold an item reaching below rect.y.
        var section = lowerBound(count: prefixMaxBottom.count) { prefixMaxBottom[$0] <= rect.y }
        while section < suffixMinTop.count, suffixMinTop[section] < rect.maxY {
            for group in sectionGroupStarts[section]..<sectionGroupStarts[section + 1] {
                let start = groupStarts[group]
                let end = groupStarts[group + 1]
                guard start < end else { continue }
                // Every item of a column shares its x and width, so one check covers them all.
                let columnFrame = itemFrames[columnOrder[start]]
                guard rect.x < columnFrame.maxX, columnFrame.x < rect.maxX else { continue }
                var slot =
                    start + lowerBound(count: end - start) { slotBottoms[start + $0] <= rect.y }
                while slot < end {
                    let index = columnOrder[slot]
                    guard itemFrames[index].y < rect.maxY else { break }
                    result.append(index)
                    slot += 1
                }
            }
            section += 1
        }
        return result
    }
}

extension ConcreteLayout {
    /// The first index in `0..<count` for which `isBefore` is false; `isBefore` must be true on
    /// a prefix and false on the rest.
    fileprivate func lowerBound(count: Int, _ isBefore: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isBefore(middle) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
