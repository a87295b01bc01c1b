/// The parts of an item page that a product of several photos adds (see
/// ``SitePhoto/productPhotos``): every photo in a strip that snaps from one to the next, a row of
/// thumbnails linking to each, and the list of its variants. No script: the thumbnails and the
/// variants are links to the photos' anchors (`#view-2`), which the browser scrolls into view.
extension SiteRenderer {
    /// A product's photos in order, the cover first, each with its own variant's terms.
    static func views(of photo: SitePhoto) -> [SitePhoto] {
        [photo.withOwnTerms] + photo.productPhotos
    }

    /// The anchor of the product's `number`th photo (1-based).
    static func viewID(_ number: Int) -> String { "view-\(number)" }

    /// The strip of the product's photos and the thumbnails under it. Each photo's box has its
    /// shape before its file arrives (`--ar`), so nothing moves while they load; only the cover
    /// loads at once.
    func productViewsHTML(
        _ photo: SitePhoto, root: String, sizes: (SitePhoto) -> String,
        src: (SitePhoto) -> String
    ) -> String {
        let views = Self.views(of: photo)
        let label = strings["productPhotos"].htmlEscaped
        // The strip scrolls: a keyboard reaches it (tabindex) to scroll it with the arrow keys.
        var html = "<div class=\"wf-views\"><ul class=\"wf-views-strip\" tabindex=\"0\""
        html += " aria-label=\"\(label)\">"
        for (index, view) in views.enumerated() {
            html += "<li class=\"wf-view\" id=\"\(Self.viewID(index + 1))\">"
            html += pictureHTML(
                view, src: src(view), sizes: sizes(view), eager: index == 0,
                priority: index == 0 ? .high : .auto,
                root: root, imageClass: "wf-item-image", imageStyle: "--ar:\(Self.ratio(view))")
            html += "</li>"
        }
        html +=
            "</ul><ul class=\"wf-thumbs\" aria-label=\"\(label)\">"
        for (index, view) in views.enumerated() {
            // The narrowest rendition is wide enough for a thumbnail at 3× (64 px → 192).
            let file = view.image?.candidates.first.map { root + $0.path } ?? src(view)
            html += "<li><a href=\"#\(Self.viewID(index + 1))\"><img class=\"wf-thumb\""
            if let placeholder = view.image?.placeholder {
                html += " style=\"--ph:\(placeholder.htmlEscaped)\""
            }
            html += " src=\"\(file.htmlEscaped)\" width=\(Self.thumbnailSize)"
            html += " height=\(Self.thumbnailSize) alt=\"\(view.alt.htmlEscaped)\" loading=lazy"
            html += " decoding=async></a></li>"
        }
        return html + "</ul></div>"
    }

    /// The side of a thumbnail's square, in CSS px (the stylesheet's `.wf-thumb`): a tap target
    /// larger than 44 px.
    static let thumbnailSize = 64

    /// The product's variants, each named once in the order of its first photo, as links to
    /// that photo with its price and availability when the variants differ in them (an
    /// unavailable one always says so); empty without variants.
    func variantsHTML(_ photo: SitePhoto) -> String {
        var seen: Set<String> = []
        let variants = Self.views(of: photo).enumerated().filter { _, view in
            view.variant.map { seen.insert($0).inserted } ?? false
        }
        // A price or a state is worth repeating only when the variants differ in it.
        let pricesDiffer = Set(variants.map(\.element.price)).count > 1
        let statesDiffer = Set(variants.map(\.element.availability)).count > 1
        var items = ""
        for (index, view) in variants {
            items += "<li><a href=\"#\(Self.viewID(index + 1))\" dir=\"auto\">"
            items += view.variant!.htmlEscaped + "</a>"
            if pricesDiffer, let price = view.price {
                items += " <bdi class=\"wf-variant-price\">\(price.htmlEscaped)</bdi>"
            }
            if statesDiffer || view.isUnavailable,
                let words = view.availability?.wordsKey.map({ strings[$0] })
            {
                let style =
                    view.isUnavailable ? "wf-badge wf-badge-sold" : "wf-badge wf-badge-state"
                items += " <span class=\"\(style)\">\(words.htmlEscaped)</span>"
            }
            items += "</li>"
        }
        guard !items.isEmpty else { return "" }
        let label = strings["variants"].htmlEscaped
        return
            "<section class=\"wf-variants\" aria-label=\"\(label)\"><h2>\(label)</h2><ul>\(items)</ul></section>"
    }

    /// A photo's width over its height, as the stylesheet's `--ar` takes it.
    static func ratio(_ photo: SitePhoto) -> String {
        NumberText.decimal(Double(photo.width) / Double(photo.height), decimals: aspectDecimals)
    }
}
