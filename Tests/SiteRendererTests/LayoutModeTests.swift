import Foundation
import MasonryLayout
import Testing

@testable import SiteRenderer

/// The modes of the layouts waterfall-site descends from, as the renderer writes them.
@Suite("Rendering the layout modes")
struct LayoutModeTests {
    /// A mode: what it changes in the options and in the page's sections.
    struct Mode: Sendable, CustomStringConvertible {
        let name: String
        let direction: RenderDirection
        let sizing: ColumnSizing
        let sections: [SectionOptions]

        var description: String { name }
    }

    static let modes = [
        Mode(name: "right-to-left", direction: .rightToLeft, sizing: .fluid, sections: []),
        Mode(name: "left-to-right", direction: .leftToRight, sizing: .fluid, sections: []),
        Mode(
            name: "fixed-item-width", direction: .shortestFirst, sizing: .fixedItemWidth(140),
            sections: []),
        Mode(
            name: "sections", direction: .shortestFirst, sizing: .fluid,
            sections: [
                SectionOptions(footer: "Root <footer> & co"),
                SectionOptions(
                    footer: "Thrown in our studio",
                    columns: [
                        Breakpoint(minimumWidth: 0, columns: 1),
                        Breakpoint(minimumWidth: 800, columns: 2),
                    ],
                    insets: EdgeInsets(top: 8, left: 40, bottom: 8, right: 40), imageSizes: "50vw"),
                SectionOptions(columns: [Breakpoint(minimumWidth: 0, columns: 3)]),
            ]),
    ]

    static func renderer(_ mode: Mode) throws -> SiteRenderer {
        var breakpoints = SiteRendererTests.breakpoints
        if mode.sizing != .fluid {
            breakpoints = [
                Breakpoint(minimumWidth: 0, columns: 1), Breakpoint(minimumWidth: 640, columns: 3),
            ]
        }
        if mode.name == "sections" {
            breakpoints.insert(Breakpoint(minimumWidth: 800, columns: 3), at: 2)
        }
        return try SiteRenderer(
            theme: try Theme.builtIn(),
            options: SiteOptions(
                title: "Modes",
                layout: LayoutOptions(
                    breakpoints: breakpoints, columnSpacing: 16, rowSpacing: 12,
                    insets: EdgeInsets(all: 16),
                    direction: mode.direction, sizing: mode.sizing, footerSpacing: 12,
                    balanceTolerance: 12),
                footerHeight: 40))
    }

    static func page(_ mode: Mode) -> SitePage {
        var page = SiteRendererTests.page(photos: 6, sections: 3)
        for (index, options) in mode.sections.enumerated() {
            page.sections[index].options = options
        }
        return page
    }

