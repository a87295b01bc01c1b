extension SiteRenderer {
    /// The image a page shares: a chat preview's or search result's picture.
    public struct ShareImage: Sendable, Hashable {
        /// Inside the site, URL-safe.
        public var path: String
        public var width: Int
        public var height: Int
        public var alt: String

        public init(path: String, width: Int, height: Int, alt: String) {
            self.path = path
            self.width = width
            self.height = height
            self.alt = alt
        }

        /// The media type its name says.
        public var type: String {
            let lower = path.lowercased()
            for (suffix, type) in [
                (".png", "image/png"), (".webp", "image/webp"), (".avif", "image/avif"),
                (".gif", "image/gif"),
            ] where lower.hasSuffix(suffix) {
                return type
            }
            return "image/jpeg"
        }
    }

    /// The least width of a share image where the photo has it (Google Discover's and the
    /// large social cards' minimum); with `--base-url` every photo gets a rendition this wide
    /// unless the original is narrower (never upscaled).
    public static let shareImageWidth = 1_200

    /// `photo`'s share image: its narrowest rendition at least ``shareImageWidth`` wide, else
    /// its widest, else the original (which is then published).
    public func shareImage(of photo: SitePhoto) -> ShareImage? {
        func height(_ width: Int) -> Int {
            max(1, Int((Double(width) * Double(photo.height) / Double(photo.width)).rounded()))
        }
        if let candidates = photo.image?.candidates, !candidates.isEmpty {
            let chosen =
                candidates.first { $0.width >= Self.shareImageWidth } ?? candidates.last!
            return ShareImage(
                path: chosen.path, width: chosen.width, height: height(chosen.width),
                alt: photo.alt)
        }
        guard photo.opensOriginal else { return nil }
        return ShareImage(
            path: options.photosFolder + "/" + photo.path.percentEncodedPath, width: photo.width,
            height: photo.height, alt: photo.alt)
    }

    /// A page's canonical URL: absolute with `--base-url`, else the page's own file name.
    func canonical(_ path: String) -> String {
        options.baseURL?.url(of: path)
            ?? String(path.split(separator: "/").last ?? "")
            .percentEncodedPath
    }

    /// The `<head>` lines that need the site's address: the Open Graph and Twitter card, the
    /// feed link and the structured data. Empty without `--base-url`.
    func sharingHTML(
        site: SiteAddress?, title: String, description: String, path: String,
        image: ShareImage?, structuredData: StructuredData.Value?
    ) -> String {
        guard let site else { return "" }
        func meta(_ property: String, _ content: String) -> String {
            "<meta property=\"\(property)\" content=\"\(content.htmlEscaped)\">\n"
        }
        var html = meta("og:type", "website")
        html += meta("og:site_name", options.title)
        html += meta("og:title", title)
        html += meta("og:description", description)
        html += meta("og:url", site.url(of: path))
        if let image {
            html += meta("og:image", site.url(ofEncoded: image.path))
            html += meta("og:image:type", image.type)
            html += meta("og:image:width", String(image.width))
            html += meta("og:image:height", String(image.height))
            html += meta("og:image:alt", image.alt)
        }
        html += "<meta name=\"twitter:card\" content=\"summary_large_image\">\n"
        if options.hasFeed {
            html +=
                "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"\(site.url(of: AtomFeed.fileName).htmlEscaped)\" title=\"\(options.title.htmlEscaped)\">\n"
        }
        if let structuredData { html += StructuredData.script(structuredData) + "\n" }
        return html
    }

    /// A gallery page's sharing lines: its first photo's image (or the `shareImage` setting's)
    /// and the list of its item pages.
    func gallerySharing(_ page: SitePage, description: String) -> String {
        guard let site = options.baseURL else { return "" }
        let first = page.sections.lazy.flatMap(\.photos).first
        let image = page.shareImage ?? first.flatMap(shareImage(of:))
        let items = page.sections.flatMap(\.photos).compactMap(\.itemPath).map(site.url(of:))
        let name = page.collection.map { $0.title + " · " + options.title } ?? options.title
        let title = page.count > 1 ? name + " · " + strings.pageOf(page.number, page.count) : name
        return sharingHTML(
            site: site, title: title, description: description, path: page.path,
            image: image,
            structuredData: items.isEmpty ? nil : StructuredData.itemList(name: title, urls: items))
    }

    /// An item page's sharing lines: its own photo, and a `Product` when its price parses, an
    /// `ImageObject` otherwise.
    func itemSharing(_ photo: SitePhoto, itemPath: String, name: String, description: String)
        -> String
    {
        guard let site = options.baseURL else { return "" }
        let image = shareImage(of: photo)
        let imageURL = image.map { site.url(ofEncoded: $0.path) } ?? site.url(of: itemPath)
        let data: StructuredData.Value
        // Where the shopper buys: the product link when given, else this page.
        let url = photo.link.flatMap(site.resolve) ?? site.url(of: itemPath)
        let images = Self.views(of: photo).map { view in
            shareImage(of: view).map { site.url(ofEncoded: $0.path) } ?? imageURL
        }
        let variants = productVariants(photo, site: site, fallbackImage: imageURL)
        if !variants.isEmpty, variants.contains(where: { $0.offer != nil }) {
            data = StructuredData.productGroup(
                name: name, images: images, description: description, url: url,
                variesBy: ProductVariants.variesBy(variants.map(\.name)), variants: variants)
        } else if let offer = photo.offer {
            data = StructuredData.product(
                name: name, images: images, description: description, offer: offer,
                availability: photo.availability ?? .inStock, url: url)
        } else {
            data = StructuredData.imageObject(
                contentURL: imageURL, name: name, caption: photo.caption,
                rights: (photo.rights ?? ImageRights()).over(options.rights))
        }
        return sharingHTML(
            site: site, title: name, description: description, path: itemPath, image: image,
            structuredData: data)
    }

    /// The product's variants for its structured data, each once, with its first photo.
    private func productVariants(_ photo: SitePhoto, site: SiteAddress, fallbackImage: String)
        -> [StructuredData.Variant]
    {
        var seen: Set<String> = []
        return Self.views(of: photo).compactMap { view in
            guard let variant = view.variant, seen.insert(variant).inserted else { return nil }
            return StructuredData.Variant(
                name: variant,
                image: shareImage(of: view).map { site.url(ofEncoded: $0.path) } ?? fallbackImage,
                offer: view.offer, availability: view.availability ?? .inStock)
        }
    }
}
