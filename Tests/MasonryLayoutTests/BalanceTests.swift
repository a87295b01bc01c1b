import Testing

@testable import MasonryLayout

/// Adaptive sub-breakpoints (issue 7): with a balance tolerance, every placement is within it of
/// the lowest column at every width of every range, the ranges tile the widths, and every
/// earlier promise still holds per range; with tolerance 0 nothing changes.
@Suite("Balance")
struct BalanceTests {
    static let batches = Array(0..<8)
    static let casesPerBatch = 24

    static func seed(batch: Int, index: Int) -> UInt64 {
        UInt64(batch * casesPerBatch + index) &* 0x9E37_79B9_7F4A_7C15 &+ 7
    }

    /// The gallery's options with a tolerance drawn from the seed: a quarter each one row spacing
    /// (the site's default), 16 px, anything from 0.5 to 40 px, and a tiny 0.05–1 px that forces
    /// many splits and residuals (with a limit of 1–16); a fifth of the time a sub-range limit of
    /// 1–6. A lowest-column direction always.
    static func balanced(_ gallery: RandomGallery) -> LayoutOptions {
        var random = SplitMix64(seed: gallery.seed ^ 0xBA1A_9CE)
        var options = gallery.options
        // leftToRight ignores the tolerance (the `unbalanced` test covers it).
        if options.direction == .leftToRight {
            options.direction = random.chance(0.5) ? .shortestFirst : .rightToLeft
        }
        switch random.int(in: 0...3) {
        case 0: options.balanceTolerance = options.rowSpacing > 0 ? options.rowSpacing : 16
        case 1: options.balanceTolerance = 16
        case 2: options.balanceTolerance = random.double(in: 0.5...40)
        default:
            // Tiny: at most 16 sub-ranges, to keep the debug-built search fast.
            options.balanceTolerance = random.double(in: 0.05...1)
            options.balanceSubrangeLimit = random.int(in: 1...16)
        }
        if random.chance(0.2) {
            options.balanceSubrangeLimit = random.int(in: 1...6)
        }
        return options
    }

    /// Every check of one balanced gallery: tiling, drift at widths `stride` apart (1: every
    /// whole pixel), and the earlier invariants (no overlap, spacing, aspect, lowest column at the
    /// reference width, content height, queries) on every range.
    /// Returns how many ranges the breakpoints were split into, beyond one each, and at how many
    /// (range, width) pairs the drift was replayed, so a test can tell that it exercised splits.
    @discardableResult
    static func check(
        _ gallery: RandomGallery, options: LayoutOptions, stride: Int, queries: Int,
        invariantsEvery: Int = 1
    ) throws -> (extraRanges: Int, widths: Int) {
        let layout = try MasonryLayout(options: options).layout(gallery.sections)
        var balance = BalanceInvariants(gallery: gallery, options: options, layout: layout)
        balance.checkTiling()
        balance.checkDrift(stride: stride)
        for failure in balance.failures {
            Issue.record(Comment(rawValue: failure))
        }
        let unbalanced = RandomGallery.with(gallery, options: options)
        // (`invariantsEvery` > 1 checks each breakpoint's first and last sub-range and every
        // n-th one between, to keep the 5,000-photo cases fast.)
        for range in layout.breakpoints
        where range.subrangeIndex % invariantsEvery == 0
            || range.maximumWidth
                == layout.subranges(ofBreakpoint: range.breakpointIndex).last?.maximumWidth
        {
            var invariants = LayoutInvariants(gallery: unbalanced, layout: range)
            invariants.checkAll(queriesPerWidth: queries)
            for failure in invariants.failures {
                Issue.record(
                    Comment(
                        rawValue:
                            "balanced range \(range.minimumWidth)..<\(range.maximumWidth): \(failure)"
                    ))
            }
        }
        return (layout.breakpoints.count - options.breakpoints.count, balance.widthsChecked)
    }

    @Test(
        "every whole-pixel width of every range: placements within the tolerance",
        arguments: batches)
    func everyWidth(batch: Int) throws {
        var extraRanges = 0
        var widths = 0
        for index in 0..<Self.casesPerBatch {
            // Mostly 40–400 items, where drift builds up; a fifth small, for the edge cases.
            let seed = Self.seed(batch: batch, index: index)
            var random = SplitMix64(seed: seed ^ 0x1D)
            let count = random.chance(0.2) ? random.int(in: 0...40) : random.int(in: 40...400)
            let gallery = RandomGallery(seed: seed, maximumItems: 400, itemCount: count)
            let counts = try Self.check(
                gallery, options: Self.balanced(gallery), stride: 1, queries: 2)
            extraRanges += counts.extraRanges
            widths += counts.widths
        }
        // The batch must have split ranges and replayed every pixel of the widths (≈ 2,240 a case).
        #expect(extraRanges > Self.casesPerBatch, "only \(extraRanges) splits")
        #expect(widths > Self.casesPerBatch * 2_240, "only \(widths) widths")
    }

