import MasonryLayout
import Testing

@testable import SiteRenderer

@Suite("Responsive images in tiles")
struct ResponsiveImageTests {
    static func renderer(linksOriginals: Bool = true) throws -> SiteRenderer {
        try SiteRenderer(
            theme: try Theme.builtIn(),
            options: SiteOptions(
                title: "Shop", layout: LayoutOptions(breakpoints: SiteRendererTests.breakpoints),
                firstScreenHeight: 500,
                imageSizes: "(min-width: 640px) calc(100vw / 3), calc(100vw / 2)",
                linksOriginals: linksOriginals))
    }

    static let image = SiteImage(
        candidates: [
            .init(path: "renditions/ab-195.jpg", width: 195),
            .init(path: "renditions/ab-400.jpg", width: 400),
        ],
        src: "renditions/ab-400.jpg")

    static func page() -> SitePage {
        let photos = (0..<12).map { index in
            SitePhoto(
                path: "p \(index).jpg", width: 400, height: 600, alt: "P\(index)",
                image: index == 11 ? nil : image)
        }
        return SitePage(
            number: 1, count: 1, sections: [SiteSection(folder: "", title: "", photos: photos)])
    }

    @Test(
        "srcset, sizes and a rendition as src; width/height stay the display size; the link stays the original"
    )
    func srcset() throws {
        let html = try Self.renderer().render(Self.page()).html
        #expect(
            html.contains(
                #"<a href="photos/p%200.jpg"><img src="renditions/ab-400.jpg" srcset="renditions/ab-195.jpg 195w, renditions/ab-400.jpg 400w" sizes="(min-resolution: 2.5dppx) and (max-width: 639.99px) calc(calc(100vw / 2) * 0.8), (min-width: 640px) calc(100vw / 3), calc(100vw / 2)" width=400 height=600 alt="P0" loading=eager "#
            ))
        // Lazy tiles let browsers that know the laid-out width use it.
        #expect(
            html.contains(
                #"sizes="auto, (min-width: 640px) calc(100vw / 3), calc(100vw / 2)" width=400 height=600 alt="P10" loading=lazy "#
            ))
        // A photo without renditions shows its original, with no srcset.
        #expect(html.contains(#"<img src="photos/p%2011.jpg" width=400 height=600 alt="P11""#))
    }

    @Test("A photo with AVIF and WebP renditions is a <picture>: sources first, AVIF before WebP")
    func picture() throws {
        var image = Self.image
        image.sources = ["avif", "webp"].map { format in
            SiteImage.Source(
                type: "image/\(format)",
                candidates: [
                    .init(path: "renditions/ab-195.\(format)", width: 195),
                    .init(path: "renditions/ab-400.\(format)", width: 400),
                ])
        }
        let photos = [
            SitePhoto(
                path: "shop & co.png", width: 400, height: 600, alt: "A \"mug\"", image: image)
        ]
        let page = SitePage(
            number: 1, count: 1, sections: [SiteSection(folder: "", title: "", photos: photos)])
        let html = try Self.renderer().render(page).html
        // An eager tile's: a high-density phone claims 0.8× (PhoneSizes).
        let sizes =
            "(min-resolution: 2.5dppx) and (max-width: 639.99px) calc(calc(100vw / 2) * 0.8), "
            + "(min-width: 640px) calc(100vw / 3), calc(100vw / 2)"
        // The golden markup of one tile's image, attribute for attribute.
        let golden =
            #"<a href="photos/shop%20%26%20co.png"><picture>"#
            + #"<source type="image/avif" srcset="renditions/ab-195.avif 195w, renditions/ab-400.avif 400w" sizes="\#(sizes)">"#
            + #"<source type="image/webp" srcset="renditions/ab-195.webp 195w, renditions/ab-400.webp 400w" sizes="\#(sizes)">"#
            + #"<img src="renditions/ab-400.jpg" srcset="renditions/ab-195.jpg 195w, renditions/ab-400.jpg 400w" sizes="\#(sizes)" width=400 height=600 alt="A &quot;mug&quot;" loading=eager fetchpriority=high decoding=async>"#
            + #"</picture></a>"#
        #expect(html.contains(golden), "\(html)")
        // Without sources the tile is the plain <img> of earlier builds, no <picture>.
        let plain = try Self.renderer().render(Self.page()).html
        #expect(!plain.contains("<picture>"))
    }

    @Test("Without original links a tile links to its widest rendition")
    func noOriginalLink() throws {
        let html = try Self.renderer(linksOriginals: false).render(Self.page()).html
        #expect(html.contains(#"<a href="renditions/ab-400.jpg"><img src="renditions/ab-400.jpg""#))
        #expect(html.contains(#"<a href="photos/p%2011.jpg"><img src="photos/p%2011.jpg""#))
    }
}
