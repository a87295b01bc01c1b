import SiteRenderer

extension SiteBuilder {
    /// The redirects after this build (see ``Redirects/following(_:moves:)``): the previous
    /// build's, and one for each photo whose item page moved since, matched by the photo's path.
    func redirects(
        _ catalogue: Catalogue, cache: BuildCache?, previousPositions: () -> [Int?]
    ) -> Redirects {
        guard let cache, !cache.itemPaths.isEmpty || !cache.redirects.isEmpty else {
            return Redirects()
        }
        let positions = previousPositions()
        // A photo of a product leads to the product's page.
        let pages = catalogue.pagePaths()
        func previousItemPath(_ index: Int) -> String? {
            positions[catalogue.scanIndices[index]].flatMap {
                cache.itemPaths.indices.contains($0) ? cache.itemPaths[$0] : nil
            }
        }
        // Most builds move no page and have no redirects: they make no list of moves.
        guard
            !cache.redirects.isEmpty
                || catalogue.photos.indices.contains(where: { index in
                    previousItemPath(index).map { $0 != pages[index] } ?? false
                })
        else { return Redirects() }
        let moves = catalogue.photos.indices.map { index in
            Redirects.Move(
                photoPath: catalogue.photos[index].path, itemPath: pages[index],
                previousItemPath: previousItemPath(index))
        }
        return Redirects.following(cache.redirects, moves: moves)
    }

    /// Publishes a page at each redirect's old path and, unless host files are off or the owner's
    /// static folder brings its own, the `_redirects` file; records the redirects and every
    /// photo's item page path in `draft` for the next build.
    func writeRedirects(
        _ redirects: Redirects, catalogue: Catalogue, renderer: SiteRenderer,
        staticFolder: StaticFolder?, draft: inout BuildCache.Draft, to publisher: SitePublisher
    ) throws(SiteBuildError) {
        // By index: a copy of each photo costs a rebuild of 100,000 photos more than the loop.
        for index in catalogue.photos.indices {
            draft.itemPaths[catalogue.scanIndices[index]] = catalogue.photos[index].itemPath
        }
        draft.redirects = redirects
        // Most builds have no redirects: they look at no photo (a copy of every photo here was
        // a tenth of a 100,000-photo rebuild's time).
        guard !redirects.isEmpty else { return }
        var itemPaths: [String: String] = [:]
        var names: [String: String] = [:]
        // `catalogue` has one card per product; the product's other photos lead to its page.
        for card in catalogue.photos {
            guard let itemPath = card.itemPath else { continue }
            itemPaths[card.path] = itemPath
            if names[itemPath] == nil { names[itemPath] = card.name ?? card.alt }
            for photo in card.productPhotos { itemPaths[photo.path] = itemPath }
        }
        let targets = redirects.targets(itemPaths: itemPaths)
        for target in targets {
            try publisher.publish(
                Redirects.page(
                    from: target.from, to: target.to, name: names[target.to] ?? "",
                    language: renderer.options.language, site: renderer.options.baseURL),
                at: target.from)
        }
        if settings.hostFiles && staticFolder?.hasRedirects != true {
            try publisher.publish(Redirects.hostFile(targets), at: Redirects.hostFileName)
        }
    }
}
