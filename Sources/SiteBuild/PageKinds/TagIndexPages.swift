import SiteRenderer

/// The tags' own page, `tags/index.html`, which the menu links: a card per tag, with the photo
/// of its first product, its name and how many products have it, linking to its page.
struct TagIndexPages: PageKind {
    func folders(of catalogue: Catalogue) -> Set<String> {
        TagPages().folders(of: catalogue)
    }

    func pages(of catalogue: Catalogue, context: PageKindContext) -> [DeclaredPage] {
        let tags = catalogue.tags()
        guard !tags.isEmpty else { return [] }
        let strings = context.strings
        // The cards are a catalogue of their own: one photo per tag.
        var cards = catalogue
        cards.photos = tags.map { tag in Self.card(tag, catalogue.photos[tag.positions[0]], strings) }
        return Self.collectionPages(
            cards, positions: Array(cards.photos.indices), context: context,
            title: strings["tags"],
            description: [strings["tags"], context.renderer.options.title].joined(separator: " · "),
            paths: { count in
                (1...count).map {
                    $0 == 1
                        ? SiteCollection.tagsIndexPath
                        : "\(SiteCollection.tagsFolder)/index/page-\($0).html"
                }
            },
            section: { SiteSection(folder: "", title: "", photos: $0) })
    }

    /// The tag's card: `cover`'s image and shape, the tag's name and count as its text, linking
    /// to the tag's page; nothing of the product's own (price, badge, availability).
    static func card(_ tag: CatalogueTag, _ cover: SitePhoto, _ strings: InterfaceStrings)
        -> SitePhoto
    {
        var card = SitePhoto(
            path: cover.path, width: cover.width, height: cover.height,
            // The card's text names the link; the image adds nothing to it.
            alt: "", title: tag.name, caption: strings.photoCount(tag.positions.count),
            image: cover.image)
        card.opensOriginal = cover.opensOriginal
        card.tileShape = cover.tileShape
        card.focus = cover.focus
        card.name = tag.name
        card.itemPath = SiteCollection.tagPath(of: tag.name)
        return card
    }
}
