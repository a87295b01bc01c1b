extension SiteRenderer {
    /// Where a photo's item page sits in the site: what its breadcrumb, back link and
    /// previous/next links point at.
    public struct ItemContext: Sendable, Hashable {
        /// The section's header text; empty for the photos at the top level.
        public var sectionTitle: String
        /// The gallery page that shows the photo's tile (`page-2.html`), and the id of the
        /// photo's section there.
        public var galleryPage: String
        public var sectionID: String
        /// The photos before and after it in gallery order, across sections and pages.
        public var previous: SitePhoto?
        public var next: SitePhoto?
        /// The section's category page, relative to the site's root (`ceramics/index.html`),
        /// which the breadcrumb links; nil: the section where it starts on the gallery page.
        public var categoryPath: String?

        public init(
            sectionTitle: String, galleryPage: String, sectionID: String,
            previous: SitePhoto? = nil, next: SitePhoto? = nil, categoryPath: String? = nil
        ) {
            self.categoryPath = categoryPath
            self.sectionTitle = sectionTitle
            self.galleryPage = galleryPage
            self.sectionID = sectionID
            self.previous = previous
            self.next = next
        }
    }

    /// The HTML of `photo`'s own page (at its ``SitePhoto/itemPath``), with no JavaScript: the
    /// photo sized to the screen, its text, a call to action for its `link`, and links back to
    /// its tile and on to its neighbours. Every link is relative, so the site works from
    /// `file://` and any sub-path.
    public func itemPage(_ photo: SitePhoto, context: ItemContext) -> String {
        let itemPath = photo.itemPath ?? "\(Self.itemsFolder)/item.html"
        let root = String(
            repeating: "../", count: itemPath.utf8.count(where: { $0 == UInt8(ascii: "/") }))
        func fromRoot(_ path: String) -> String { root + path }
        /// A sibling item page, relative to this one.
        func itemLink(_ other: SitePhoto?) -> String {
            guard let path = other?.itemPath else { return "" }
            return root + path.percentEncodedPath
        }
        let name = photo.name ?? photo.title ?? photo.alt
        let original = options.photosFolder + "/" + photo.path.percentEncodedPath
        let originalPublished =
            photo.opensOriginal && (options.linksOriginals || photo.image == nil)
        let image = photo.image
        let ratio = NumberText.decimal(
            Double(photo.width) / Double(photo.height), decimals: Self.aspectDecimals)
        var values = [String: TemplateValue](minimumCapacity: 40)
        values["lang"] = .text(options.language)
        values["dir"] = .text(LanguageDirection.dirAttribute(options.language))
        values["title"] = .text(name + " · " + options.title)
        values["name"] = .text(name)
        var description = photo.caption ?? name
        if let price = photo.price { description += " · " + price }
        if !context.sectionTitle.isEmpty { description += " · " + context.sectionTitle }
        values["description"] = .text(description)
        values["canonical"] = .text(canonical(itemPath))
        values["sharing"] = .markup(
            itemSharing(photo, itemPath: itemPath, name: name, description: description))
        values["stylesheet"] = .text(fromRoot(stylesheetPath))
        values["favicon"] = .text(options.faviconPath.isEmpty ? "" : fromRoot(options.faviconPath))
        values["generator"] = .text("waterfall-site")
        values["siteTitle"] = .text(options.title)
        // The header names the shop; the breadcrumb starts at the whole catalogue.
        values["all"] = .text(strings["all"])
        values["home"] = .text(fromRoot(SitePage.fileName(1)))
        values["logo"] = .text(options.logoPath.isEmpty ? "" : fromRoot(options.logoPath))
        values["links"] = .markup(linksHTML(root: root))
        values["section"] = .text(context.sectionTitle)
        values["sectionHref"] = .text(
            fromRoot(
                context.categoryPath?.percentEncodedPath
                    ?? context.galleryPage + "#" + context.sectionID))
        values["breadcrumbLabel"] = .text(strings["breadcrumb"])
        values["src"] = .text(fromRoot(image?.src ?? original))
        values["srcset"] = .text(image.map { SiteImage.srcset($0.candidates, root: root) } ?? "")
        let sizes = itemImageSizes(photo)
        values["sizes"] = .text(sizes)
        // The same WebP and AVIF sources as the photo's tile, with this page's own `sizes`.
        // Its shape (`--ar`) lets the stylesheet give the image its box before the file
        // arrives: sized by the file alone, it would be 0 px wide until then, and the text
        // below it would jump down when it loads. It is the page's largest image and its
        // first screen, so the browser fetches it before anything else (`fetchpriority=high`).
        if photo.productPhotos.isEmpty {
            values["picture"] = .markup(
                pictureHTML(
                    photo, src: fromRoot(image?.src ?? original), sizes: sizes, eager: true,
                    priority: .high, root: root, imageClass: "wf-item-image",
                    imageStyle: "--ar:\(ratio)"))
        } else {
            values["picture"] = .markup(
                productViewsHTML(
                    photo, root: root, sizes: itemImageSizes,
                    src: {
                        fromRoot(
                            $0.image?.src ?? options.photosFolder + "/" + $0.path.percentEncodedPath
                        )
                    }
                ))
        }
        values["variants"] = .markup(variantsHTML(photo))
        values["width"] = .text(String(photo.width))
        values["height"] = .text(String(photo.height))
        values["alt"] = .text(photo.alt)
        values["caption"] = .text(photo.caption ?? "")
        values["tags"] = .markup(
            photo.tags.map { tag in
                let href = root + SiteCollection.tagPath(of: tag).percentEncodedPath
                return
                    "<li><a href=\"\(href.htmlEscaped)\" dir=\"auto\">\(tag.htmlEscaped)</a></li>"
            }.joined())
        values["tagsLabel"] = .text(strings["tagsLabel"])
        values["price"] = .text(photo.price ?? "")
        values["badge"] = .text(photo.badge ?? "")
        availabilityValues(photo, into: &values)
        values["link"] = .text(photo.link.map { Self.isAbsolute($0) ? $0 : root + $0 } ?? "")
        values["callToAction"] = .text(callToAction(photo))
        values["original"] = .text(originalPublished ? fromRoot(original) : "")
        values["downloadOriginal"] = .text(strings["downloadOriginal"])
        values["back"] = .text(
            fromRoot(context.galleryPage + "#" + Self.tileID(itemPath).percentEncodedPath))
        values["backToGallery"] = .text(strings["backToGallery"])
        values["previous"] = .text(itemLink(context.previous))
        values["previousName"] = .text(context.previous.map(Self.shownName) ?? "")
        values["previousWord"] = .text(strings["previous"])
        values["next"] = .text(itemLink(context.next))
        values["nextName"] = .text(context.next.map(Self.shownName) ?? "")
        values["nextWord"] = .text(strings["next"])
        values["neighboursLabel"] = .text(strings["pages"])
        return theme.item.render(values)
    }

    /// The item page image's `sizes`: its column's width, or 85vh tall where that binds (the
    /// built-in stylesheet's `.wf-item-image`); see ``ItemImageSizes``. A stylesheet of the
    /// owner's may lay the page out otherwise, so there it claims the viewport's width (or 85vh
    /// tall on a screen wider than the photo): never fewer pixels than the image shows.
    func itemImageSizes(_ photo: SitePhoto) -> String {
        guard theme.hasBuiltInStylesheet else {
            return
                "(min-aspect-ratio: \(photo.width)/\(photo.height)) calc(85vh * \(Self.ratio(photo))), 100vw"
        }
        return ItemImageSizes.sizes(
            width: photo.width, height: photo.height, ratio: Self.ratio(photo))
    }

    /// The name an item page and its neighbours' links show.
    static func shownName(_ photo: SitePhoto) -> String { photo.name ?? photo.title ?? photo.alt }

    /// Whether a product link leaves the site (`https://…`); a relative one is relative to the
    /// site's root, so an item page one folder down goes up to it.
    static func isAbsolute(_ link: String) -> Bool {
        let lower = link.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || link.hasPrefix("/")
            || link.hasPrefix("#")
    }
}