    @Test("5,000 photos: every whole pixel, and every 16th pixel", arguments: [0, 1, 2, 3])
    func large(case index: Int) throws {
        let gallery = RandomGallery(
            seed: Self.seed(batch: 99, index: index), maximumItems: 5000, itemCount: 5000)
        var options = gallery.options
        options.direction = index == 1 ? .rightToLeft : .shortestFirst
        options.sizing = .fluid
        options.balanceTolerance = index == 3 ? 2 : 16
        let counts = try Self.check(
            gallery, options: options, stride: index < 2 ? 1 : 16, queries: 1, invariantsEvery: 8)
        #expect(counts.extraRanges > 0, "seed \(gallery.seed): no split")
    }

    @Test(
        "tolerance 0 is the single assignment; leftToRight ignores the tolerance",
        arguments: batches)
    func unbalanced(batch: Int) throws {
        for index in 0..<Self.casesPerBatch / 2 {
            let gallery = RandomGallery(
                seed: Self.seed(batch: batch, index: index) ^ 0x77, maximumItems: 1000)
            var options = gallery.options
            options.balanceTolerance = 0
            let plain = try MasonryLayout(options: options).layout(gallery.sections)
            #expect(plain.breakpoints.count == options.breakpoints.count, "seed \(gallery.seed)")
            for range in plain.breakpoints {
                // The arithmetic middle, as before balancing existed.
                #expect(range.referenceWidth == (range.minimumWidth + range.maximumWidth) / 2)
                #expect(range.subrangeIndex == 0)
            }
            options.balanceTolerance = 16
            options.direction = .leftToRight
            let ignored = try MasonryLayout(options: options).layout(gallery.sections)
            options.balanceTolerance = 0
            let reference = try MasonryLayout(options: options).layout(gallery.sections)
            // Only the count of placements over the tolerance depends on the tolerance.
            let same = Self.sameOutput(ignored, reference, comparingCounts: false)
            #expect(same, "seed \(gallery.seed)")
        }
    }

    /// Two columns, w = (W − 10) / 2. Column 0 holds a square with a 300 px caption (w + 300),
    /// column 1 a 1:2 portrait (2w); they cross at w = 300 (W = 610). A third item, a square, goes
    /// to whichever is lower at the reference width, and drifts by |w − 300| at the other side.
    static func crossing(tolerance: Double, limit: Int = 64) throws -> GalleryLayout {
        let options = LayoutOptions(
            breakpoints: [Breakpoint(minimumWidth: 0, columns: 2)], columnSpacing: 10,
            rowSpacing: 10,
            balanceTolerance: tolerance, balanceSubrangeLimit: limit
        )
        let items = [try item(1, 1, extra: 300), try item(1, 2), try item(1, 1)]
        return try MasonryLayout(options: options).layout([LayoutSection(items: items)])
    }

