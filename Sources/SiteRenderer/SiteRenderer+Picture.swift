extension SiteRenderer {
    /// A photo's image markup for its tile: the `<img>` (with `srcset` and `sizes` when it has
    /// renditions) and, when it has renditions in other formats, a `<picture>` around it with a
    /// `<source>` per format first. The one place this markup is made, so every template that
    /// shows a photo (the tile's `{{picture}}`) shows it the same way.
    ///
    /// Browsers take the first `<source>` whose `type` they can decode and pick from its
    /// `srcset` with the same `sizes`; the others, and those without `<picture>`, take the
    /// `<img>`, whose width, height, alt text and loading attributes apply to whichever file
    /// is shown.
    func pictureHTML(_ photo: SitePhoto, src: String, sizes: String, eager: Bool) -> String {
        var html = ""
        let sources = photo.image?.sources ?? []
        if !sources.isEmpty { html += "<picture>" }
        for source in sources {
            html +=
                "<source type=\"\(source.type.htmlEscaped)\" srcset=\"\(source.srcset.htmlEscaped)\""
            html += " sizes=\"\(sizes.htmlEscaped)\">"
        }
        html += "<img src=\"\(src.htmlEscaped)\""
        if let srcset = photo.image?.srcset, !srcset.isEmpty {
            html += " srcset=\"\(srcset.htmlEscaped)\" sizes=\"\(sizes.htmlEscaped)\""
        }
        html += " width=\(photo.width) height=\(photo.height) alt=\"\(photo.alt.htmlEscaped)\""
        html += " loading=\(eager ? "eager" : "lazy") decoding=async>"
        if !sources.isEmpty { html += "</picture>" }
        return html
    }
}
