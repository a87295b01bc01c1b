import Testing

@testable import MasonryLayout

/// The per-breakpoint report and the rectangle queries on hand-checked inputs.
@Suite("Reports and queries")
struct ReportAndQueryTests {
    func layout(_ direction: RenderDirection, _ sections: [LayoutSection]) throws
        -> BreakpointLayout
    {
        let options = LayoutOptions(
            breakpoints: [Breakpoint(minimumWidth: 0, columns: 3)], direction: direction,
            maximumGalleryWidth: 1280
        )
        return try MasonryLayout(options: options).layout(sections).breakpoints[0]
    }

    @Test("leftToRight: drift and ragged bottom by hand")
    func leftToRightReport() throws {
        // Columns 0,1,2,0,1,2. Tops: item 3 at 3w + 10, items 4 and 5 at w + 10, so visual order
        // is 0 1 2 4 5 3: item 3 moves two places. Column heights 4w + 10, 2w + 10, 2w + 10.
        let items = [try item(1, 3)] + (try (0..<5).map { _ in try item(1, 1) })
        let result = try layout(.leftToRight, [LayoutSection(items: items)])
        let w = (800.0 - 20) / 3
        #expect(result.report.readingOrderDrift == 2)
        #expect(result.report.columnHeights.count == 1)
        for (actual, expected) in zip(
            result.report.columnHeights[0], [4 * w + 10, 2 * w + 10, 2 * w + 10])
        {
            #expect(isClose(actual, expected))
        }
        #expect(isClose(result.report.raggedBottom, 2 * w / (4 * w + 10)))
        #expect(isClose(result.report.contentHeight, 4 * w + 10))
    }

    @Test("rightToLeft: the first row reads backwards")
    func rightToLeftDrift() throws {
        let result = try layout(
            .rightToLeft, [LayoutSection(items: try Array(repeating: item(1, 1), count: 3))])
        #expect(result.report.readingOrderDrift == 2)
        #expect(result.report.raggedBottom == 0)
    }

    @Test("shortestFirst: no drift at the reference width, some at the range's ends")
    func shortestFirstDrift() throws {
        // Column 0: square + 200 px caption (w + 200); column 1: 1:3 portrait (3w); column 2:
        // 1:2 portrait (2w). At W = 800 (w = 260) the bottoms are 460, 780, 520: item 3 goes
        // under column 0 (top w + 210), item 4 then under column 2 (top 2w + 10). At W = 320
        // (w = 100) item 4's top (210) is above item 3's (310): drift 1. At 1280 the order holds.
        let items = [
            try item(1, 1, extra: 200), try item(1, 3), try item(1, 2), try item(1, 1),
            try item(1, 1),
        ]
        let result = try layout(.shortestFirst, [LayoutSection(items: items)])
        #expect(result.sections[0].items.map(\.column) == [0, 1, 2, 0, 2])
        #expect(result.report.readingOrderDrift == 0)
        #expect(result.readingOrderDrift(atGalleryWidth: 320) == 1)
        #expect(result.readingOrderDrift(atGalleryWidth: 1280) == 0)
        for width in [result.minimumWidth, result.maximumWidth] {
            let frames = result.itemFrames(atGalleryWidth: width)
            let visual = frames.indices.sorted {
                (frames[$0].y, frames[$0].x) < (frames[$1].y, frames[$1].x)
            }
            let drift = visual.enumerated().map { abs($0.element - $0.offset) }.max() ?? 0
            #expect(result.readingOrderDrift(atGalleryWidth: width) == drift)
        }
    }

    @Test("queries across sections, headers and gaps")
    func queries() throws {
        let squares = try Array(repeating: item(1, 1), count: 6)
        let result = try layout(
            .shortestFirst,
            [
                LayoutSection(items: squares, headerHeight: 50, footerHeight: 20),
                LayoutSection(items: squares, headerHeight: 50),
            ])
        // At W = 320: w = 100, rows at 50 and 160 (section 0, height 50 + 210 + 20 = 280),
        // then section 1 rows at 330 and 440.
        let concrete = result.evaluated(atGalleryWidth: 320)
        #expect(concrete.sectionTops == [0, 280])
        func hits(_ rect: Rect) -> [Int] { concrete.itemIndices(intersecting: rect).sorted() }
        #expect(hits(Rect(x: 0, y: 0, width: 320, height: 50)).isEmpty)  // header 0 only
        #expect(hits(Rect(x: 0, y: 260, width: 320, height: 70)).isEmpty)  // footer 0 and header 1
        #expect(hits(Rect(x: 0, y: 140, width: 320, height: 200)) == [0, 1, 2, 3, 4, 5, 6, 7, 8])
        // the gap between columns 0 and 1
        #expect(hits(Rect(x: 101, y: 0, width: 8, height: 1000)).isEmpty)
        #expect(hits(Rect(x: 109, y: 0, width: 2, height: 1000)) == [1, 4, 7, 10])  // column 1 only
        // last item's corner
        #expect(hits(Rect(x: 319.5, y: 539.5, width: 10, height: 10)) == [11])
        // touching the right edge
        #expect(hits(Rect(x: 320, y: 0, width: 10, height: 1000)).isEmpty)
        let all = hits(Rect(x: -10, y: -10, width: 400, height: 1000))
        #expect(all == Array(0..<12))
    }
}
