@testable import MasonryLayout

/// Checks one breakpoint layout of a `RandomGallery` against the engine's promises, computing
/// every expected value independently from the options and the items (not from the engine's
/// linear coefficients), and collects readable failures instead of stopping at the first.
struct LayoutInvariants {
    let gallery: RandomGallery
    let layout: BreakpointLayout
    private(set) var failures: [String] = []

    init(gallery: RandomGallery, layout: BreakpointLayout) {
        self.gallery = gallery
        self.layout = layout
    }

    /// Runs every check: the column choice at the reference width, then the concrete frames at
    /// the smallest, the reference and the largest width of the range.
    mutating func checkAll(queriesPerWidth: Int) {
        checkColumnChoice()
        checkLinearGaps()
        checkReport()
        for width in [layout.minimumWidth, layout.referenceWidth, layout.maximumWidth] {
            checkFrames(atGalleryWidth: width, queries: queriesPerWidth)
        }
    }

    private var options: LayoutOptions { gallery.options }

    private mutating func fail(_ message: String) {
        // A broken invariant usually breaks for many items; a few messages are enough.
        if failures.count < 5 {
            failures.append("seed \(gallery.seed), breakpoint \(layout.breakpoint): \(message)")
        }
    }

    /// `a` and `b` agree up to accumulated rounding at magnitude `scale`.
    private func near(_ a: Double, _ b: Double, scale: Double) -> Bool {
        // Two-argument max: the variadic one allocates an array per call in debug builds.
        abs(a - b) <= 1e-9 * max(max(1, abs(scale)), max(abs(a), abs(b)))
    }

    // MARK: Column choice

    /// Replays the placement at the reference width from the concrete frames: every item went to
    /// a lowest column (shortestFirst, rightToLeft) or to `index % columns` (leftToRight), and its
    /// `indexInColumn` counts the items already in that column.
    private mutating func checkColumnChoice() {
        let width = layout.referenceWidth
        for (sectionIndex, section) in layout.sections.enumerated() {
            var bottoms = [Double](repeating: section.itemsTop, count: section.columns)
            var counts = [Int](repeating: 0, count: section.columns)
            let items = section.items
            for index in items.indices {
                let placed = items[index]
                let column = placed.column
                guard column >= 0, column < section.columns else {
                    fail(
                        "section \(sectionIndex) item \(index) in column \(column) of \(section.columns)"
                    )
                    return
                }
                if placed.indexInColumn != counts[column] {
                    fail(
                        "section \(sectionIndex) item \(index): indexInColumn \(placed.indexInColumn), expected \(counts[column])"
                    )
                }
                switch options.direction {
                case .shortestFirst, .rightToLeft:
                    let lowest = bottoms.min() ?? 0
                    if !(bottoms[column] <= lowest || near(bottoms[column], lowest, scale: lowest))
                    {
                        fail(
                            "section \(sectionIndex) item \(index) went to column \(column) at \(bottoms[column]), lowest is \(lowest)"
                        )
                    }
                case .leftToRight:
                    if column != index % section.columns {
                        fail(
                            "section \(sectionIndex) item \(index) went to column \(column), expected \(index % section.columns)"
                        )
                    }
                }
                bottoms[column] = placed.frame.evaluated(atGalleryWidth: width).maxY
                counts[column] += 1
            }
        }
    }

    // MARK: Every width at once

    /// The gaps themselves are linear in W, so checking their coefficients proves the spacing
    /// (and hence no overlap) at every width of the range, not only at the three sampled ones:
    /// the vertical gap between consecutive items of a column has no W term and `rowSpacing` as
    /// its constant; the horizontal gap between neighbouring columns is the configured spacing
    /// (fluid) or the derived gap, which is at least `columnSpacing` from the range's minimum up.
    private mutating func checkLinearGaps() {
        for (sectionIndex, section) in layout.sections.enumerated() {
            var previous = [LinearFrame?](repeating: nil, count: section.columns)
            let items = section.items
            for index in items.indices {
                let placed = items[index]
                let frame = placed.frame
                if let above = previous[placed.column] {
                    let gap = frame.y - (above.y + above.height)
                    let scale = max(
                        abs(frame.y.constant), abs(frame.y.perGalleryWidth) * layout.maximumWidth)
                    if !near(gap.perGalleryWidth * layout.maximumWidth, 0, scale: scale)
                        || !near(gap.constant, options.rowSpacing, scale: scale)
                    {
                        fail(
                            "section \(sectionIndex) item \(index): vertical gap \(gap), expected \(options.rowSpacing)"
                        )
                    }
                } else if frame.y != LinearLength(constant: section.itemsTop) {
                    fail(
                        "section \(sectionIndex) item \(index): first in its column at \(frame.y), not itemsTop"
                    )
                }
                previous[placed.column] = frame
            }
            for column in 0..<(section.columns - 1) {
                let gap =
                    section.columnOffsets[column + 1]
                    - (section.columnOffsets[column] + section.columnWidth)
                let atMinimum = gap.value(atGalleryWidth: layout.minimumWidth)
                switch options.sizing {
                case .fluid:
                    if !near(
                        gap.perGalleryWidth * layout.maximumWidth, 0, scale: layout.maximumWidth)
                        || !near(gap.constant, options.columnSpacing, scale: layout.maximumWidth)
                    {
                        fail("section \(sectionIndex) columns \(column)/\(column + 1): gap \(gap)")
                    }
                case .fixedItemWidth:
                    if gap.perGalleryWidth < 0
                        || atMinimum < options.columnSpacing - 1e-9 * layout.maximumWidth
                    {
                        fail(
                            "section \(sectionIndex) columns \(column)/\(column + 1): derived gap \(gap)"
                        )
                    }
                }
            }
        }
    }

