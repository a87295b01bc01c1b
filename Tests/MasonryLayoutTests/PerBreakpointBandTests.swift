import Testing

@testable import MasonryLayout

/// Items whose caption band differs per breakpoint (``LayoutItem/extraHeights``): each
/// breakpoint places and sizes them with its own band, exactly.
@Suite("Per-breakpoint bands")
struct PerBreakpointBandTests {
    /// Two 2-column breakpoints (0 and 800), 10 px gaps, no insets: w = (W − 10) / 2.
    func engine() throws -> MasonryLayout {
        try MasonryLayout(
            options: LayoutOptions(
                breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 2),
                    Breakpoint(minimumWidth: 800, columns: 2),
                ],
                maximumGalleryWidth: 1600))
    }

    @Test("the list's values are kept per breakpoint; past its end the last one applies")
    func values() throws {
        let item = try #require(LayoutItem(width: 4, height: 3, extraHeights: [56, 36]))
        #expect(item.extraHeights == [56, 36])
        #expect(item.extraHeight == 36)
        #expect((0...3).map(item.extraHeight(atBreakpoint:)) == [56, 36, 36, 36])
        // One value everywhere is a single band.
        let same = try #require(LayoutItem(width: 4, height: 3, extraHeights: [56, 56]))
        #expect(same == LayoutItem(width: 4, height: 3, extraHeight: 56))
        #expect(LayoutItem(width: 4, height: 3, extraHeights: [])?.extraHeight == 0)
    }

    @Test("each breakpoint chooses columns and places tops and heights with its own bands")
    func placement() throws {
        // A: band 100 at the first breakpoint, 20 at the second; B: 50 at both.
        // First: column bottoms w + 100 and w + 50, so C goes under B. Second: w + 20 and
        // w + 50, so C goes under A.
        let items = [
            try #require(LayoutItem(width: 1, height: 1, extraHeights: [100, 20])),
            try item(1, 1, extra: 50),
            try item(2, 1),
        ]
        let layout = try engine().layout([LayoutSection(items: items)])
        let narrow = layout.breakpoints[0].sections[0].items
        let wide = layout.breakpoints[1].sections[0].items
        #expect(narrow.map(\.column) == [0, 1, 1])
        #expect(wide.map(\.column) == [0, 1, 0])
        for (galleryWidth, placed, bandA) in [(500.0, narrow, 100.0), (1200, wide, 20)] {
            let w = (galleryWidth - 10) / 2
            let frames = placed.map { $0.frame.evaluated(atGalleryWidth: galleryWidth) }
            #expect(isClose(frames[0].height, w + bandA))
            #expect(isClose(frames[1].height, w + 50))
            #expect(isClose(frames[2].height, w / 2))
            let above = placed[2].column == 0 ? frames[0] : frames[1]
            #expect(isClose(frames[2].y, above.y + above.height + 10))
            #expect(isClose(frames[2].x, above.x))
        }
        // The report's section height agrees: the tallest column's bottom, with its band.
        let wideBottoms = layout.breakpoints[1].sections[0].columnBottoms.map {
            $0.value(atGalleryWidth: 1200)
        }
        let w = (1200.0 - 10) / 2
        #expect(isClose(wideBottoms[0], w + 20 + 10 + w / 2))
        #expect(isClose(wideBottoms[1], w + 50))
    }

    @Test("single-band items lay out as before the lists existed")
    func singleBandUnchanged() throws {
        let plain = [try item(1, 1, extra: 40), try item(3, 2), try item(2, 3, extra: 20)]
        let listed = try plain.map {
            try #require(
                LayoutItem(
                    width: $0.width, height: $0.height,
                    extraHeights: [$0.extraHeight, $0.extraHeight]))
        }
        let a = try engine().layout([LayoutSection(items: plain)])
        let b = try engine().layout([LayoutSection(items: listed)])
        for index in 0..<2 {
            #expect(
                Array(a.breakpoints[index].sections[0].items)
                    == Array(b.breakpoints[index].sections[0].items))
        }
    }
}
