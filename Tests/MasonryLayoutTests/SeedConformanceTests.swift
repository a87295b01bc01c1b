import Testing

@testable import MasonryLayout

/// One test per seed layout in `shared/seeds/`: that seed's defaults, a few items, and frames
/// computed by hand by running the seed's own Objective-C algorithm on paper.
///
/// Each test uses a single breakpoint whose range is centred on the seed's screen width, so the
/// engine assigns columns at exactly the width the seed lays out at.
@Suite("Seed conformance")
struct SeedConformanceTests {
    /// Lays out `sections` with one breakpoint whose reference width is `width`.
    func layout(
        _ sections: [LayoutSection], width: Double, columns: Int,
        configure: (inout LayoutOptions) -> Void
    ) throws -> BreakpointLayout {
        var options = LayoutOptions(
            breakpoints: [Breakpoint(minimumWidth: 0, columns: columns)],
            minimumGalleryWidth: width - 20,
            maximumGalleryWidth: width + 20
        )
        configure(&options)
        let gallery = try MasonryLayout(options: options).layout(sections)
        let breakpoint = try #require(gallery.breakpoints.first)
        #expect(breakpoint.referenceWidth == width)
        return breakpoint
    }

    /// Seed 000, WSWaterFallFlowLayout: 3 columns, top inset 20, line spacing 10, interitem
    /// spacing 30, a 50 pt full-width footer below the tallest column. The seed adds the line
    /// spacing after every item and puts the footer at the largest such bottom, so its footer
    /// sits one line spacing below the tallest item: `footerSpacing: 10`.
    @Test("000 WSWaterFallFlowLayout: lowest column, footer below the tallest")
    func seed000() throws {
        let items = [
            try item(100, 200), try item(200, 100), try item(100, 100),
            try item(500, 300), try item(100, 50), try item(10, 10),
        ]
        // W = 390: column width (390 − 0 − 0 − 30 × 2) / 3 = 110; x = 0, 140, 280.
        let result = try layout(
            [LayoutSection(items: items, footerHeight: 50)], width: 390, columns: 3
        ) {
            $0.insets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
            $0.rowSpacing = 10
            $0.columnSpacing = 30
            $0.footerSpacing = 10
        }
        let frames = result.itemFrames(atGalleryWidth: 390)
        let expected = [
            Rect(x: 0, y: 20, width: 110, height: 220),  // col 0 → 20 + 220 + 10 = 250
            Rect(x: 140, y: 20, width: 110, height: 55),  // col 1 → 85
            Rect(x: 280, y: 20, width: 110, height: 110),  // col 2 → 140
            Rect(x: 140, y: 85, width: 110, height: 66),  // lowest col 1 (85) → 161
            Rect(x: 280, y: 140, width: 110, height: 55),  // lowest col 2 (140) → 205
            Rect(x: 140, y: 161, width: 110, height: 110),  // lowest col 1 (161) → 281
        ]
        #expect(frames.count == expected.count)
        for (actual, wanted) in zip(frames, expected) {
            expectClose(actual, wanted)
        }
        // Footer at the seed's largest column Y (281), full width, 50 tall; content = its bottom.
        expectClose(
            result.footerFrames(atGalleryWidth: 390).first ?? nil,
            Rect(x: 0, y: 281, width: 390, height: 50))
        #expect(isClose(result.contentHeight(atGalleryWidth: 390), 331))
        #expect(result.sections[0].items.map(\.column) == [0, 1, 2, 1, 2, 1])
    }

