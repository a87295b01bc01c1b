import Testing

@testable import MasonryLayout

/// Band splits (``MasonryLayout/layout(_:bandSplits:)``): a breakpoint cut into band ranges,
/// each placed with its own bands, exactly, and never crossed by a balancing sub-range.
@Suite("Band splits")
struct BandSplitTests {
    /// Two 2-column breakpoints (0 and 800) up to 1,600 px, 10 px gaps: w = (W − 10) / 2.
    func engine(balanceTolerance: Double = 0) throws -> MasonryLayout {
        try MasonryLayout(
            options: LayoutOptions(
                breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 2),
                    Breakpoint(minimumWidth: 800, columns: 2),
                ],
                maximumGalleryWidth: 1600, balanceTolerance: balanceTolerance))
    }

    @Test("a split cuts its breakpoint into band ranges, each with its own bands")
    func bandRanges() throws {
        // Band ranges: 320..<500 (0), 500..<800 (1), 800..<1600 (2).
        let items = [
            try #require(LayoutItem(width: 1, height: 1, extraHeights: [100, 60, 20])),
            try #require(LayoutItem(width: 1, height: 1, extraHeights: [40, 40, 40])),
            try #require(LayoutItem(width: 2, height: 1, extraHeights: [0, 0, 0])),
        ]
        let layout = try engine().layout([LayoutSection(items: items)], bandSplits: [[500]])
        #expect(layout.breakpoints.map(\.minimumWidth) == [320, 500, 800])
        #expect(layout.breakpoints.map(\.maximumWidth) == [500, 800, 1600])
        #expect(layout.breakpoints.map(\.bandIndex) == [0, 1, 2])
        #expect(layout.breakpoints.map(\.breakpointIndex) == [0, 0, 1])
        #expect(layout.breakpoints.map(\.subrangeIndex) == [0, 1, 0])
        #expect(layout.subrangeCount(ofBreakpoint: 0) == 2)
        for (range, bandA) in zip(layout.breakpoints, [100.0, 60, 20]) {
            for galleryWidth in [range.minimumWidth, range.maximumWidth - 1] {
                let w = (galleryWidth - 10) / 2
                let frames = range.itemFrames(atGalleryWidth: galleryWidth)
                #expect(isClose(frames[0].height, w + bandA))
                #expect(isClose(frames[1].height, w + 40))
                // The third item goes under the lower of the two, below its band.
                let above = bandA < 40 ? frames[0] : frames[1]
                #expect(isClose(frames[2].y, above.y + above.height + 10))
            }
        }
    }

    @Test("header and footer heights follow the band ranges too")
    func sectionBands() throws {
        var section = LayoutSection(items: [try item(1, 1)], headerHeight: 48, footerHeight: 20)
        section.headerHeights = [104, 76, 48]
        section.footerHeights = [40, 20, 20]
        let layout = try engine().layout([section], bandSplits: [[600]])
        #expect(layout.breakpoints.map { $0.sections[0].itemsTop } == [104, 76, 48])
        #expect(layout.breakpoints.map { $0.sections[0].footerHeight } == [40, 20, 20])
    }

    @Test("balancing splits a band range further but never across its ends")
    func balancedWithinBandRanges() throws {
        var random = SplitMix64(seed: 36)
        let items = try (0..<200).map { _ in
            try #require(
                LayoutItem(
                    width: Int(random.next() % 400) + 100, height: Int(random.next() % 400) + 100,
                    extraHeights: [Double(random.next() % 4) * 20, Double(random.next() % 4) * 20]))
        }
        let layout = try engine(balanceTolerance: 10).layout(
            [LayoutSection(items: items)], bandSplits: [[517]])
        let firstBand = layout.breakpoints.filter { $0.bandIndex == 0 }
        let secondBand = layout.breakpoints.filter { $0.bandIndex == 1 }
        #expect(firstBand.first?.minimumWidth == 320)
        #expect(firstBand.last?.maximumWidth == 517)
        #expect(secondBand.first?.minimumWidth == 517)
        #expect(secondBand.last?.maximumWidth == 800)
        // Sub-range indices count on across the breakpoint's band ranges.
        let breakpoint = layout.subranges(ofBreakpoint: 0)
        #expect(breakpoint.map(\.subrangeIndex) == Array(0..<breakpoint.count))
        for range in layout.breakpoints where range.bandIndex < 2 {
            #expect(range.report.worstPlacementDrift <= 10)
            let w = (range.minimumWidth - 10) / 2
            let frames = range.itemFrames(atGalleryWidth: range.minimumWidth)
            for (frame, item) in zip(frames, items) {
                let band = item.extraHeight(atBreakpoint: range.bandIndex)
                #expect(isClose(frame.height, w * item.aspectRatio + band, tolerance: 1e-6))
            }
        }
    }

    @Test("without splits a band range is a breakpoint, and the layout is as before")
    func noSplits() throws {
        let items = [try item(1, 1, extra: 40), try item(3, 2), try item(2, 3, extra: 20)]
        let plain = try engine().layout([LayoutSection(items: items)])
        let empty = try engine().layout([LayoutSection(items: items)], bandSplits: [[], []])
        #expect(plain.breakpoints.map(\.bandIndex) == [0, 1])
        for (a, b) in zip(plain.breakpoints, empty.breakpoints) {
            #expect(Array(a.sections[0].items) == Array(b.sections[0].items))
            #expect(a.minimumWidth == b.minimumWidth && a.bandIndex == b.bandIndex)
        }
    }

    @Test(
        "a split outside its breakpoint's range, out of order or for no breakpoint is an error",
        arguments: [
            ([[320.0]], "bandSplits[0][0]"), ([[800.0]], "bandSplits[0][0]"),
            ([[600, 500]], "bandSplits[0][1]"), ([[], [.nan]], "bandSplits[1][0]"),
            ([[], [], []], "bandSplits"),
        ])
    func invalidSplits(splits: [[Double]], option: String) throws {
        let section = LayoutSection(items: [try item(1, 1)])
        let error = #expect(throws: LayoutError.self) {
            try engine().layout([section], bandSplits: splits)
        }
        #expect(error?.option == option)
    }
}
