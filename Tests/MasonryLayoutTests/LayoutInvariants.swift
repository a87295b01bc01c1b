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
        abs(a - b) <= 1e-9 * max(1, abs(scale), abs(a), abs(b))
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
            for (index, placed) in section.items.enumerated() {
                let column = placed.column
                guard column >= 0, column < section.columns else {
                    fail("section \(sectionIndex) item \(index) in column \(column) of \(section.columns)")
                    return
                }
                if placed.indexInColumn != counts[column] {
                    fail("section \(sectionIndex) item \(index): indexInColumn \(placed.indexInColumn), expected \(counts[column])")
                }
                switch options.direction {
                case .shortestFirst, .rightToLeft:
                    let lowest = bottoms.min() ?? 0
                    if !(bottoms[column] <= lowest || near(bottoms[column], lowest, scale: lowest)) {
                        fail("section \(sectionIndex) item \(index) went to column \(column) at \(bottoms[column]), lowest is \(lowest)")
                    }
                case .leftToRight:
                    if column != index % section.columns {
                        fail("section \(sectionIndex) item \(index) went to column \(column), expected \(index % section.columns)")
                    }
                }
                bottoms[column] = placed.frame.evaluated(atGalleryWidth: width).maxY
                counts[column] += 1
            }
        }
    }

    // MARK: Report

    /// The report's figures against a brute-force recomputation at the reference width.
    private mutating func checkReport() {
        let width = layout.referenceWidth
        let report = layout.report
        if report.contentHeight != layout.contentHeight(atGalleryWidth: width) {
            fail("report content height \(report.contentHeight) ≠ \(layout.contentHeight(atGalleryWidth: width))")
        }
        if !(0...1).contains(report.raggedBottom) {
            fail("ragged bottom \(report.raggedBottom) outside 0...1")
        }
        // Visual order: by section, then top edge, then left edge; drift = max |index − rank|.
        var keys: [(section: Int, top: Double, left: Double, index: Int)] = []
        var index = 0
        for (sectionIndex, section) in layout.sections.enumerated() {
            for placed in section.items {
                let frame = placed.frame.evaluated(atGalleryWidth: width)
                keys.append((sectionIndex, frame.y, frame.x, index))
                index += 1
            }
        }
        keys.sort { ($0.section, $0.top, $0.left, $0.index) < ($1.section, $1.top, $1.left, $1.index) }
        var drift = 0
        for (rank, key) in keys.enumerated() {
            drift = max(drift, abs(key.index - rank))
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
        for (sectionIndex, (input, section)) in zip(gallery.sections, layout.sections).enumerated() {
            if !near(concrete.sectionTops[sectionIndex], top, scale: scale) {
                fail("section \(sectionIndex) top \(concrete.sectionTops[sectionIndex]), expected \(top)")
            }
            top = concrete.sectionTops[sectionIndex]
            let insets = input.insets ?? options.insets
            let columns = input.columnCount ?? layout.breakpoint.columns
            // The rule, straight from the issue, independent of the engine's coefficients.
            let columnWidth: Double
            let gap: Double
            switch options.sizing {
            case .fluid:
                columnWidth = (width - insets.left - insets.right - options.columnSpacing * Double(columns - 1)) / Double(columns)
                gap = options.columnSpacing
            case .fixedItemWidth(let itemWidth):
                columnWidth = itemWidth
                gap = columns > 1 ? (width - insets.left - insets.right - Double(columns) * itemWidth) / Double(columns - 1) : 0
            }
            let itemsTop = top + insets.top + input.headerHeight
            var bottoms = [Double](repeating: itemsTop, count: columns)
            var counts = [Int](repeating: 0, count: columns)
            for (item, placed) in zip(input.items, section.items) {
                let frame = frames[global]
                let column = placed.column
                let expectedX = insets.left + Double(column) * (columnWidth + gap)
                let expectedY = counts[column] == 0 ? itemsTop : bottoms[column] + options.rowSpacing
                let expectedHeight = columnWidth * item.aspectRatio + item.extraHeight
                if !near(frame.x, expectedX, scale: scale) || !near(frame.width, columnWidth, scale: scale) {
                    fail("item \(global) at W \(width): x \(frame.x) width \(frame.width), expected \(expectedX) \(columnWidth)")
                }
                // Row spacing exact: measured from the concrete frame above, not recomputed.
                if !near(frame.y, expectedY, scale: scale) {
                    fail("item \(global) at W \(width): y \(frame.y), expected \(expectedY)")
                }
                // Aspect ratio preserved: (height − caption) / width = display height / width.
                if !near(frame.height, expectedHeight, scale: scale)
                    || !near((frame.height - item.extraHeight) * Double(item.width), frame.width * Double(item.height), scale: scale * Double(item.width))
                {
                    fail("item \(global) at W \(width): height \(frame.height), expected \(expectedHeight)")
                }
                // Inside the gallery horizontally, within the insets.
                if frame.x < insets.left - 1e-9 * scale || frame.maxX > width - insets.right + 1e-9 * scale {
                    fail("item \(global) at W \(width): \(frame.x)...\(frame.maxX) outside \(insets.left)...\(width - insets.right)")
                }
                bottoms[column] = frame.maxY
                counts[column] += 1
                global += 1
            }
            // Section height = tallest column (+ footer) + bottom inset; the footer below it.
            let tallest = bottoms.max() ?? itemsTop
            let footerOffset = input.footerHeight > 0 ? options.footerSpacing : 0
            if let footer = concrete.footerFrames[sectionIndex] {
                if !near(footer.y, tallest + footerOffset, scale: scale) || footer.height != input.footerHeight {
                    fail("section \(sectionIndex) footer \(footer), tallest column \(tallest)")
                }
            } else if input.footerHeight > 0 {
                fail("section \(sectionIndex) lost its footer")
            }
            if let header = concrete.headerFrames[sectionIndex] {
                if !near(header.y, top + insets.top, scale: scale) || header.height != input.headerHeight {
                    fail("section \(sectionIndex) header \(header)")
                }
            } else if input.headerHeight > 0 {
                fail("section \(sectionIndex) lost its header")
            }
            top = tallest + footerOffset + input.footerHeight + insets.bottom
        }
        if !near(concrete.contentHeight, top, scale: scale) {
            fail("content height \(concrete.contentHeight) at W \(width), expected tallest + bottom inset = \(top)")
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
            let shrunk = Rect(x: frame.x + slack, y: frame.y + slack, width: frame.width - 2 * slack, height: frame.height - 2 * slack)
            for other in open where all[other].intersects(shrunk) {
                fail("frames \(other) \(all[other]) and \(index) \(frame) overlap at W \(concrete.galleryWidth)")
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
            let brute = concrete.itemFrames.indices.filter { concrete.itemFrames[$0].intersects(rect) }
            if fast != brute {
                fail("query \(rect) at W \(width): \(fast.count) hits, brute force \(brute.count)")
            }
        }
    }
}
