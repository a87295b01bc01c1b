import SiteRenderer

/// A gallery of its own for every titled section (folder), at `ceramics/index.html` and on
/// (see ``CategoryPaths``): the section's photos in catalogue order, paged as the home gallery,
/// laid out with the section's own columns and insets, under its title as the page's heading.
struct CategoryPages: PageKind {
    func folders(of catalogue: Catalogue) -> Set<String> {
        Set(
            catalogue.categories.compactMap {
                catalogue.categoryPath(of: $0)?.split(separator: "/").first.map(String.init)
            })
    }

    func pages(of catalogue: Catalogue, context: PageKindContext) -> [DeclaredPage] {
        let ranges = catalogue.folderRanges()
        return catalogue.categories.flatMap { folder -> [DeclaredPage] in
            guard let range = ranges[folder], let first = catalogue.categoryPath(of: folder) else {
                return []
            }
            let title = catalogue.title(of: folder)
            let options = catalogue.options(of: folder)
            let folderPath = String(first.dropLast(SitePage.fileName(1).utf8.count))
            return Self.collectionPages(
                catalogue, positions: Array(range), context: context, title: title,
                description: [
                    title, context.strings.photoCount(range.count), context.renderer.options.title,
                ]
                .joined(separator: " · "),
                paths: { count in (1...count).map { folderPath + SitePage.fileName($0) } },
                // The page's heading is the section's title, so the section has no header band.
                section: { SiteSection(folder: folder, title: "", photos: $0, options: options) })
        }
    }
}
