import Foundation
import MasonryLayout
import Testing

@testable import SiteRenderer

@Suite("Rendering pages")
struct SiteRendererTests {
    static let breakpoints = [
        Breakpoint(minimumWidth: 0, columns: 2), Breakpoint(minimumWidth: 640, columns: 3),
        Breakpoint(minimumWidth: 1024, columns: 4), Breakpoint(minimumWidth: 1440, columns: 5),
    ]

    static func renderer(captionHeight: Double = 0) throws -> SiteRenderer {
        try SiteRenderer(
            theme: try Theme.builtIn(),
            options: SiteOptions(
                title: "Shop <& Co>",
                layout: LayoutOptions(
                    breakpoints: breakpoints, columnSpacing: 16, rowSpacing: 12,
                    insets: EdgeInsets(top: 16, left: 20, bottom: 24, right: 12)),
                captionHeight: captionHeight))
    }

    /// A deterministic gallery: sizes from a linear congruential sequence.
    /// With `text`, every third photo has a long title, every second a price, every fifth a
    /// caption, so bands of several heights (and none) sit in one column.
    static func page(photos: Int, sections: Int = 2, seed: UInt64 = 7, text: Bool = false)
        -> SitePage
    {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % 1900) + 100
        }
        var result: [SiteSection] = []
        for section in 0..<sections {
            let photos = (0..<photos).map { index in
                var photo = SitePhoto(
                    path: "s\(section)/photo \(index).jpg", width: next(), height: next(),
                    alt: "Photo \(index)")
                if text {
                    if index % 3 == 0 { photo.title = "A product name of thirty chars" }
                    if index % 2 == 0 { photo.price = "€\(index)" }
                    if index % 5 == 0 { photo.caption = "Caption \(index)" }
                }
                return photo
            }
            result.append(
                SiteSection(
                    folder: section == 0 ? "" : "Folder \(section)",
                    title: section == 0 ? "" : "Folder \(section)", photos: photos))
        }
        return SitePage(number: 1, count: 1, sections: result)
    }

    @Test(
        "Every tile's CSS reproduces the engine's frame at every width of every range",
        arguments: [0.0, 64.0])
    func cssMatchesEngine(captionHeight: Double) throws {
        let renderer = try Self.renderer(captionHeight: captionHeight)
        let page = Self.page(photos: 60, text: true)
        let layout = try renderer.layout(page)
        let ranges = LayoutRanges(layout)
        let pageBands = renderer.bands(page)
        for (sectionIndex, sectionPhotos) in page.sections.enumerated() {
            for (itemIndex, photo) in sectionPhotos.photos.enumerated() {
                let bands = pageBands.cards[sectionIndex][itemIndex]
                let style = Self.properties(
                    renderer.tileStyle(
                        layout, section: sectionIndex, item: itemIndex, photo: photo, bands: bands))
                // Every per-range name is one LayoutRangesTests holds clear of the theme's.
                let names = Set(
                    layout.breakpoints.indices.flatMap { index in
                        LayoutRanges.propertyNames.map { "--\($0)\(LayoutRanges.suffix(index))" }
                    })
                #expect(style.keys.filter { $0 != "--r" && !names.contains($0) }.isEmpty)
                var c = 0.0
                var a = 0.0
                var k = 0.0
                // The band falls back along the band ranges, to no band and one line.
                var (band, titleLines, captionLines) = (0.0, 1.0, 1.0)
                for (index, range) in layout.breakpoints.enumerated() {
                    // The stylesheet's fallback: a value left out keeps the previous range's
                    // value within a breakpoint, and is 0 at a breakpoint's first range.
                    if ranges.groupStarts[index] == index { (c, a, k) = (0, 0, 0) }
                    let suffix = LayoutRanges.suffix(index)
                    c = style["--c\(suffix)"] ?? c
                    a = style["--a\(suffix)"] ?? a
                    k = style["--k\(suffix)"] ?? k
                    band = style["--b\(suffix)"] ?? band
                    titleLines = style["--tl\(suffix)"] ?? titleLines
                    captionLines = style["--nl\(suffix)"] ?? captionLines
                    let expectedBand = bands[range.bandIndex]
                    #expect(band == expectedBand.height)
                    if expectedBand.title > 0 { #expect(titleLines == Double(expectedBand.title)) }
                    if expectedBand.caption > 0 {
                        #expect(captionLines == Double(expectedBand.caption))
                    }
                    if !ranges.bandStarts.contains(index) {
                        #expect(
                            style["--b\(suffix)"] == nil, "a band changes between band ranges only")
                    }
                    let section = range.sections[sectionIndex]
                    let placed = section.items[itemIndex]
                    for width in stride(
                        from: max(320, range.minimumWidth), through: range.maximumWidth, by: 37.3)
                    {
                        let w = section.columnWidth.value(atGalleryWidth: width)
                        let ox = section.columnOffsets[0].value(atGalleryWidth: width)
                        let dx =
                            section.columnOffsets.count > 1
                            ? section.columnOffsets[1].value(atGalleryWidth: width) - ox : 0
                        let expected = placed.frame.evaluated(atGalleryWidth: width)
                        #expect(abs(ox + c * dx - expected.x) < 0.01)
                        #expect(
                            abs(section.itemsTop + a * w + k - expected.y) <= 0.25 + 1e-9)
                        #expect(abs(w - expected.width) < 0.001)
                        #expect(abs((style["--r"] ?? 0) * w + band - expected.height) < 0.01)
                    }
                }
            }
        }
    }

    @Test(
        "Ratio sums get the places that keep a tile within a quarter pixel",
        arguments: [
            (100.0, 3), (499.0, 3), (501.0, 4), (2528.0, 4), (5001.0, 5),
        ])
    func ratioPrecision(widestColumn: Double, decimals: Int) {
        #expect(SiteRenderer.ratioDecimals(widestColumn: widestColumn) == decimals)
    }

    @Test("Linear lengths print as calc() with cqw and px that evaluate to the same value")
    func linearLengthCSS() {
        let lengths = [
            LinearLength(perGalleryWidth: 0.5, constant: -24),
            LinearLength(perGalleryWidth: 0, constant: 72),
            LinearLength(perGalleryWidth: 1.2345678, constant: 0),
            LinearLength(perGalleryWidth: 0.3333333333, constant: 5.5),
        ]
        #expect(CSSText.length(lengths[0]) == "calc(50cqw - 24px)")
        #expect(CSSText.length(lengths[1]) == "72px")
        #expect(CSSText.length(lengths[2]) == "123.45678cqw")
        #expect(CSSText.length(lengths[3]) == "calc(33.33333cqw + 5.5px)")
        #expect(CSSText.maximum([lengths[1], lengths[1]], plus: 8, over: 0...1000) == "80px")
        #expect(
            CSSText.maximum([lengths[0], lengths[1]], plus: 8, over: 0...1000)
                == "calc(max(calc(50cqw - 24px), 72px) + 8px)")
        // 50cqw − 24px only exceeds 72px above 192px: over 200…1000 it alone is the maximum.
        #expect(
            CSSText.maximum([lengths[0], lengths[1]], plus: 0, over: 200...1000)
                == "calc(50cqw - 24px)")
        #expect(
            CSSText.maximum([lengths[1], lengths[0]], plus: 0, over: 0...Double.infinity)
                == "max(72px, calc(50cqw - 24px))")
    }

    @Test("Pruned max() terms never change the maximum inside the range")
    func pruningKeepsTheMaximum() {
        var state: UInt64 = 99
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 40) / Double(1 << 24)
        }
        for _ in 0..<500 {
            let terms = (0..<5).map { _ in
                LinearLength(perGalleryWidth: next() * 3, constant: next() * 400 - 200)
            }
            let range = 320.0...(320 + next() * 2000)
            let kept = CSSText.undominated(terms, over: range)
            for width in stride(from: range.lowerBound, through: range.upperBound, by: 7) {
                let all = terms.map { $0.value(atGalleryWidth: width) }.max()!
                let pruned = kept.map { $0.value(atGalleryWidth: width) }.max()!
                #expect(all == pruned)
            }
        }
    }

    @Test(
        "The page keeps DOM order, escapes text, carries sizes and lazy loading, and has no script")
    func pageMarkup() throws {
        let renderer = try Self.renderer()
        var page = Self.page(photos: 40)
        page.sections[1].photos[0] = SitePhoto(
            path: "odd/<b>&\"'#?%.jpg", width: 300, height: 200, alt: "A <b> & \"c\"",
            link: "https://shop.example/p?a=1&b=2")
        let html = try renderer.render(page).html
        #expect(!html.contains("<script"))
        #expect(html.contains("<title>Shop &lt;&amp; Co&gt;</title>"))
        #expect(html.contains(#"src="photos/odd/%3Cb%3E%26%22%27%23%3F%25.jpg""#))
        #expect(html.contains(#"alt="A &lt;b&gt; &amp; &quot;c&quot;""#))
        #expect(html.contains(#"href="https://shop.example/p?a=1&amp;b=2" rel="noopener""#))
        let sources = Self.matches(#"src="([^"]+)""#, in: html)
        let expected = page.sections.flatMap(\.photos).map {
            "photos/" + $0.path.percentEncodedPath
        }
        #expect(sources == expected)
        let images = Self.matches("(<img [^>]+>)", in: html)
        #expect(images.count == 80)
        #expect(
            images.allSatisfy {
                $0.contains(" width=") && $0.contains(" height=") && $0.contains(" decoding=async")
            })
        #expect(images.first?.contains(" loading=eager ") == true)
        #expect(images.last?.contains(" loading=lazy ") == true)
        #expect(html.contains("id=\"s-root\"") && html.contains("id=\"s-folder-1\""))
        #expect(!html.contains("wf-pages"), "a single page has no pagination")
    }

    @Test("Pages link to their neighbours with relative URLs only")
    func pagination() throws {
        let renderer = try Self.renderer()
        var page = Self.page(photos: 3, sections: 1)
        page.number = 2
        page.count = 3
        let html = try renderer.render(page).html
        #expect(html.contains(#"href="index.html" rel="prev""#))
        #expect(html.contains(#"href="page-3.html" rel="next""#))
        #expect(html.contains(#"<span aria-current="page">2</span>"#))
        #expect(!html.contains("href=\"/"))
    }

    @Test(
        "Each page switches tile properties per range with container queries; the stylesheet holds the formulas"
    )
    func rangeRules() throws {
        let renderer = try Self.renderer(captionHeight: 64)
        let css = renderer.layoutStylesheet()
        #expect(css.contains(".wf-gallery{container-type:inline-size}"))
        #expect(css.contains(".wf-caption{box-sizing:border-box;height:calc(var(--b) * 1px)}"))
        #expect(css.contains("top:calc(var(--t) + var(--a) * var(--w) + var(--k) * 1px)"))
        let html = try renderer.render(Self.page(photos: 20)).html
        #expect(
            html.contains(
                ".wf-tiles>li{--c:var(--c0,0);--a:var(--a0,0);--k:var(--k0,0);--b:var(--b0,0);"
                    + "--tl:var(--tl0,1);--nl:var(--nl0,1)}"))
        // The band falls back along the breakpoints; the rest within one.
        #expect(
            html.contains(
                "@container (min-width: 1440px){\n.wf-tiles>li{--c:var(--c3,0);--a:var(--a3,0);--k:var(--k3,0);"
                    + "--b:var(--b3,var(--b2,var(--b1,var(--b0,0))));"
                    + "--tl:var(--tl3,var(--tl2,var(--tl1,var(--tl0,1))));"
                    + "--nl:var(--nl3,var(--nl2,var(--nl1,var(--nl0,1))))}"
            ))
    }

    @Test("Rendering is deterministic")
    func deterministic() throws {
        let page = Self.page(photos: 100)
        #expect(try Self.renderer().render(page).html == (try Self.renderer().render(page).html))
    }

    @Test(
        "Stylesheets are named by a hash of their bytes: the same in every build, new when they change"
    )
    func hashedStylesheetNames() throws {
        let renderer = try Self.renderer()
        #expect(
            renderer.stylesheetPath.wholeMatch(of: /assets\/waterfall\.[0-9a-f]{16}\.css/) != nil,
            "\(renderer.stylesheetPath)")
        #expect(
            renderer.layoutStylesheetPath.wholeMatch(of: /assets\/layout\.[0-9a-f]{16}\.css/)
                != nil, "\(renderer.layoutStylesheetPath)")
        #expect(try Self.renderer().stylesheetPath == renderer.stylesheetPath)
        #expect(try Self.renderer().layoutStylesheetPath == renderer.layoutStylesheetPath)
        let html = try renderer.render(Self.page(photos: 3)).html
        #expect(html.contains(#"<link rel="stylesheet" href="\#(renderer.stylesheetPath)">"#))
        #expect(html.contains(#"<link rel="stylesheet" href="\#(renderer.layoutStylesheetPath)">"#))

        // Bands are per tile: a fixed caption height leaves both stylesheets as they are.
        let captioned = try Self.renderer(captionHeight: 64)
        #expect(captioned.layoutStylesheetPath == renderer.layoutStylesheetPath)
        #expect(captioned.stylesheetPath == renderer.stylesheetPath)
        // Another look changes waterfall.css's name.
        #expect(
            SiteRenderer.hashedAssetPath("waterfall", css: "body{color:red}")
                != SiteRenderer.hashedAssetPath("waterfall", css: "body{color:blue}"))
        #expect(
            SiteRenderer.hashedAssetPath("waterfall", css: "")
                == SiteRenderer.hashedAssetPath("waterfall", css: ""))
    }

    @Test("The rendered sample page matches its golden file")
    func golden() throws {
        let page = Self.page(photos: 5, sections: 2)
        let html = try Self.renderer(captionHeight: 0).render(page).html
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(
            path: "Snapshots/two-sections.html")
        if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
            try Data(html.utf8).write(to: golden)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(
            html == expected,
            "run with UPDATE_SNAPSHOTS=1 to accept a deliberate change, then review the diff")
    }

    static func properties(_ style: String) -> [String: Double] {
        var result: [String: Double] = [:]
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { result[String(parts[0])] = value }
        }
        return result
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
