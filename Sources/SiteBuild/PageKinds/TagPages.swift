import SiteRenderer

/// A gallery for every tag of the metadata's `tags`, at `tags/blue.html` and on (see
/// ``SiteCollection/tagPagePaths(of:count:)``): the products that have it, in catalogue order,
/// laid out with the site's own columns, whatever their sections.
struct TagPages: PageKind {
    func folders(of catalogue: Catalogue) -> Set<String> {
        catalogue.photos.contains { !$0.tags.isEmpty } ? [SiteCollection.tagsFolder] : []
    }

    func pages(of catalogue: Catalogue, context: PageKindContext) -> [DeclaredPage] {
        context.tags.flatMap { tag in
            Self.collectionPages(
                catalogue, positions: tag.positions, context: context, title: tag.name,
                description: [
                    tag.name, context.strings.photoCount(tag.positions.count),
                    context.renderer.options.title,
                ].joined(separator: " · "),
                paths: { SiteCollection.tagPagePaths(of: tag.name, count: $0) },
                section: { SiteSection(folder: "", title: "", photos: $0) })
        }
    }
}
