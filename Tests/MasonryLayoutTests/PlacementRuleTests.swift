import Testing

@testable import MasonryLayout

/// The placement rule on small, hand-checked inputs: ties, directions, overrides, fixed widths,
/// and the linear form of the frames across a range.
@Suite("Placement rule")
struct PlacementRuleTests {
    /// A single 3-column breakpoint over 320...1280 (reference 800), no insets, 10 px gaps.
    func engine(_ direction: RenderDirection = .shortestFirst, sizing: ColumnSizing = .fluid) throws
        -> MasonryLayout
    {
        try MasonryLayout(
            options: LayoutOptions(
                breakpoints: [Breakpoint(minimumWidth: 0, columns: 3)],
                direction: direction, sizing: sizing, maximumGalleryWidth: 1280
            )
        )
    }

    @Test("equal bottoms go to the leftmost column; rightToLeft mirrors; leftToRight fills rows")
    func ties() throws {
        let squares = try Array(repeating: item(10, 10), count: 7)
        let columns = { (direction: RenderDirection) throws -> [Int] in
            try self.engine(direction).layout([LayoutSection(items: squares)]).breakpoints[0]
                .sections[0].items.map(\.column)
        }
        #expect(try columns(.shortestFirst) == [0, 1, 2, 0, 1, 2, 0])
        #expect(try columns(.rightToLeft) == [2, 1, 0, 2, 1, 0, 2])
        #expect(try columns(.leftToRight) == [0, 1, 2, 0, 1, 2, 0])
    }

