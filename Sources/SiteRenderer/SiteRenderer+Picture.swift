extension SiteRenderer {
    /// A photo's image markup: the `<img>` (with `srcset` and `sizes` when it has renditions)
    /// and, when it has renditions in other formats, a `<picture>` around it with a `<source>`
    /// per format first. The one place this markup is made, so every template that shows a
    /// photo (the tile's and the item page's `{{picture}}`) shows it the same way.
    ///
    /// `priority` is the `<img>`'s `fetchpriority` (see ``FetchPriority``): `high` for the one
    /// image of the page the browser should fetch before the others, because it is the largest
    /// on the first screen.
    ///
    /// `root` goes before every rendition path (`../../` on an item page two folders down; `src`
    /// is passed whole), and `imageClass` is the `<img>`'s class, which a page's stylesheet
    /// sizes it by, with `imageStyle` (custom properties) when the stylesheet needs the photo's
    /// own figures for that. The photo's placeholder colours, when it has them, go into the
    /// same `style` as `--ph`, which the stylesheet paints behind the image until it loads.
    ///
    /// Browsers take the first `<source>` whose `type` they can decode and pick from its
    /// `srcset` with the same `sizes`; the others, and those without `<picture>`, take the
    /// `<img>`, whose width, height, alt text and loading attributes apply to whichever file
    /// is shown.
    func pictureHTML(
        _ photo: SitePhoto, src: String, sizes: String, eager: Bool,
        priority: FetchPriority = .auto,
        root: String = "",
        imageClass: String = "", imageStyle: String = ""
    ) -> String {
        var html = ""
        let sources = photo.image?.sources ?? []
        if !sources.isEmpty { html += "<picture>" }
        for source in sources {
            let srcset = SiteImage.srcset(source.candidates, root: root)
            html += "<source type=\"\(source.type.htmlEscaped)\" srcset=\"\(srcset.htmlEscaped)\""
            html += " sizes=\"\(sizes.htmlEscaped)\">"
        }
        html += "<img"
        if !imageClass.isEmpty { html += " class=\"\(imageClass.htmlEscaped)\"" }
        let style = [imageStyle, photo.image?.placeholder.map { "--ph:" + $0 } ?? ""]
            .filter { !$0.isEmpty }.joined(separator: ";")
        if !style.isEmpty { html += " style=\"\(style.htmlEscaped)\"" }
        html += " src=\"\(src.htmlEscaped)\""
        if let candidates = photo.image?.candidates, !candidates.isEmpty {
            let srcset = SiteImage.srcset(candidates, root: root)
            html += " srcset=\"\(srcset.htmlEscaped)\" sizes=\"\(sizes.htmlEscaped)\""
        }
        html += " width=\(photo.width) height=\(photo.height) alt=\"\(photo.alt.htmlEscaped)\""
        html += " loading=\(eager ? "eager" : "lazy")"
        html += priority.attribute
        html += " decoding=async>"
        if !sources.isEmpty { html += "</picture>" }
        return html
    }
}