    // MARK: Report

    /// The report's figures against a brute-force recomputation at the reference width.
    private mutating func checkReport() {
        let width = layout.referenceWidth
        let report = layout.report
        if report.contentHeight != layout.contentHeight(atGalleryWidth: width) {
            fail(
                "report content height \(report.contentHeight) ≠ \(layout.contentHeight(atGalleryWidth: width))"
            )
        }
        if !(0...1).contains(report.raggedBottom) {
            fail("ragged bottom \(report.raggedBottom) outside 0...1")
        }
        // Visual order: by section, then top edge, then left edge; drift = max |index − rank|.
        // (Plain arrays and an explicit comparator: tuple comparisons are slow in debug builds.)
        var sectionOf: [Int] = []
        var tops: [Double] = []
        var lefts: [Double] = []
        for sectionIndex in layout.sections.indices {
            let items = layout.sections[sectionIndex].items
            for position in items.indices {
                let frame = items[position].frame.evaluated(atGalleryWidth: width)
                sectionOf.append(sectionIndex)
                tops.append(frame.y)
                lefts.append(frame.x)
            }
        }
        let visual = sectionOf.indices.sorted { a, b in
            if sectionOf[a] != sectionOf[b] { return sectionOf[a] < sectionOf[b] }
            if tops[a] != tops[b] { return tops[a] < tops[b] }
            if lefts[a] != lefts[b] { return lefts[a] < lefts[b] }
            return a < b
        }
        var drift = 0
        for rank in visual.indices {
            let distance = visual[rank] > rank ? visual[rank] - rank : rank - visual[rank]
            drift = max(drift, distance)
        }
        if drift != report.readingOrderDrift {
            fail("reading-order drift \(report.readingOrderDrift), brute force \(drift)")
        }
    }

    // MARK: Frames at one width

