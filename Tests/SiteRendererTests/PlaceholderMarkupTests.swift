import Testing

@testable import SiteRenderer

@Suite("Placeholder colours in the markup: a custom property on the <img>, none without colours")
struct PlaceholderMarkupTests {
    static let gradient = "linear-gradient(#102030,#a0b0c0)"

    static func page(placeholder: String?) -> SitePage {
        var image = ResponsiveImageTests.image
        image.placeholder = placeholder
        let photos = [SitePhoto(path: "p.jpg", width: 400, height: 600, alt: "P", image: image)]
        return SitePage(
            number: 1, count: 1, sections: [SiteSection(folder: "", title: "", photos: photos)])
    }

    @Test("a tile's <img> carries --ph; without colours it has no style, as before")
    func tile() throws {
        let renderer = try ResponsiveImageTests.renderer()
        let html = try renderer.render(Self.page(placeholder: Self.gradient)).html
        #expect(
            html.contains(
                #"<img style="--ph:linear-gradient(#102030,#a0b0c0)" src="renditions/ab-400.jpg""#))
        let plain = try renderer.render(Self.page(placeholder: nil)).html
        #expect(!plain.contains("--ph") && !plain.contains("<img style="))
    }

    @Test("an item page's image keeps its shape (--ar) and gets the colours beside it")
    func itemPage() throws {
        let renderer = try ResponsiveImageTests.renderer()
        var photo = SitePhoto(
            path: "p.jpg", width: 400, height: 600, alt: "P", image: ResponsiveImageTests.image)
        photo.image?.placeholder = "#102030"
        photo.itemPath = "items/p.html"
        let html = renderer.itemPage(
            photo,
            context: SiteRenderer.ItemContext(
                sectionTitle: "", galleryPage: "index.html", sectionID: "s", previous: nil,
                next: nil))
        #expect(
            html.contains(#"<img class="wf-item-image" style="--ar:0.66667;--ph:#102030" "#),
            "\(html)")
    }

    @Test(
        "the theme paints --ph behind tiles, item images and a product's thumbnails, with the neutral tint as fallback"
    )
    func stylesheet() throws {
        let css = try Theme.builtIn().stylesheet
        let fallback = "background: var(--ph, color-mix(in srgb, var(--muted) 18%, transparent))"
        #expect(css.components(separatedBy: fallback).count - 1 == 3)
    }
}
