import MasonryLayout
import Testing

@testable import SiteRenderer

@Suite("Section headers and footers wrap")
struct SectionBandTests {
    @Test("A band is a line taller per line its text needs at the width given")
    func heights() {
        // 288 px (320 less 16 px insets each side) holds about 22 of the header's characters.
        #expect(
            SectionBand.headerHeight(title: "Ceramics", count: "4 photos", base: 56, width: 288)
                == 56)
        #expect(
            SectionBand.headerHeight(
                title: "Around the workshop", count: "12 photos", base: 56, width: 288)
                == 84)
        #expect(
            SectionBand.headerHeight(
                title: "Around the workshop and the long table", count: "8 photos", base: 56,
                width: 288) == 112)
        #expect(
            SectionBand.headerHeight(
                title: "Around the workshop", count: "12 photos", base: 56, width: 1000)
                == 56)
        #expect(
            SectionBand.headerHeight(title: "Around the workshop", count: "", base: 0, width: 288)
                == 0)
        #expect(SectionBand.footerHeight("Free UK shipping over £50", base: 48, width: 288) == 48)
        #expect(
            SectionBand.footerHeight(
                "Free UK shipping over £50 on every order placed before noon", base: 48, width: 288)
                == 68)
    }

    @Test("A title and count that only just fit a line by the table take two: the width margin")
    func widthMargin() {
        let count = SectionBand.countMeasure.width("3 photos") + SectionBand.countMargin
        let exact =
            SectionBand.titleMeasure.width("Hand-made ceramics")
            + SectionBand.titleMeasure.width(" ")
            + count
        #expect(
            SectionBand.titleMeasure.lines(
                "Hand-made ceramics", boxWidth: exact, unbreakable: count) == 1)
        #expect(
            SectionBand.headerHeight(
                title: "Hand-made ceramics", count: "3 photos", base: 56, width: exact) == 84)
        #expect(
            SectionBand.headerHeight(
                title: "Hand-made ceramics", count: "3 photos", base: 56,
                width: exact * (1 + 2 * SectionBand.widthMargin)) == 56)
        let footer = "Free UK shipping over £50"
        let footerWidth = SectionBand.footerMeasure.width(footer) + SectionBand.footerPadding
        #expect(SectionBand.footerHeight(footer, base: 48, width: footerWidth) == 68)
    }

    @Test("The layout gives the header and footer those heights and starts the tiles below")
    func layout() throws {
        let renderer = try SiteRendererTests.renderer()
        var options = SectionOptions()
        options.footer = "Free UK shipping over £50 on every order placed before noon"
        let photos = (0..<4).map {
            SitePhoto(path: "w/\($0).jpg", width: 400, height: 300, alt: "P")
        }
        let page = SitePage(
            number: 1, count: 1,
            sections: [
                SiteSection(
                    folder: "w", title: "Around the workshop and the long table", photos: photos,
                    options: options)
            ])
        let layout = try renderer.layout(page)
        let section = layout.breakpoints[0].sections[0]
        // The test renderer's insets are 20 px left and 12 px right: 288 px at 320.
        #expect(section.header?.height.value(atGalleryWidth: 320) == 112)
        #expect(section.footerHeight == 68)
        #expect(section.itemsTop == 16 + 112)
        // Each breakpoint's bands are as tall as the text needs at its own narrowest width, so
        // a wide gallery has no empty lines above the title: 608 px at 640 and 992 px at 1,024
        // hold the header and the footer on one line each.
        let bands = layout.breakpoints.map {
            (
                $0.sections[0].header?.height.value(atGalleryWidth: $0.minimumWidth),
                $0.sections[0].footerHeight
            )
        }
        #expect(bands.map(\.0) == [112, 56, 56, 56])
        #expect(bands.map(\.1) == [68, 48, 48, 48])
        #expect(layout.breakpoints[2].sections[0].itemsTop == 16 + 56)
    }
}