    private mutating func checkFrames(atGalleryWidth width: Double, queries: Int) {
        let concrete = layout.evaluated(atGalleryWidth: width)
        let frames = concrete.itemFrames
        if frames != layout.itemFrames(atGalleryWidth: width)
            || concrete.headerFrames != layout.headerFrames(atGalleryWidth: width)
            || concrete.footerFrames != layout.footerFrames(atGalleryWidth: width)
        {
            fail("evaluated(atGalleryWidth: \(width)) disagrees with the frame accessors")
        }
        let scale = max(width, concrete.contentHeight)

        var global = 0
        var top = 0.0
        for sectionIndex in layout.sections.indices {
            let input = gallery.sections[sectionIndex]
            let section = layout.sections[sectionIndex]
            if !near(concrete.sectionTops[sectionIndex], top, scale: scale) {
                fail(
                    "section \(sectionIndex) top \(concrete.sectionTops[sectionIndex]), expected \(top)"
                )
            }
            top = concrete.sectionTops[sectionIndex]
            let insets = input.insets ?? options.insets
            let columns = input.columns(
                atGalleryWidth: max(layout.breakpoint.minimumWidth, options.minimumGalleryWidth),
                breakpointColumns: layout.breakpoint.columns)
            // The rule, straight from the issue, independent of the engine's coefficients.
            let columnWidth: Double
            let gap: Double
            switch options.sizing {
            case .fluid:
                columnWidth =
                    (width - insets.left - insets.right - options.columnSpacing
                        * Double(columns - 1)) / Double(columns)
                gap = options.columnSpacing
            case .fixedItemWidth(let itemWidth):
                columnWidth = itemWidth
                gap =
                    columns > 1
                    ? (width - insets.left - insets.right - Double(columns) * itemWidth)
                        / Double(columns - 1) : 0
            }
            let itemsTop = top + insets.top + input.headerHeight
            var bottoms = [Double](repeating: itemsTop, count: columns)
            var counts = [Int](repeating: 0, count: columns)
            let placedItems = section.items
            for position in input.items.indices {
                let item = input.items[position]
                let placed = placedItems[position]
                let frame = frames[global]
                let column = placed.column
                let expectedX = insets.left + Double(column) * (columnWidth + gap)
                let expectedY =
                    counts[column] == 0 ? itemsTop : bottoms[column] + options.rowSpacing
                let expectedHeight = columnWidth * item.aspectRatio + item.extraHeight
                if !near(frame.x, expectedX, scale: scale)
                    || !near(frame.width, columnWidth, scale: scale)
                {
                    fail(
                        "item \(global) at W \(width): x \(frame.x) width \(frame.width), expected \(expectedX) \(columnWidth)"
                    )
                }
                // Row spacing exact: measured from the concrete frame above, not recomputed.
                if !near(frame.y, expectedY, scale: scale) {
                    fail("item \(global) at W \(width): y \(frame.y), expected \(expectedY)")
                }
                // Aspect ratio preserved: (height − caption) / width = display height / width.
                if !near(frame.height, expectedHeight, scale: scale)
                    || !near(
                        (frame.height - item.extraHeight) * Double(item.width),
                        frame.width * Double(item.height), scale: scale * Double(item.width))
                {
                    fail(
                        "item \(global) at W \(width): height \(frame.height), expected \(expectedHeight)"
                    )
                }
                // Inside the gallery horizontally, within the insets.
                if frame.x < insets.left - 1e-9 * scale
                    || frame.maxX > width - insets.right + 1e-9 * scale
                {
                    fail(
                        "item \(global) at W \(width): \(frame.x)...\(frame.maxX) outside \(insets.left)...\(width - insets.right)"
                    )
                }
                bottoms[column] = frame.maxY
                counts[column] += 1
                global += 1
            }
            // Section height = tallest column (+ footer) + bottom inset; the footer below it.
            let tallest = bottoms.max() ?? itemsTop
            let footerOffset = input.footerHeight > 0 ? options.footerSpacing : 0
            if let footer = concrete.footerFrames[sectionIndex] {
                if !near(footer.y, tallest + footerOffset, scale: scale)
                    || footer.height != input.footerHeight
                {
                    fail("section \(sectionIndex) footer \(footer), tallest column \(tallest)")
                }
            } else if input.footerHeight > 0 {
                fail("section \(sectionIndex) lost its footer")
            }
            if let header = concrete.headerFrames[sectionIndex] {
                if !near(header.y, top + insets.top, scale: scale)
                    || header.height != input.headerHeight
                {
                    fail("section \(sectionIndex) header \(header)")
                }
            } else if input.headerHeight > 0 {
                fail("section \(sectionIndex) lost its header")
            }
            top = tallest + footerOffset + input.footerHeight + insets.bottom
        }
        if !near(concrete.contentHeight, top, scale: scale) {
            fail(
                "content height \(concrete.contentHeight) at W \(width), expected tallest + bottom inset = \(top)"
            )
        }

        checkNoOverlap(concrete, scale: scale)
        checkQueries(concrete, count: queries)
    }

    /// No two frames (items, headers, footers) share interior area: a sweep down the page keeps
    /// the frames still open at the current top edge, a handful at a time.
    private mutating func checkNoOverlap(_ concrete: ConcreteLayout, scale: Double) {
        let slack = 1e-9 * max(1, scale)
        var all = concrete.itemFrames
        all.append(contentsOf: concrete.headerFrames.compactMap { $0 })
        all.append(contentsOf: concrete.footerFrames.compactMap { $0 })
        let order = all.indices.sorted { all[$0].y < all[$1].y }
        var open: [Int] = []
        for index in order {
            let frame = all[index]
            open.removeAll { all[$0].maxY <= frame.y + slack }
            let shrunk = Rect(
                x: frame.x + slack, y: frame.y + slack, width: frame.width - 2 * slack,
                height: frame.height - 2 * slack)
            for other in open where all[other].intersects(shrunk) {
                fail(
                    "frames \(other) \(all[other]) and \(index) \(frame) overlap at W \(concrete.galleryWidth)"
                )
            }
            open.append(index)
        }
    }

    /// Rectangle queries agree with a linear scan over all frames.
    private mutating func checkQueries(_ concrete: ConcreteLayout, count: Int) {
        var random = SplitMix64(seed: gallery.seed ^ UInt64(concrete.galleryWidth.bitPattern))
        let width = concrete.galleryWidth
        let height = concrete.contentHeight
        for _ in 0..<count {
            let rect = Rect(
                x: random.double(in: -50...(width + 50)),
                y: random.double(in: -50...(height + 50)),
                width: random.double(in: 0...width),
                height: random.chance(0.5) ? random.double(in: 0...50) : random.double(in: 0...2000)
            )
            let fast = concrete.itemIndices(intersecting: rect).sorted()
            let brute = concrete.itemFrames.indices.filter {
                concrete.itemFrames[$0].intersects(rect)
            }
            if fast != brute {
                fail("query \(rect) at W \(width): \(fast.count) hits, brute force \(brute.count)")
            }
        }
    }
}