    @Test("by hand: two columns that cross, split where the drift reaches the tolerance")
    func crossingColumns() throws {
        // Tolerance 0: assigned at 1440 (w = 715: 1015 vs 1430), the square goes under column 0,
        // which at W = 320 (w = 155) is 455 against 310: 145 px of drift.
        let plain = try Self.crossing(tolerance: 0)
        #expect(plain.breakpoints.count == 1)
        #expect(plain.breakpoints[0].sections[0].items.map(\.column) == [0, 1, 0])
        #expect(isClose(plain.breakpoints[0].report.worstPlacementDrift, 145))
        #expect(plain.breakpoints[0].report.placementsOverTolerance == 1)

        // Tolerance 16: under column 1 the square drifts by w − 300 ≤ 16 up to w = 316, W = 642;
        // under column 0 by 300 − w ≤ 16 from w = 284, W = 578. The sweep keeps the narrow
        // assignment to the last whole pixel it holds at, 641 (w − 300 = 15.5 there).
        let balanced = try Self.crossing(tolerance: 16)
        #expect(balanced.subrangeCount(ofBreakpoint: 0) == 2)
        let (lower, upper) = (balanced.breakpoints[0], balanced.breakpoints[1])
        #expect(lower.minimumWidth == 320 && lower.maximumWidth == 641)
        #expect(upper.minimumWidth == 641 && upper.maximumWidth == 2560)
        #expect(lower.sections[0].items.map(\.column) == [0, 1, 1])
        #expect(upper.sections[0].items.map(\.column) == [0, 1, 0])
        #expect(isClose(lower.report.worstPlacementDrift, 15.5))
        #expect(upper.report.worstPlacementDrift == 0)
        #expect(balanced.breakpointLayout(atGalleryWidth: 640.5)?.minimumWidth == 320)
        #expect(balanced.breakpointLayout(atGalleryWidth: 641)?.minimumWidth == 641)

        // A limit of one sub-range: no split, the residual reported honestly.
        let capped = try Self.crossing(tolerance: 16, limit: 1)
        #expect(capped.breakpoints.count == 1)
        #expect(capped.breakpoints[0].report.worstPlacementDrift > 16)
        #expect(capped.breakpoints[0].report.placementsOverTolerance == 1)
        #expect(
            capped.subranges(ofBreakpoint: 1).isEmpty && capped.subrangeCount(ofBreakpoint: 1) == 0)
    }

    @Test("a tolerance no placement reaches: one range per breakpoint, at its logarithmic middle")
    func generousTolerance() throws {
        let gallery = RandomGallery(seed: 31, maximumItems: 300, itemCount: 300)
        var options = gallery.options
        options.direction = .shortestFirst
        options.balanceTolerance = 1e12
        let layout = try MasonryLayout(options: options).layout(gallery.sections)
        #expect(layout.breakpoints.count == options.breakpoints.count)
        for range in layout.breakpoints {
            #expect(range.referenceWidth == (range.minimumWidth * range.maximumWidth).squareRoot())
            #expect(range.report.placementsOverTolerance == 0)
        }
    }

    @Test(
        "rightToLeft is still the mirror image of shortestFirst, sub-range by sub-range",
        arguments: [0, 1, 2, 3])
    func mirror(batch: Int) throws {
        for index in 0..<Self.casesPerBatch / 2 {
            let gallery = RandomGallery(
                seed: Self.seed(batch: batch, index: index) ^ 0x3C3C, maximumItems: 1000)
            var options = Self.balanced(gallery)
            options.direction = .shortestFirst
            let forward = try MasonryLayout(options: options).layout(gallery.sections)
            options.direction = .rightToLeft
            let mirrored = try MasonryLayout(options: options).layout(gallery.sections)
            let sameRanges =
                forward.breakpoints.map(\.minimumWidth) == mirrored.breakpoints.map(\.minimumWidth)
            #expect(sameRanges, "seed \(gallery.seed)")
            for (left, right) in zip(forward.breakpoints, mirrored.breakpoints) {
                let sameDrift = left.report.worstPlacementDrift == right.report.worstPlacementDrift
                #expect(sameDrift, "seed \(gallery.seed)")
                for (a, b) in zip(left.sections, right.sections) {
                    for (p, q) in zip(a.items, b.items) {
                        guard p.column == a.columns - 1 - q.column, p.frame.y == q.frame.y else {
                            Issue.record("seed \(gallery.seed): \(p) does not mirror \(q)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("the same input gives bit-identical balanced output")
    func deterministic() throws {
        for index in 0..<8 {
            let gallery = RandomGallery(
                seed: Self.seed(batch: 50, index: index), maximumItems: 2000)
            let options = Self.balanced(gallery)
            let first = try MasonryLayout(options: options).layout(gallery.sections)
            let second = try MasonryLayout(options: options).layout(gallery.sections)
            let same = Self.sameOutput(first, second)
            #expect(same, "seed \(gallery.seed)")
        }
    }

    /// Ranges, reference widths, reports (without `placementsOverTolerance` unless
    /// `comparingCounts`), placements and column bottoms all equal.
    static func sameOutput(_ a: GalleryLayout, _ b: GalleryLayout, comparingCounts: Bool = true)
        -> Bool
    {
        guard a.breakpoints.count == b.breakpoints.count else { return false }
        for (x, y) in zip(a.breakpoints, b.breakpoints) {
            let sameReport =
                x.report.worstPlacementDrift == y.report.worstPlacementDrift
                && x.report.contentHeight == y.report.contentHeight
                && x.report.columnHeights == y.report.columnHeights
                && x.report.readingOrderDrift == y.report.readingOrderDrift
                && x.report.raggedBottomAtMinimumWidth == y.report.raggedBottomAtMinimumWidth
                && x.report.raggedBottomAtMaximumWidth == y.report.raggedBottomAtMaximumWidth
                && (!comparingCounts || x.report == y.report)
            guard x.minimumWidth == y.minimumWidth, x.maximumWidth == y.maximumWidth,
                x.referenceWidth == y.referenceWidth, sameReport,
                x.sections.count == y.sections.count
            else { return false }
            for (p, q) in zip(x.sections, y.sections)
            where p.items != q.items || p.columnBottoms != q.columnBottoms {
                return false
            }
        }
        return true
    }
}

extension RandomGallery {
    /// The same gallery with other options (the invariants read the options from the gallery).
    static func with(_ gallery: RandomGallery, options: LayoutOptions) -> RandomGallery {
        RandomGallery(seed: gallery.seed, options: options, sections: gallery.sections)
    }

    init(seed: UInt64, options: LayoutOptions, sections: [LayoutSection]) {
        self.seed = seed
        self.options = options
        self.sections = sections
    }
}