    /// Seed 001, PNWaterfallLayout: several sections with headers and footers, 3 columns,
    /// spacing and insets 10; a header starts below the previous section's tallest column plus
    /// the top inset and resets the columns; the first row gets no line spacing; the footer sits
    /// right below the tallest column. The seed never uses the bottom inset, so it is 0 here.
    @Test("001 PNWaterfallLayout: sections with headers and footers")
    func seed001() throws {
        let first = LayoutSection(
            items: [try item(100, 100), try item(100, 50), try item(100, 150), try item(100, 30)],
            headerHeight: 40, footerHeight: 20
        )
        let second = LayoutSection(items: [try item(50, 100)], headerHeight: 30)
        // W = 340: column width (340 − 10 − 10 − 10 × 2) / 3 = 100; x = 10, 120, 230.
        let result = try layout([first, second], width: 340, columns: 3) {
            $0.insets = EdgeInsets(top: 10, left: 10, bottom: 0, right: 10)
            $0.rowSpacing = 10
            $0.columnSpacing = 10
            $0.footerSpacing = 0
        }
        let frames = result.itemFrames(atGalleryWidth: 340)
        let expected = [
            // Header 0 at 0 + 10, 40 tall: columns reset to 50; first row without spacing.
            Rect(x: 10, y: 50, width: 100, height: 100),  // col 0 → 150
            Rect(x: 120, y: 50, width: 100, height: 50),  // col 1 → 100
            Rect(x: 230, y: 50, width: 100, height: 150),  // col 2 → 200
            Rect(x: 120, y: 110, width: 100, height: 30),  // lowest col 1, + line spacing → 140
            // Footer 0 at the tallest column (200), 20 tall; header 1 at 220 + 10, 30 tall.
            Rect(x: 10, y: 260, width: 100, height: 200),
        ]
        #expect(frames.count == expected.count)
        for (actual, wanted) in zip(frames, expected) {
            expectClose(actual, wanted)
        }
        let headers = result.headerFrames(atGalleryWidth: 340)
        expectClose(headers[0], Rect(x: 10, y: 10, width: 320, height: 40))
        expectClose(headers[1], Rect(x: 10, y: 230, width: 320, height: 30))
        let footers = result.footerFrames(atGalleryWidth: 340)
        expectClose(footers[0], Rect(x: 10, y: 200, width: 320, height: 20))
        #expect(footers[1] == nil)
        #expect(isClose(result.contentHeight(atGalleryWidth: 340), 460))
    }

    /// Seed 002, WaterPullLayout: 2 columns, spacing 10; height = source height × column width
    /// / source width; the first row starts at the top inset, later rows add the vertical
    /// spacing; content height = tallest column + bottom inset.
    @Test("002 WaterPullLayout: first row at the top inset, bottom inset below")
    func seed002() throws {
        let items = [try item(300, 200), try item(150, 300), try item(600, 600), try item(100, 50)]
        // W = 330: column width (330 − 10 − 10 − 10) / 2 = 150; x = 10, 170.
        let result = try layout([LayoutSection(items: items)], width: 330, columns: 2) {
            $0.insets = EdgeInsets(top: 15, left: 10, bottom: 20, right: 10)
            $0.rowSpacing = 10
            $0.columnSpacing = 10
        }
        let frames = result.itemFrames(atGalleryWidth: 330)
        let expected = [
            Rect(x: 10, y: 15, width: 150, height: 100),  // col 0 → 115
            Rect(x: 170, y: 15, width: 150, height: 300),  // col 1 → 315
            Rect(x: 10, y: 125, width: 150, height: 150),  // col 0 → 275
            Rect(x: 10, y: 285, width: 150, height: 75),  // col 0 (275 < 315) → 360
        ]
        for (actual, wanted) in zip(frames, expected) {
            expectClose(actual, wanted)
        }
        #expect(isClose(result.contentHeight(atGalleryWidth: 330), 380))
        #expect(isClose(result.report.contentHeight, 380))
    }

