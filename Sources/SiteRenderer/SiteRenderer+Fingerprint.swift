extension SiteRenderer {
    /// One section of a page as a builder holds it: its fields, and its photos as a slice of a
    /// larger array.
    public typealias SectionSlice = (
        folder: String, title: String, options: SectionOptions, photos: ArraySlice<SitePhoto>
    )

    /// A digest of everything `page`'s HTML and its `layout.json` entry depend on: the theme, the
    /// options, the page's number and the page count, and every field of its sections and photos.
    /// A builder that keeps the fingerprint of each page it wrote can keep a page whose
    /// fingerprint (from a renderer of the same program) is unchanged instead of rendering it.
    ///
    /// - Parameter salt: what identifies the program itself (its version and build), mixed in so
    ///   a new renderer never trusts an old one's pages.
    public func fingerprint(of page: SitePage, salt: UInt64) -> UInt64 {
        fingerprint(
            page: page.number, of: page.count,
            sections: page.sections.map { ($0.folder, $0.title, $0.options, $0.photos[...]) },
            menu: page.menu, shareImage: page.shareImage, collection: page.collection, salt: salt)
    }

    /// The fingerprint of the page that ``fingerprint(of:salt:)`` gives, for a builder that has
    /// the page's photos in slices of a larger array and need not copy them into a ``SitePage``.
    public func fingerprint(
        page number: Int, of count: Int, sections: [SectionSlice], menu: [MenuEntry] = [],
        shareImage: ShareImage? = nil, collection: SiteCollection? = nil, salt: UInt64
    ) -> UInt64 {
        fingerprint(
            page: number, of: count, sections: sections, menu: menu, shareImage: shareImage,
            collection: collection, products: false, salt: salt)
    }

    /// `products`: whether the other photos of a product count, as on its page; a gallery card
    /// shows the cover alone, so a change to another photo of a product keeps the gallery page.
    private func fingerprint(
        page number: Int, of count: Int, sections: [SectionSlice], menu: [MenuEntry],
        shareImage: ShareImage?, collection: SiteCollection?, products: Bool, salt: UInt64
    ) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(salt)
        hasher.combine(settingsDigest)
        hasher.combine(number)
        hasher.combine(count)
        hasher.combine(menu.count)
        for entry in menu {
            hasher.combine(entry.title)
            hasher.combine(entry.path)
        }
        if let collection {
            hasher.combine(collection.title)
            hasher.combine(collection.description)
            hasher.combine(collection.countsPhotos ? 1 : 0)
            hasher.combine(collection.pagePaths.count)
            for path in collection.pagePaths { hasher.combine(path) }
        } else {
            hasher.combine(-4)
        }
        if let shareImage {
            hasher.combine(shareImage.path)
            hasher.combine(shareImage.width)
            hasher.combine(shareImage.height)
            hasher.combine(shareImage.alt)
        } else {
            hasher.combine(-3)
        }
        for section in sections {
            hasher.combine(section.folder)
            hasher.combine(section.title)
            // Plain values, as the renderer's options (see `settingsDigest`).
            hasher.combine(
                section.options == SectionOptions() ? "" : String(reflecting: section.options))
            hasher.combine(section.photos.count)
            for photo in section.photos {
                Self.combine(photo, into: &hasher)
                if products { Self.combineProduct(photo, into: &hasher) }
            }
        }
        return hasher.value
    }

    /// A digest of everything the item pages of gallery page `number` depend on (see
    /// ``itemPage(_:context:)``): the theme, the options, the page's number, its sections and
    /// photos, and the photos just before and after the page, whose names and paths the first and
    /// last item pages link to. A builder keeps a page's item pages while it is unchanged.
    public func fingerprint(
        itemsOfPage number: Int, sections: [SectionSlice], previous: SitePhoto?, next: SitePhoto?,
        salt: UInt64
    ) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine("items")
        hasher.combine(
            fingerprint(
                page: number, of: 0, sections: sections, menu: [], shareImage: nil,
                collection: nil, products: true, salt: salt))
        for neighbour in [previous, next] {
            if let neighbour { Self.combine(neighbour, into: &hasher) } else { hasher.combine(-2) }
        }
        return hasher.value
    }

    /// The other photos of `photo`'s product, which its page shows.
    private static func combineProduct(_ photo: SitePhoto, into hasher: inout StableHasher) {
        hasher.combine(photo.productPhotos.count)
        if let terms = photo.coverTerms {
            hasher.combine(terms.price)
            hasher.combine(terms.compareAtPrice)
            hasher.combine(terms.availability?.rawValue)
            hasher.combine(terms.offer?.amount)
            hasher.combine(terms.offer?.currency)
        }
        for other in photo.productPhotos { combine(other, into: &hasher) }
    }

    /// Every field of `photo` that a page or an item page shows, as its digest.
    private static func combine(_ photo: SitePhoto, into hasher: inout StableHasher) {
        hasher.combine(photo.digest(made: digest(of:)))
    }

    /// The digest of every field of `photo` that a page or an item page shows.
    private static func digest(of photo: SitePhoto) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(photo.path)
        hasher.combine(photo.width)
        hasher.combine(photo.height)
        hasher.combine(photo.tileShape?.width ?? -1)
        hasher.combine(photo.tileShape?.height ?? -1)
        hasher.combine(photo.focus)
        hasher.combine(photo.alt)
        hasher.combine(photo.title)
        hasher.combine(photo.name)
        hasher.combine(photo.caption)
        hasher.combine(photo.price)
        hasher.combine(photo.link)
        hasher.combine(photo.opensOriginal ? 1 : 0)
        hasher.combine(photo.badge)
        hasher.combine(photo.availability?.rawValue)
        hasher.combine(photo.compareAtPrice)
        hasher.combine(photo.itemPath)
        hasher.combine(photo.tags.count)
        for tag in photo.tags { hasher.combine(tag) }
        hasher.combine(photo.variant)
        if let offer = photo.offer {
            hasher.combine(offer.amount)
            hasher.combine(offer.currency)
        } else {
            hasher.combine(-3)
        }
        for key in ImageRights.keys { hasher.combine(photo.rights?[key]) }
        if let image = photo.image {
            hasher.combine(image.src)
            hasher.combine(image.candidates.count)
            for candidate in image.candidates {
                hasher.combine(candidate.path)
                hasher.combine(candidate.width)
            }
            // The WebP and AVIF sets of the tile's <picture>.
            hasher.combine(image.sources.count)
            for source in image.sources {
                hasher.combine(source.type)
                hasher.combine(source.candidates.count)
                for candidate in source.candidates {
                    hasher.combine(candidate.path)
                    hasher.combine(candidate.width)
                }
            }
            hasher.combine(image.placeholder)
        } else {
            hasher.combine(-1)
        }
        return hasher.value
    }
}