    @Test("leftToRight ignores the column heights; shortestFirst does not")
    func leftToRightIsRoundRobin() throws {
        // A very tall first item: shortestFirst avoids its column, leftToRight does not.
        let items = [
            try item(1, 20), try item(1, 1), try item(1, 1), try item(1, 1), try item(1, 1),
        ]
        let section = [LayoutSection(items: items)]
        #expect(
            try engine(.leftToRight).layout(section).breakpoints[0].sections[0].items.map(\.column)
                == [0, 1, 2, 0, 1])
        #expect(
            try engine(.shortestFirst).layout(section).breakpoints[0].sections[0].items.map(
                \.column) == [0, 1, 2, 1, 2])
        #expect(
            try engine(.rightToLeft).layout(section).breakpoints[0].sections[0].items.map(\.column)
                == [2, 1, 0, 1, 0])
    }

    @Test("columns are chosen at the reference width, where captions weigh differently")
    func referenceWidthDecides() throws {
        // Column 0 gets a 1:1 photo with a 100 px caption; column 1 a 2:1 (tall) photo.
        // Column width w = (W − 20) / 3. Column 0 bottom: w + 100; column 1: 2w. Equal at w = 100.
        // At the reference width 800 (w = 260) column 0 is lower, so item 3 goes there, even
        // though at 320 (w = 100) the two are level.
        let items = [try item(1, 1, extra: 100), try item(1, 2), try item(1, 3), try item(1, 1)]
        let layout = try engine().layout([LayoutSection(items: items)]).breakpoints[0]
        #expect(layout.referenceWidth == 800)
        #expect(layout.sections[0].items.map(\.column) == [0, 1, 2, 0])
        // And the frames stay stacked and non-overlapping at both ends of the range.
        for width in [320.0, 1280.0] {
            let frames = layout.itemFrames(atGalleryWidth: width)
            #expect(isClose(frames[3].y, frames[0].maxY + 10))
        }
    }

    @Test("frames are linear in the gallery width: the form the emitter writes")
    func linearForm() throws {
        let items = [try item(4, 3, extra: 80), try item(3, 4), try item(1, 1), try item(2, 1)]
        let layout = try engine().layout([LayoutSection(items: items, headerHeight: 30)])
            .breakpoints[0]
        let section = layout.sections[0]
        // w = W/3 − 20/3.
        #expect(isClose(section.columnWidth.perGalleryWidth, 1.0 / 3))
        #expect(isClose(section.columnWidth.constant, -20.0 / 3))
        // Item 3 (2:1, ratio 0.5) goes below item 2 (1:1) in column 2, the lowest at W = 800
        // (w = 260: bottoms 195 + 80, 346.7, 260). Its top: itemsTop + 1 × w + 10.
        let placed = section.items[3]
        #expect(placed.column == 2 && placed.indexInColumn == 1)
        #expect(placed.ratiosAbove == 1 && placed.pixelsAbove == 10)
        #expect(isClose(placed.frame.y.perGalleryWidth, 1.0 / 3))
        #expect(isClose(placed.frame.y.constant, 30 - 20.0 / 3 + 10))
        // x of column 2: 2 × (w + 10) = 2W/3 − 40/3 + 20.
        #expect(isClose(placed.frame.x.perGalleryWidth, 2.0 / 3))
        #expect(isClose(placed.frame.x.constant, 2 * (-20.0 / 3 + 10)))
        // Evaluated anywhere, the linear frame is the rule computed directly.
        for width in stride(from: 320.0, through: 1280, by: 37) {
            let w = (width - 20) / 3
            expectClose(
                placed.frame.evaluated(atGalleryWidth: width),
                Rect(x: 2 * (w + 10), y: 30 + w + 10, width: w, height: w / 2))
        }
    }

    @Test("per-section column counts and insets override the breakpoint's")
    func overrides() throws {
        let items = try Array(repeating: item(1, 1), count: 4)
        let insets = EdgeInsets(top: 7, left: 20, bottom: 9, right: 30)
        let layout = try engine().layout([
            LayoutSection(items: items),
            LayoutSection(items: items, columnCount: 2, insets: insets),
        ]).breakpoints[0]
        let second = layout.sections[1]
        #expect(second.columns == 2 && second.insets == insets)
        #expect(second.items.map(\.column) == [0, 1, 0, 1])
        // At W = 500: w = (500 − 50 − 10) / 2 = 220; section 0 is 3 columns of 160 px.
        let frames = layout.itemFrames(atGalleryWidth: 500)
        let sectionTop = layout.sections[0].height(atGalleryWidth: 500)
        #expect(isClose(sectionTop, 160 + 10 + 160))
        expectClose(frames[4], Rect(x: 20, y: sectionTop + 7, width: 220, height: 220))
        expectClose(frames[7], Rect(x: 250, y: sectionTop + 7 + 230, width: 220, height: 220))
        #expect(isClose(layout.contentHeight(atGalleryWidth: 500), sectionTop + 7 + 450 + 9))
    }

    @Test("fixed item width: the gap takes what is left, one column sits at the left inset")
    func fixedItemWidth() throws {
        let items = [try item(2, 1), try item(1, 1), try item(1, 2), try item(1, 1)]
        let layout = try engine(sizing: .fixedItemWidth(90)).layout([LayoutSection(items: items)])
            .breakpoints[0]
        // At W = 500 the gap is (500 − 270) / 2 = 115; at 320 it is 25.
        let wide = layout.itemFrames(atGalleryWidth: 500)
        let narrow = layout.itemFrames(atGalleryWidth: 320)
        expectClose(wide[2], Rect(x: 410, y: 0, width: 90, height: 180))
        expectClose(narrow[2], Rect(x: 230, y: 0, width: 90, height: 180))
        #expect(wide.map(\.height) == narrow.map(\.height))

        let single = try MasonryLayout(
            options: LayoutOptions(
                breakpoints: [Breakpoint(minimumWidth: 0, columns: 1)],
                insets: EdgeInsets(top: 0, left: 12, bottom: 0, right: 0),
                sizing: .fixedItemWidth(200)
            )
        ).layout([LayoutSection(items: items)]).breakpoints[0]
        #expect(single.itemFrames(atGalleryWidth: 900).allSatisfy { $0.x == 12 && $0.width == 200 })
    }

    @Test("a section's header and footer may differ in height from breakpoint to breakpoint")
    func bandsPerBreakpoint() throws {
        let engine = try MasonryLayout(
            options: LayoutOptions(
                breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 1),
                    Breakpoint(minimumWidth: 600, columns: 2),
                    Breakpoint(minimumWidth: 900, columns: 3),
                ],
                columnSpacing: 0, rowSpacing: 0, footerSpacing: 0, maximumGalleryWidth: 1200))
        var section = LayoutSection(
            items: [try item(1, 1), try item(1, 1)], headerHeight: 30, footerHeight: 20)
        // The third breakpoint is past the lists' ends: the plain heights.
        section.headerHeights = [90, 60]
        section.footerHeights = [40]
        let layout = try engine.layout([section])
        let header = layout.breakpoints.map { $0.sections[0].header?.height.constant }
        #expect(header == [90, 60, 30])
        #expect(layout.breakpoints.map(\.sections[0].itemsTop) == [90, 60, 30])
        #expect(layout.breakpoints.map(\.sections[0].footerHeight) == [40, 20, 20])
        section.headerHeights = [90, -1]
        #expect(throws: LayoutError.self) { try engine.layout([section]) }
    }

    @Test("the footer follows whichever column is tallest at each width")
    func footerFollowsTallestColumn() throws {
        // Column 0: a square with a 200 px caption; column 1: a 1:3 portrait. Column 0 is
        // taller while w + 200 > 3w, i.e. w < 100, which is W < 220 with w = (W − 20) / 2.
        let options = LayoutOptions(
            breakpoints: [Breakpoint(minimumWidth: 0, columns: 2)], columnSpacing: 20,
            footerSpacing: 4, minimumGalleryWidth: 200, maximumGalleryWidth: 600
        )
        let layout = try MasonryLayout(options: options).layout([
            LayoutSection(items: [try item(1, 1, extra: 200), try item(1, 3)], footerHeight: 40)
        ]).breakpoints[0]
        // w = (W − 20) / 2. At W = 200, w = 90: bottoms 290 and 270 → footer at 294.
        expectClose(
            layout.footerFrames(atGalleryWidth: 200)[0], Rect(x: 0, y: 294, width: 200, height: 40))
        // At W = 600, w = 290: bottoms 490 and 870 → footer at 874.
        expectClose(
            layout.footerFrames(atGalleryWidth: 600)[0], Rect(x: 0, y: 874, width: 600, height: 40))
        #expect(isClose(layout.contentHeight(atGalleryWidth: 600), 914))
        #expect(layout.sections[0].footerOffset == 4 && layout.sections[0].bottomOffset == 44)
    }

    @Test("an empty section is its insets, header and footer")
    func emptySection() throws {
        let options = LayoutOptions(
            insets: EdgeInsets(top: 5, left: 0, bottom: 7, right: 0), footerSpacing: 3)
        let layout = try MasonryLayout(options: options).layout([
            LayoutSection(items: [], headerHeight: 20, footerHeight: 10)
        ]).breakpoints[0]
        let section = layout.sections[0]
        #expect(section.columnBottoms.allSatisfy { $0 == LinearLength(constant: 25) })
        #expect(layout.contentHeight(atGalleryWidth: 999) == 5 + 20 + 3 + 10 + 7)
        #expect(layout.report.columnHeights == [[0, 0, 0]] && layout.report.raggedBottom == 0)
        #expect(
            layout.evaluated(atGalleryWidth: 999).itemIndices(
                intersecting: Rect(x: 0, y: 0, width: 999, height: 999)
            ).isEmpty)
    }

    @Test("no sections, no items")
    func nothing() throws {
        let gallery = try MasonryLayout(options: LayoutOptions()).layout([])
        #expect(gallery.breakpoints.count == 1)
        #expect(gallery.breakpoints[0].contentHeight(atGalleryWidth: 800) == 0)
        #expect(gallery.breakpoints[0].report.readingOrderDrift == 0)
        #expect(gallery.storageBytes == 0)
    }

    @Test("the layout serving a width is the last breakpoint starting at or below it")
    func breakpointSelection() throws {
        let options = LayoutOptions(breakpoints: [
            Breakpoint(minimumWidth: 0, columns: 1), Breakpoint(minimumWidth: 600, columns: 2),
            Breakpoint(minimumWidth: 1200, columns: 4),
        ])
        let gallery = try MasonryLayout(options: options).layout([
            LayoutSection(items: [try item(1, 1)])
        ])
        #expect(gallery.breakpoints.map(\.minimumWidth) == [320, 600, 1200])
        #expect(gallery.breakpoints.map(\.maximumWidth) == [600, 1200, 2560])
        #expect(gallery.breakpoints.map(\.referenceWidth) == [460, 900, 1880])
        #expect(gallery.breakpointLayout(atGalleryWidth: 599.9)?.breakpoint.columns == 1)
        #expect(gallery.breakpointLayout(atGalleryWidth: 600)?.breakpoint.columns == 2)
        #expect(gallery.breakpointLayout(atGalleryWidth: 4000)?.breakpoint.columns == 4)
        // One 24-byte placement per item per breakpoint, plus 2 lengths per column.
        #expect(gallery.storageBytes == 3 * 24 + (1 + 2 + 4) * 2 * 16)
    }
}
