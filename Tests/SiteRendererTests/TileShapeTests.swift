import MasonryLayout
import Testing

@testable import SiteRenderer

@Suite("Shape caps: tiles neither towers nor slivers")
struct TileShapeTests {
    @Test("A photo beyond a cap is cut to it; one within both keeps its shape")
    func clamp() {
        // A 1:5 scarf: at most twice as tall as wide.
        #expect(
            TileShape.capped(width: 400, height: 2000, maxTall: 2, maxWide: 3)
                == TileShape(width: 400, height: 800))
        // A 6:1 print: at most three times as wide as tall.
        #expect(
            TileShape.capped(width: 1800, height: 300, maxTall: 2, maxWide: 3)
                == TileShape(width: 900, height: 300))
        #expect(TileShape.capped(width: 400, height: 800, maxTall: 2, maxWide: 3) == nil)
        #expect(TileShape.capped(width: 900, height: 300, maxTall: 2, maxWide: 3) == nil)
        #expect(TileShape.capped(width: 1200, height: 900, maxTall: 2, maxWide: 3) == nil)
        // Off the cap by a pixel of rounding: no one-pixel crop.
        #expect(TileShape.capped(width: 1600, height: 533, maxTall: 2, maxWide: 3) == nil)
        #expect(TileShape.capped(width: 533, height: 1067, maxTall: 2, maxWide: 3) == nil)
        // The cut side is whole pixels of the photo, never 0.
        #expect(
            TileShape.capped(width: 3, height: 1000, maxTall: 1.5, maxWide: 3)
                == TileShape(width: 3, height: 5))
        #expect(
            TileShape.capped(width: 1000, height: 1, maxTall: 2, maxWide: 0.2)
                == TileShape(width: 1, height: 1))
    }

    @Test("0 turns a cap off")
    func capsOff() {
        #expect(TileShape.capped(width: 400, height: 2000, maxTall: 0, maxWide: 3) == nil)
        #expect(TileShape.capped(width: 1800, height: 300, maxTall: 2, maxWide: 0) == nil)
        #expect(
            TileShape.capped(width: 1800, height: 300, maxTall: 0, maxWide: 3)
                == TileShape(width: 900, height: 300))
    }

    @Test("A photo cut at the sides asks for files as many times wider as it is shown")
    func widenedSizes() {
        let shape = TileShape(width: 900, height: 300)
        #expect(shape.widening(photoWidth: 1800, photoHeight: 300) == 2)
        #expect(
            TileShape(width: 400, height: 800).widening(photoWidth: 400, photoHeight: 2000) == 1)
        #expect(
            TileShape.widened("(min-width: 640px) calc(100vw / 3), 100vw", by: 2)
                == "(min-width: 640px) calc(calc(100vw / 3) * 2), calc(100vw * 2)")
        #expect(TileShape.widened("100vw", by: 1) == "100vw")
        #expect(TileShape.widened("240px", by: 1.0001) == "calc(240px * 1.001)")
    }

    @Test("The layout, the tile and its sizes use the cut shape; the item page shows it whole")
    func rendered() throws {
        let renderer = try ResponsiveImageTests.renderer()
        var tall = SitePhoto(
            path: "scarf.jpg", width: 400, height: 2000, alt: "Scarf",
            image: ResponsiveImageTests.image)
        tall.tileShape = TileShape(width: 400, height: 800)
        tall.focus = "50% 30%"
        var wide = SitePhoto(
            path: "print.jpg", width: 1800, height: 300, alt: "Print",
            image: ResponsiveImageTests.image)
        wide.tileShape = TileShape(width: 900, height: 300)
        let filler = (0..<8).map {
            SitePhoto(
                path: "f\($0).jpg", width: 400, height: 400, alt: "F",
                image: ResponsiveImageTests.image)
        }
        let page = SitePage(
            number: 1, count: 1,
            sections: [SiteSection(folder: "", title: "", photos: filler + [tall, wide])])
        let layout = try renderer.layout(page)
        let items = layout.breakpoints[0].sections[0].items
        func shape(_ item: PlacedItem) -> Double {
            item.frame.height.value(atGalleryWidth: 1000)
                / item.frame.width.value(atGalleryWidth: 1000)
        }
        #expect(abs(shape(items[8]) - 2) < 1e-9 && abs(shape(items[9]) - 1.0 / 3) < 1e-9)
        let html = try renderer.render(page).html
        let tiles = html.components(separatedBy: "<li").dropFirst()
        let scarf = try #require(tiles.first { $0.contains("alt=\"Scarf\"") })
        let print = try #require(tiles.first { $0.contains("alt=\"Print\"") })
        #expect(scarf.contains("--r:2;") || scarf.contains("--r:2\""))
        #expect(scarf.contains(#"style="object-position:50% 30%""#))
        #expect(scarf.contains("width=400 height=2000"), "the img keeps the file's own shape")
        #expect(print.contains(#"style="object-position:50% 50%""#))
        #expect(
            print.contains(
                #"sizes="(min-resolution: 2.5dppx) and (max-width: 639.99px) calc(calc(calc(100vw / 2) * 2) * 0.8), (min-width: 640px) calc(calc(100vw / 3) * 2), calc(calc(100vw / 2) * 2)""#
            ),
            "twice the tile's width and no auto: \(print)")
        tall.itemPath = "items/scarf.html"
        let item = renderer.itemPage(
            tall, context: .init(sectionTitle: "", galleryPage: "index.html", sectionID: "s"))
        #expect(item.contains("--ar:0.2") && !item.contains("object-position"))
    }
}