    @Test("Each mode's page HTML and CSS match its golden file", arguments: modes)
    func golden(mode: Mode) throws {
        let renderer = try Self.renderer(mode)
        let text =
            try renderer.render(Self.page(mode)).html + "\n/* assets/layout.css */\n"
            + renderer.layoutStylesheet()
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(
            path: "Snapshots/mode-\(mode.name).html")
        if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: golden)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(
            text == expected,
            "run with UPDATE_SNAPSHOTS=1 to accept a deliberate change, then review the diff")
    }

    @Test(
        "Right to left: every photo in the mirrored column, the DOM in reading order; dir=\"rtl\" only for a right-to-left language"
    )
    func rightToLeft() throws {
        let page = Self.page(Self.modes[0])
        let mirrored = try Self.renderer(Self.modes[0])
        let html = try mirrored.render(page).html
        // English text stays left to right: mirrored tiles put no dir="rtl" on the page.
        #expect(html.contains("<html lang=\"en\">") && !html.contains("dir=\"rtl\""))
        var arabic = mirrored.options
        arabic.language = "ar"
        let arabicHTML = try SiteRenderer(theme: try Theme.builtIn(), options: arabic).render(page)
            .html
        #expect(arabicHTML.contains("<html lang=\"ar\" dir=\"rtl\">"))
        let shortest = try SiteRendererTests.renderer().render(page).html
        #expect(shortest.contains("<html lang=\"en\">"))
        let left = try Self.renderer(
            Mode(name: "shortest", direction: .shortestFirst, sizing: .fluid, sections: [])
        ).layout(page)
        let right = try mirrored.layout(page)
        for (a, b) in zip(left.breakpoints, right.breakpoints) {
            for (sectionA, sectionB) in zip(a.sections, b.sections) {
                for index in 0..<sectionA.items.count {
                    #expect(
                        sectionB.items[index].column == sectionA.columns - 1
                            - sectionA.items[index].column)
                }
            }
        }
        // Tiles stay in the photos' order, so the tab order is the reading order.
        let sources = SiteRendererTests.matches(#"src="photos/([^"]+)""#, in: html)
        #expect(sources == page.sections.flatMap { $0.photos.map { $0.path.percentEncodedPath } })
    }

    @Test(
        "A fixed item width: every column is that wide at every breakpoint, the gap grows with the gallery"
    )
    func fixedItemWidth() throws {
        let mode = Self.modes[2]
        let html = try Self.renderer(mode).render(Self.page(mode)).html
        let widths = Set(SiteRendererTests.matches(#"--w:([^;]+);"#, in: html))
        #expect(widths == ["140px"])
        #expect(html.contains("--dx:calc(50cqw - 86px)"), "3 columns: (W − 32 − 3 × 140) / 2 + 140")
    }

    @Test(
        "Footers: a band below the tallest column anchored at the section's bottom, after the tiles in the DOM"
    )
    func footers() throws {
        let mode = Self.modes[3]
        let renderer = try Self.renderer(mode)
        let page = Self.page(mode)
        let rendered = try renderer.render(page)
        let html = rendered.html
        #expect(
            html.contains(
                "<footer class=\"wf-section-footer\"><p dir=\"auto\">Root &lt;footer&gt; &amp; co</p></footer>"
            ))
        #expect(
            SiteRendererTests.matches(#"(<footer class="wf-section-footer">)"#, in: html).count
                == 2, "the third section has no footer text")
        let tiles = try #require(html.range(of: "</ul>\n<footer class=\"wf-section-footer\">"))
        #expect(tiles.lowerBound > html.range(of: "<ul class=\"wf-tiles\">")!.lowerBound)
        #expect(
            html.contains(
                ".wf-section-footer{left:16px;width:calc(100cqw - 32px);bottom:16px;height:40px}"))
        #expect(
            html.contains(
                "#s-folder-1>.wf-section-footer{left:40px;width:calc(100cqw - 80px);bottom:8px;height:40px}"
            ))
        // The CSS anchors the band at the section's bottom: that is where the engine puts it.
        for range in rendered.layout.breakpoints {
            for section in range.sections where section.footerHeight > 0 {
                for width in stride(from: range.minimumWidth, through: range.maximumWidth, by: 53) {
                    let frame = try #require(section.footerFrame(atGalleryWidth: width))
                    let anchored =
                        section.height(atGalleryWidth: width) - section.insets.bottom - 40
                    #expect(abs(frame.y - anchored) < 1e-9)
                    #expect(
                        frame.y >= section.tallestColumnBottom(atGalleryWidth: width) + 12 - 1e-9)
                }
            }
        }
    }

    @Test("Sections with their own columns and insets, with their own sizes")
    func sectionLayouts() throws {
        let mode = Self.modes[3]
        let renderer = try Self.renderer(mode)
        let page = Self.page(mode)
        let layout = try renderer.layout(page)
        #expect(
            layout.breakpoints.map { $0.sections.map(\.columns) } == [
                [2, 1, 3], [3, 1, 3], [3, 2, 3], [4, 2, 3], [5, 2, 3],
            ])
        #expect(layout.breakpoints.allSatisfy { $0.sections[1].insets.left == 40 })
        var withImages = page
        let image = SiteImage(
            candidates: [.init(path: "renditions/a-100.jpg", width: 100)],
            src: "renditions/a-100.jpg")
        for section in withImages.sections.indices {
            for photo in withImages.sections[section].photos.indices {
                withImages.sections[section].photos[photo].image = image
            }
        }
        let html = try renderer.render(withImages).html
        #expect(
            SiteRendererTests.matches(
                #" sizes="(?:auto, |\(min-resolution: 2.5dppx\) calc\(50vw \* 0.8\), )?(50vw)""#,
                in: html
            ).count == 6,
            "the second section's own sizes (eager tiles' with the phone entry, PhoneSizes)")
        #expect(
            SiteRendererTests.matches(
                #" sizes="(?:auto, |\(min-resolution: 2.5dppx\) calc\(100vw \* 0.8\), )?(100vw)""#,
                in: html
            ).count == 12)
    }

    @Test(
        "A section that had its own geometry in an earlier range restates it where it matches the shared one"
    )
    func restatesOwnGeometry() throws {
        let mode = Self.modes[3]
        let html = try Self.renderer(mode).render(Self.page(mode)).html
        // The root section's geometry is its own up to 799 px and the shared one from 800 up,
        // where its earlier `#id` rule would outrank the `.wf-section` one.
        let ranges = html.components(separatedBy: "@container")
        #expect(ranges.count == 5)
        #expect(
            ranges[2].contains(
                ".wf-section{--w:calc(33.33333cqw - 21.333px);--ox:16px;--dx:calc(33.33333cqw - 5.333px);--t:16px}"
            ))
        for range in ranges {
            #expect(range.contains("#s-root{--w:"), "\(range.prefix(300))")
        }
    }
}
