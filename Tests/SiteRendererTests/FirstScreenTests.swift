import MasonryLayout
import Testing

@testable import SiteRenderer

@Suite("The first screen: which tiles load eagerly, and which one first")
struct FirstScreenTests {
    /// A layout without spacing or insets, so every frame is a multiple of the column width.
    static func layout(_ sizes: [(Int, Int)], breakpoints: [Breakpoint], maximum: Double = 2560)
        throws -> GalleryLayout
    {
        let engine = try MasonryLayout(
            options: LayoutOptions(
                breakpoints: breakpoints, columnSpacing: 0, rowSpacing: 0,
                maximumGalleryWidth: maximum))
        let items = sizes.map { LayoutItem(width: $0.0, height: $0.1)! }
        return try engine.layout([LayoutSection(items: items)])
    }

    @Test("A tall first column: the other column's tiles are eager only down to the first screen")
    func tallFirstColumn() throws {
        // Two columns from 320 to 640 px: the tall photo fills column 0 (1,600 px at 320), the
        // squares stack in column 1 every 160 px at 320 and every 320 px at 640.
        let sizes = [(100, 1000)] + Array(repeating: (100, 100), count: 10)
        let layout = try Self.layout(
            sizes, breakpoints: [Breakpoint(minimumWidth: 0, columns: 2)], maximum: 640)
        let screen = FirstScreen(layout, height: 852)
        // Squares at 0, 160, …, 800 px start above 852 at 320 px; the one at 960 does not.
        #expect(
            screen.eager == [true] + Array(repeating: true, count: 6)
                + Array(repeating: false, count: 4))
        #expect(screen.priority == 0)
    }

    @Test("Many columns: every tile above the first screen at any breakpoint's end is eager")
    func manyColumns() throws {
        // 2 columns up to 1,200 px (rows every 160 px at 320), then 6 columns (rows every 200 px
        // at 1,200, every 400 px at 2,400): the widest first screen has 5 rows of 6.
        let layout = try Self.layout(
            Array(repeating: (100, 100), count: 60),
            breakpoints: [
                Breakpoint(minimumWidth: 0, columns: 2), Breakpoint(minimumWidth: 1200, columns: 6),
            ], maximum: 2400)
        let screen = FirstScreen(layout, height: 852)
        #expect(
            screen.eager == Array(repeating: true, count: 30) + Array(repeating: false, count: 30))
        // At 320 px every square is as large as the next: the first one goes first.
        #expect(screen.priority == 0)
    }

    @Test("The priority image is the largest on the phone's first screen, not the first")
    func largestFirst() throws {
        // At 320 px: a landscape photo (160 × 80) beside a portrait one (160 × 320).
        let layout = try Self.layout(
            [(200, 100), (100, 200), (100, 100)],
            breakpoints: [Breakpoint(minimumWidth: 0, columns: 2)], maximum: 640)
        let screen = FirstScreen(layout, height: 852)
        #expect(screen.eager == [true, true, true])
        #expect(screen.priority == 1)
    }

    @Test("A tall photo mostly below a phone's fold counts by its part on screen")
    func visibleArea() throws {
        // At Lighthouse's 412 px (743 px of first screen): column 0 holds a 412 px photo, then a
        // 2,060 px one from 412 (331 px on screen); column 1 a square, then a 515 px photo from
        // 206 to 721, whole on screen and the largest there.
        let layout = try Self.layout(
            [(100, 200), (100, 100), (100, 250), (100, 1000)],
            breakpoints: [Breakpoint(minimumWidth: 0, columns: 2)], maximum: 640)
        let screen = FirstScreen(layout, height: 852)
        #expect(screen.eager == [true, true, true, true])
        #expect(screen.priority == 2)
    }

    @Test("The priority goes by the photo, not by the caption band under it")
    func captionBands() throws {
        // At 412 px: a square photo over a 300 px band (a 506 px tile) beside a 3:2 portrait
        // photo with no band, the larger photo.
        let engine = try MasonryLayout(
            options: LayoutOptions(
                breakpoints: [Breakpoint(minimumWidth: 0, columns: 2)], columnSpacing: 0,
                rowSpacing: 0, maximumGalleryWidth: 640))
        let items = [
            LayoutItem(width: 100, height: 100, extraHeight: 300)!,
            LayoutItem(width: 100, height: 150)!,
        ]
        let layout = try engine.layout([LayoutSection(items: items)])
        #expect(FirstScreen(layout, height: 852, imageRatios: [1, 1.5]).priority == 1)
    }

    @Test("No tile that is above the first screen at some whole-pixel width is ever lazy")
    func neverLazyOnScreen() throws {
        // Titled sections of random shapes: a section's top moves with its columns' maximum.
        let renderer = try SiteRendererTests.renderer(captionHeight: 40)
        let layout = try renderer.layout(SiteRendererTests.page(photos: 30, sections: 4))
        let screen = FirstScreen(layout, height: 852)
        var onScreen = [Bool](repeating: false, count: screen.eager.count)
        for range in layout.breakpoints {
            for width in stride(from: range.minimumWidth, through: range.maximumWidth, by: 1) {
                for (index, frame) in range.itemFrames(atGalleryWidth: width).enumerated()
                where frame.y < 852 {
                    onScreen[index] = true
                }
            }
        }
        for index in onScreen.indices where onScreen[index] {
            #expect(screen.eager[index], "item \(index) is on the first screen but lazy")
        }
        #expect(screen.eager.contains(false))
    }

    @Test(
        "Stopping each column at its first tile below the line marks what every tile's bound would")
    func walkStopsEarly() throws {
        // A long page of several sections in random shapes: the walk that stops per column
        // gives the eager tiles the bound of every tile's top, measured one by one, gives.
        let renderer = try SiteRendererTests.renderer(captionHeight: 40)
        let layout = try renderer.layout(SiteRendererTests.page(photos: 400, sections: 3))
        let screen = FirstScreen(layout, height: 852)
        var eager = [Bool](repeating: false, count: screen.eager.count)
        for range in layout.breakpoints {
            func lowest(_ length: LinearLength) -> Double {
                min(
                    length.value(atGalleryWidth: range.minimumWidth),
                    length.value(atGalleryWidth: range.maximumWidth))
            }
            var index = 0
            var sectionTop = 0.0
            for section in range.sections {
                for item in section.items {
                    if sectionTop + lowest(item.frame.y) < 852 { eager[index] = true }
                    index += 1
                }
                sectionTop += section.columnBottoms.map(lowest).max()! + section.bottomOffset
            }
        }
        #expect(screen.eager == eager)
        #expect(eager.filter { $0 }.count < 40)
    }

    @Test("Every page of a paged gallery has its own first screen and one priority image")
    func pagedGallery() throws {
        // A visitor who follows "next" lands at the top of page 2: its first tiles are what
        // they see first, exactly as on page 1.
        let renderer = try SiteRendererTests.renderer()
        for number in 1...3 {
            var page = SiteRendererTests.page(photos: 40, sections: 1, seed: UInt64(number))
            page.number = number
            page.count = 3
            let html = try renderer.render(page).html
            let screen = FirstScreen(try renderer.layout(page), height: 852)
            let eagerCount = screen.eager.filter { $0 }.count
            #expect(eagerCount > 0 && eagerCount < 40)
            #expect(html.components(separatedBy: "loading=eager").count - 1 == eagerCount)
            #expect(html.components(separatedBy: "fetchpriority=high").count - 1 == 1)
        }
    }

    @Test("The default first screen is a tall phone's viewport less the page header")
    func defaultHeight() {
        let options = SiteOptions(title: "Shop", layout: LayoutOptions())
        #expect(options.firstScreenHeight == 852)
    }
}
