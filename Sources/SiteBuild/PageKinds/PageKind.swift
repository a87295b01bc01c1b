import SiteRenderer

/// A kind of gallery page the site has beside the home gallery: the category pages, the tag
/// pages, the tags' index. A kind declares, from the ``Catalogue`` alone, every page it has and
/// how to make each one as a ``SitePage``; the ``PageKindWriter`` keys, lays out, renders and
/// publishes them all alike, so a kind spells no key, no cache entry and no folder list.
///
/// Adding a kind: its type, one line in ``PageKinds/registered``, and its words in
/// `strings.json`; the page itself is the theme's `page.html`.
protocol PageKind: Sendable {
    /// The site's top-level folders its pages go in, for the clash check with the owner's
    /// static folder.
    func folders(of catalogue: Catalogue) -> Set<String>

    /// Every page of this kind that `catalogue` has.
    func pages(of catalogue: Catalogue, context: PageKindContext) -> [DeclaredPage]
}

/// What every kind's pages share: the renderer (for its words), the site's menu and the
/// catalogue's tags.
struct PageKindContext: Sendable {
    let renderer: SiteRenderer
    let menu: [MenuEntry]
    /// ``Catalogue/tags()``, found once for all the kinds that show them (a pass over every
    /// photo's tags).
    let tags: [CatalogueTag]

    init(renderer: SiteRenderer, menu: [MenuEntry], catalogue: Catalogue) {
        self.renderer = renderer
        self.menu = menu
        tags = catalogue.tags()
    }

    var strings: InterfaceStrings { renderer.options.strings }
}

/// One page a kind declares: where it goes and the page it shows, made when needed (a kept page
/// is made only to compute its key), so the build holds one page at a time per core.
struct DeclaredPage: Sendable {
    /// Relative to the site's root, not percent-encoded.
    let path: String
    let page: @Sendable () -> SitePage
}

extension PageKind {
    /// The pages of a collection of `positions` in ``Catalogue/photos``, paged as the home
    /// gallery is, at `paths(pageCount)`; `section` makes each page's one section of photos.
    static func collectionPages(
        _ catalogue: Catalogue, positions: [Int], context: PageKindContext,
        title: String, description: String, paths: (Int) -> [String], countsPhotos: Bool = true,
        section: @escaping @Sendable ([SitePhoto]) -> SiteSection
    ) -> [DeclaredPage] {
        let ranges = Catalogue.pageRanges(count: positions.count, pageSize: catalogue.pageSize)
        var collection = SiteCollection(
            title: title, description: description, pagePaths: paths(ranges.count))
        collection.countsPhotos = countsPhotos
        let menu = context.menu
        let shown = collection
        return ranges.enumerated().map { index, range in
            DeclaredPage(path: shown.pagePaths[index]) {
                let photos = positions[range].map { catalogue.photos[$0] }
                var page = SitePage(
                    number: index + 1, count: ranges.count, sections: [section(photos)])
                page.collection = shown
                page.menu = menu
                page.siteCount = positions.count
                return page
            }
        }
    }
}