    /// Seed 003, DCDefaultWaterLayout: a fixed item width (145, 2 columns, insets 5/5/10/5, line
    /// spacing 10) with the column spacing derived from what is left. The seed floors that
    /// spacing; at 320 and 330 px the floor changes nothing, so the frames agree exactly. Its
    /// content height subtracts one spacing from the tallest column's trailing spacing and adds
    /// the bottom inset, i.e. tallest item bottom + bottom inset.
    @Test("003 DCDefaultWaterLayout: fixed item width, derived spacing")
    func seed003() throws {
        let items = [try item(145, 290), try item(290, 145), try item(100, 100), try item(145, 58)]
        let result = try layout([LayoutSection(items: items)], width: 320, columns: 2) {
            $0.sizing = .fixedItemWidth(145)
            $0.insets = EdgeInsets(top: 5, left: 5, bottom: 10, right: 5)
            $0.rowSpacing = 10
            $0.columnSpacing = 0
        }
        // W = 320: spacing (320 − 10 − 2 × 145) / 1 = 20; x = 5, 170.
        let expected = [
            Rect(x: 5, y: 5, width: 145, height: 290),  // col 0 → 305 in the seed's terms
            Rect(x: 170, y: 5, width: 145, height: 72.5),  // col 1 → 87.5
            Rect(x: 170, y: 87.5, width: 145, height: 145),  // col 1 → 242.5
            Rect(x: 170, y: 242.5, width: 145, height: 58),  // col 1 (242.5 < 305)
        ]
        for (actual, wanted) in zip(result.itemFrames(atGalleryWidth: 320), expected) {
            expectClose(actual, wanted)
        }
        #expect(isClose(result.contentHeight(atGalleryWidth: 320), 310.5))
        // W = 330: spacing 30, so the right column moves to 5 + 145 + 30 = 180; heights stay.
        let wider = result.itemFrames(atGalleryWidth: 330)
        expectClose(wider[1], Rect(x: 180, y: 5, width: 145, height: 72.5))
        expectClose(wider[0], Rect(x: 5, y: 5, width: 145, height: 290))
    }

    /// Seed 004, WaterFallFlowLayout: 3 columns, insets 5 on each side, and the left and top
    /// insets doubling as column and line spacing (x = left + column × (left + width),
    /// y = column bottom + top). At 320 px its 100 px item width is exactly the fluid column
    /// width. It also finds the items intersecting a rectangle. The seed's content height omits
    /// the bottom inset its delegate returns; the engine adds it (tallest + bottom inset).
    @Test("004 WaterFallFlowLayout: insets 5, rectangle query")
    func seed004() throws {
        let items = [try item(200, 300), try item(100, 50), try item(400, 200), try item(50, 100)]
        let result = try layout([LayoutSection(items: items)], width: 320, columns: 3) {
            $0.insets = EdgeInsets(all: 5)
            $0.rowSpacing = 5
            $0.columnSpacing = 5
        }
        // Column width (320 − 5 − 5 − 5 × 2) / 3 = 100; x = 5, 110, 215.
        let expected = [
            Rect(x: 5, y: 5, width: 100, height: 150),  // col 0 → 155
            Rect(x: 110, y: 5, width: 100, height: 50),  // col 1 → 55
            Rect(x: 215, y: 5, width: 100, height: 50),  // col 2 → 55
            Rect(x: 110, y: 60, width: 100, height: 200),  // tie 55/55 → leftmost, col 1
        ]
        let concrete = result.evaluated(atGalleryWidth: 320)
        for (actual, wanted) in zip(concrete.itemFrames, expected) {
            expectClose(actual, wanted)
        }
        #expect(isClose(concrete.contentHeight, 265))
        // A band from y 100 to 110 across the gallery crosses items 0 and 3 only.
        let visible = concrete.itemIndices(intersecting: Rect(x: 0, y: 100, width: 320, height: 10))
        #expect(visible.sorted() == [0, 3])
        // The band 0...5 only touches the top edges: nothing shares interior area with it.
        #expect(concrete.itemIndices(intersecting: Rect(x: 0, y: 0, width: 320, height: 5)).isEmpty)
    }
}
