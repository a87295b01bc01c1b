import SiteRenderer

/// The tags' own page, `tags/index.html`, which the menu links: a card per tag, with the photo
/// of its first product, its name and how many products have it, linking to its page.
struct TagIndexPages: PageKind {
    func folders(of catalogue: Catalogue) -> Set<String> {
        TagPages().folders(of: catalogue)
    }

    func pages(of catalogue: Catalogue, context: PageKindContext) -> [DeclaredPage] {
        let tags = context.tags
        guard !tags.isEmpty else { return [] }
        let strings = context.strings
        // The cards are a catalogue of their own: one photo per tag.
        var cards = catalogue
        cards.photos = zip(tags, Self.covers(tags)).map { tag, cover in
            Self.card(tag, catalogue.photos[cover], strings)
        }
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
            // Its cards are tags, not photos to count.
            countsPhotos: false,
            section: { SiteSection(folder: "", title: "", photos: $0) })
    }

    /// Each tag's cover: its first product that no other tag shows, so two tags of the same
    /// products do not show the same photo (tags of fewer products choose first, as they have
    /// less to choose from); its first product when all are taken.
    static func covers(_ tags: [CatalogueTag]) -> [Int] {
        var shown: Set<Int> = []
        var covers = tags.map { $0.positions[0] }
        let choosingOrder = tags.indices.sorted {
            (tags[$0].positions.count, $0) < (tags[$1].positions.count, $1)
        }
        for index in choosingOrder {
            let positions = tags[index].positions
            covers[index] = positions.first { !shown.contains($0) } ?? positions[0]
            shown.insert(covers[index])
        }
        return covers
    }

    /// The tag's card: `cover`'s image and shape, the tag's name and count as its text, linking
    /// to the tag's page; nothing of the product's own (price, badge, availability).
    static func card(_ tag: CatalogueTag, _ cover: SitePhoto, _ strings: InterfaceStrings)
        -> SitePhoto
    {
        var card = SitePhoto(
            path: cover.path, width: cover.width, height: cover.height,
            alt: cover.alt, title: tag.name, caption: strings.photoCount(tag.positions.count),
            image: cover.image)
        card.opensOriginal = cover.opensOriginal
        card.tileShape = cover.tileShape
        card.focus = cover.focus
        card.name = tag.name
        card.itemPath = SiteCollection.tagPath(of: tag.name)
        return card
    }
}
