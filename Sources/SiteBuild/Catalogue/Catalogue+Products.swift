import SiteRenderer

/// Products of several photos (the metadata's `product`, see ``ProductRows``).
///
/// Until the pages are written the catalogue holds every photo, so each gets its renditions
/// and its original like any other; ``foldingProducts()`` then makes each product one card, its
/// cover, holding the others in ``SitePhoto/productPhotos`` for the product page.
extension Catalogue {
    /// The positions in ``photos`` of each product's photos, by the position of its first photo
    /// in page order: its cover first (the lowest `position`, else the first in page order),
    /// then the others by `position`, then page order. Empty when no photo names a product.
    func productCovers() -> [Int: [Int]] { productMembers }

    /// ``productCovers()`` of photos with the `product` keys and `position` places given.
    static func productMembers(_ productKeys: [String?], places productPlaces: [Double?])
        -> [Int: [Int]]
    {
        guard !productKeys.isEmpty, productKeys.count == productPlaces.count else { return [:] }
        var members: [String: [Int]] = [:]
        for (position, key) in productKeys.enumerated() {
            guard let key else { continue }
            members[key, default: []].append(position)
        }
        var covers: [Int: [Int]] = [:]
        // Each product's positions are in page order: the first is where its card stands.
        for positions in members.values {
            covers[positions[0]] = positions.sorted {
                (productPlaces[$0] ?? .infinity, $0) < (productPlaces[$1] ?? .infinity, $1)
            }
        }
        return covers
    }

    /// The number of cards: photos, less the photos a product's cover stands for.
    var cardCount: Int {
        photos.count - productCovers().values.reduce(0) { $0 + $1.count - 1 }
    }

    /// The page each photo is shown on, by position in ``photos``: its own item page, or its
    /// product's (what a redirect from the photo's old page leads to).
    func pagePaths() -> [String?] {
        var paths = photos.map(\.itemPath)
        for members in productCovers().values {
            let page = photos[members[0]].itemPath
            for position in members { paths[position] = page }
        }
        return paths
    }

    /// The catalogue with each product one card: its cover, at the place of the product's first
    /// photo in page order, with the product's other photos in ``SitePhoto/productPhotos``.
    func foldingProducts() -> Catalogue {
        let covers = productCovers()
        guard !covers.isEmpty else { return self }
        var folded = self
        // By position rather than in sets and dictionaries of positions: at 25,000 products of
        // 4 photos their hashing was a fifth of the folding.
        var grouped = [Bool](repeating: false, count: photos.count)
        var productAt = [[Int]?](repeating: nil, count: photos.count)
        var productOfCover = [[Int]?](repeating: nil, count: photos.count)
        for (first, members) in covers {
            productAt[first] = members
            productOfCover[members[0]] = members
            for position in members { grouped[position] = true }
        }
        // A product's card stands where its first photo does, and is its cover.
        let kept = photos.indices.compactMap { position -> Int? in
            if let members = productAt[position] { return members[0] }
            return grouped[position] ? nil : position
        }
        // Forgotten first: `keep` would otherwise find the cards' products again, for nothing.
        folded.forgetProducts()
        folded.keep(kept) { position in
            var card = photos[position]
            card.productPhotos = productOfCover[position]?.dropFirst().map { photos[$0] } ?? []
            return card.listingAvailableVariant()
        }
        return folded
    }
}
