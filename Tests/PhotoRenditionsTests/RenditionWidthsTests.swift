import MasonryLayout
import Testing

@testable import PhotoRenditions

@Suite("Rendition widths and the sizes attribute")
struct RenditionWidthsTests {
    /// The CLI's defaults: 0:2, 640:3, 1024:4, 1440:5, 16 px spacing and insets, up to 2560 px.
    static let defaultLayout = LayoutOptions(
        breakpoints: [
            Breakpoint(minimumWidth: 0, columns: 2), Breakpoint(minimumWidth: 640, columns: 3),
            Breakpoint(minimumWidth: 1024, columns: 4), Breakpoint(minimumWidth: 1440, columns: 5),
        ],
        columnSpacing: 16, rowSpacing: 16, insets: EdgeInsets(all: 16))

    @Test(
        "Column width ranges per breakpoint follow (W − left − right − spacing·(cols − 1)) / cols")
    func ranges() {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(
            widths.ranges.map(\.columnWidths) == [136...296, 192...320, 236...340, 268.8...492.8])
    }

    @Test(
        "Candidates from 1× of the narrowest to 2× of the widest column, each at most 1.3× the smallest need it serves; item pages continue the ladder"
    )
    func candidates() {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(widths.candidates == [175, 227, 295, 383, 497, 646, 839, 986])
        let withItems = RenditionWidths(
            layout: Self.defaultLayout, itemWidth: RenditionWidths.defaultItemWidth)
        // 986 px (2× the widest column) gives way to 1,090, which serves it within 1.3×.
        #expect(withItems.candidates == widths.candidates.dropLast() + [1090, 1417, 1622])
        #expect(withItems.sizes == widths.sizes && withItems.ranges == widths.ranges)
    }

    @Test("The ladder: gaps between needs get no width; a single need is its own width")
    func ladder() {
        #expect(RenditionWidths.ladder(covering: [100...100]) == [100])
        // Two needs far apart: each its own width, nothing between them.
        #expect(RenditionWidths.ladder(covering: [240...240, 480...480]) == [240, 480])
        // 100...200: 128 serves up to 1.3 × 99 (a real need above 99 rounds up to 100).
        #expect(RenditionWidths.ladder(covering: [100...200]) == [128, 166, 200])
        #expect(RenditionWidths.ladder(covering: [300...320, 100...110]) == [110, 320])
    }

    @Test(
        "Every candidate is the width some viewport needs at DPR 1 or 2",
        arguments: [false, true])
    func everyCandidatePicked(items: Bool) {
        let widths = RenditionWidths(
            layout: Self.defaultLayout, itemWidth: items ? RenditionWidths.defaultItemWidth : nil)
        var needs: [Double] = []
        for galleryWidth in stride(from: 320.0, through: 2560, by: 0.25) {
            let range = widths.ranges.last { $0.minimumWidth <= galleryWidth } ?? widths.ranges[0]
            needs += [1.0, 2.0].map { range.columnWidth(at: galleryWidth) * $0 }
        }
        if items {
            // The item page's image from the widest tile need up to 2× its widest.
            needs += stride(from: 986.0, through: 2 * RenditionWidths.defaultItemWidth, by: 0.25)
        }
        let picked = Set(
            needs.compactMap { need in widths.candidates.first { Double($0) >= need } })
        #expect(picked == Set(widths.candidates))
    }

