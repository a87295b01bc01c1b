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
        "Five candidates, each 1.5× the last, covering 1× of the narrowest to 2× of the widest column"
    )
    func candidates() {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(widths.candidates == [195, 292, 438, 657, 986])
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
        "At every gallery width and DPR 1 and 2 some candidate is sharp and at most twice the need",
        arguments: [1.0, 2.0])
    func coverage(dpr: Double) {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        for galleryWidth in stride(from: 320.0, through: 2560, by: 1) {
            let range = widths.ranges.last { $0.minimumWidth <= galleryWidth } ?? widths.ranges[0]
            let need = range.columnWidth(at: galleryWidth) * dpr
            let chosen = widths.candidates.first { Double($0) >= need.rounded(.up) }
            #expect(chosen != nil, "nothing sharp at W=\(galleryWidth) DPR \(dpr)")
            if let chosen {
                #expect(
                    Double(chosen) <= 2 * need,
                    "W=\(galleryWidth) DPR \(dpr): \(chosen) for \(need)")
            }
        }
    }

    @Test(
        "A photo never gets a rendition wider than itself",
        arguments: [
            (6000, [195, 292, 438, 657, 986]), (800, [195, 292, 438, 657, 800]),
            (700, [195, 292, 438, 700]),
            (300, [195, 300]), (200, [200]), (100, [100]),
        ])
    func capped(displayWidth: Int, expected: [Int]) {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(widths.widths(forDisplayWidth: displayWidth) == expected)
    }

    @Test("The src fallback is the smallest rendition that fills the widest column at 1×")
    func fallback() {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(widths.fallbackWidth(among: [195, 292, 438, 657, 986]) == 657)
        #expect(widths.fallbackWidth(among: [195, 300]) == 300)
    }

    @Test(
        "sizes: one media condition per breakpoint, widest first, and a fixed length above the gallery's maximum width"
    )
    func sizes() {
        let widths = RenditionWidths(layout: Self.defaultLayout)
        #expect(
            widths.sizes
                == "(min-width: 2560px) 492.8px, (min-width: 1440px) calc((100vw - 96px) / 5), "
                + "(min-width: 1024px) calc((100vw - 80px) / 4), (min-width: 640px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)"
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
        #expect(fixed.sizes == "(min-width: 800px) 240px, 240px")
        #expect(fixed.candidates == [320, 480])
    }
}