    @Test(
        "Sections with their own layout widen the candidates and the fallback, not the gallery's ranges or sizes"
    )
    func sectionLayouts() {
        var single = Self.defaultLayout
        single.breakpoints = [Breakpoint(minimumWidth: 0, columns: 1)]
        let gallery = RenditionWidths(layout: Self.defaultLayout)
        let widths = RenditionWidths(layout: Self.defaultLayout, sections: [single])
        #expect(widths.ranges == gallery.ranges && widths.sizes == gallery.sizes)
        // One column of W − 32 px up to 2528 px: 2× is 5056 px, down to 1× of the narrowest, 136 px.
        #expect(widths.candidates.last == 5056 && widths.candidates.first! <= 204)
        #expect(widths.fallbackWidth(among: [300, 1000, 3000]) == 3000)
        #expect(gallery.fallbackWidth(among: [300, 1000, 3000]) == 1000)
        #expect(
            RenditionWidths(layout: single).sizes
                == "(min-width: 2560px) 2528px, calc(100vw - 32px)")
    }

    @Test(
        "At every gallery width and DPR 1 and 2 some candidate is sharp and at most 1.3× the need",
        arguments: [1.0, 2.0])
    func coverage(dpr: Double) {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        for galleryWidth in stride(from: 320.0, through: 2560, by: 0.25) {
            let range = widths.ranges.last { $0.minimumWidth <= galleryWidth } ?? widths.ranges[0]
            let need = range.columnWidth(at: galleryWidth) * dpr
            let chosen = widths.candidates.first { Double($0) >= need }
            #expect(chosen != nil, "nothing sharp at W=\(galleryWidth) DPR \(dpr)")
            if let chosen {
                #expect(
                    Double(chosen) <= RenditionWidths.maximumOverfetch * need,
                    "W=\(galleryWidth) DPR \(dpr): \(chosen) for \(need)")
            }
        }
    }

    @Test(
        "A photo never gets a rendition wider than itself; its own width replaces those it cannot reach",
        arguments: [
            (6000, [175, 227, 295, 383, 497, 646, 839, 986]),
            (800, [175, 227, 295, 383, 497, 646, 800]),
            (700, [175, 227, 295, 383, 497, 646, 700]), (600, [175, 227, 295, 383, 497, 600]),
            (950, [175, 227, 295, 383, 497, 646, 839, 950]),
            (300, [175, 227, 295, 300]), (200, [175, 200]), (100, [100]),
        ])
    func capped(displayWidth: Int, expected: [Int]) {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(widths.widths(forDisplayWidth: displayWidth) == expected)
    }

    @Test("Capped at any photo width, every need up to it still gets a file at most 1.3× as wide")
    func cappedCoverage() {
        let widths = RenditionWidths(
            layout: Self.defaultLayout, itemWidth: RenditionWidths.defaultItemWidth)
        for displayWidth in 137...1700 {
            let ladder = widths.widths(forDisplayWidth: displayWidth)
            let widest = Double(min(displayWidth, widths.candidates.last!))
            for need in stride(from: 136.0, through: widest, by: 0.5) {
                let chosen = ladder.first { Double($0) >= need }
                #expect(
                    chosen.map { Double($0) <= RenditionWidths.maximumOverfetch * need } == true,
                    "photo \(displayWidth) px: \(String(describing: chosen)) for \(need) in \(ladder)"
                )
            }
        }
    }

    @Test("The src fallback is the smallest rendition that fills the widest column at 1×")
    func fallback() {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(widths.fallbackWidth(among: widths.candidates) == 497)
        #expect(widths.fallbackWidth(among: [195, 300]) == 300)
    }

    @Test(
        "sizes: one media condition per breakpoint (starting a classic scrollbar later), widest first, and a fixed length above the gallery's maximum width"
    )
    func sizes() {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(
            widths.sizes
                == "(min-width: 2560px) 492.8px, (min-width: 1457px) calc((100vw - 96px) / 5), "
                + "(min-width: 1041px) calc((100vw - 80px) / 4), (min-width: 657px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)"
        )
    }

    @Test("sizes with no insets or spacing, one column, and fixed item widths")
    func sizesEdgeCases() {
        let single = RenditionWidths(
            layout: LayoutOptions(
                breakpoints: [Breakpoint(minimumWidth: 0, columns: 1)], columnSpacing: 0))
        #expect(single.sizes == "(min-width: 2560px) 2560px, 100vw")
        let fixed = RenditionWidths(
            layout: LayoutOptions(
                breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 2),
                    Breakpoint(minimumWidth: 800, columns: 4),
                ],
                sizing: .fixedItemWidth(240)))
        #expect(fixed.sizes == "(min-width: 817px) 240px, 240px")
        // 240 px at 1× to 480 px at 2×, and the screens between (1.25×, 1.5×, a tile that
        // crops its photo's sides): each width serves the needs up to 1.3 times below it.
        #expect(fixed.candidates == [310, 403, 480])
    }

    /// The default theme's item-page image on a 430 px phone: the viewport less 32 px padding.
    static let itemPhoneWidth = RenditionWidths.phoneViewportWidth - 32

    @Test(
        "WebP goes up to the widest file a phone picks: the phone's columns and item page at DPR 2"
    )
    func widestPhonePick() {
        // Tiles alone: two columns at 430 px are (430 − 32 − 16) / 2 = 191 px, 382 at DPR 2.
        let tiles = RenditionWidths(layout: Self.defaultLayout)
        #expect(tiles.widestPhonePick == 383)
        #expect(tiles.hasSources(width: 383) && !tiles.hasSources(width: 497))
        // With item pages: 398 px at DPR 2 is 796, which the 839 px file serves.
        let items = RenditionWidths(
            layout: Self.defaultLayout, itemWidth: RenditionWidths.defaultItemWidth,
            itemPhoneWidth: Self.itemPhoneWidth)
        #expect(items.widestPhonePick == 839)
        #expect(items.candidates.filter(items.hasSources) == [175, 227, 295, 383, 497, 646, 839])
        // One column on phones: the column is the need (430 − 32 at DPR 2 = 796 → 839).
        let single = RenditionWidths(
            layout: LayoutOptions(
                breakpoints: [Breakpoint(minimumWidth: 0, columns: 1)], columnSpacing: 16,
                rowSpacing: 16, insets: EdgeInsets(all: 16)))
        #expect(single.widestPhonePick == single.candidates.first { $0 >= 796 })
        // A layout whose narrowest breakpoint ends below 430 px: the next one's columns count.
        let early = RenditionWidths(
            layout: LayoutOptions(
                breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 3),
                    Breakpoint(minimumWidth: 400, columns: 1),
                ], columnSpacing: 16, rowSpacing: 16, insets: EdgeInsets(all: 16)))
        #expect(early.widestPhonePick == early.candidates.first { $0 >= 796 })
    }

    @Test("Every phone need (320–430 px, DPR 1 to 2) has a candidate with WebP within 1.3×")
    func phoneNeedsHaveSources() {
        let widths = RenditionWidths(
            layout: Self.defaultLayout, itemWidth: RenditionWidths.defaultItemWidth,
            itemPhoneWidth: Self.itemPhoneWidth)
        for viewport in stride(from: 320.0, through: RenditionWidths.phoneViewportWidth, by: 0.5) {
            let range = widths.ranges.last { $0.minimumWidth <= viewport } ?? widths.ranges[0]
            for density in [1.0, 1.5, 2.0] {
                for css in [range.columnWidth(at: viewport), viewport - 32] {
                    let need = Int((css * density).rounded(.up))
                    let picked = widths.candidates.first { $0 >= need }
                    #expect(picked.map(widths.hasSources) == true, "\(viewport) px × \(density)")
                }
            }
        }
    }
}
