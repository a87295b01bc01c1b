/// A gallery of part of the catalogue on pages of its own: a category (one folder's products, at
/// `ceramics/index.html`) or a tag (every product tagged "blue", at `tags/blue.html`), or the
/// tags' own page. It is laid out, paged and rendered as the home gallery is; only its title,
/// description, paths and the way back home differ.
public struct SiteCollection: Sendable, Hashable {
    /// The heading of its pages ("Ceramics", "blue").
    public var title: String
    /// The pages' meta description and share card text.
    public var description: String
    /// Each page's path relative to the site's root, in page order; not percent-encoded.
    public var pagePaths: [String]
    /// Whether the header counts its cards as photos ("4 photos"); false for a page of cards
    /// that stand for something else (the tags' page).
    public var countsPhotos = true

    public init(title: String, description: String, pagePaths: [String]) {
        self.title = title
        self.description = description
        self.pagePaths = pagePaths
    }

    /// The folder of the tag pages and of their index, `tags/index.html`.
    public static let tagsFolder = "tags"

    /// The index of the tags: a card per tag.
    public static let tagsIndexPath = tagsFolder + "/index.html"

    /// The slug a tag is known by: tags whose slugs are equal ("Blue", "blue") are one tag.
    public static func tagSlug(_ tag: String) -> String {
        let slug = Slug.make(tag, empty: "tag")
        // `tags/index.html` is the tags' own page.
        return slug == "index" ? "index-tag" : slug
    }

    /// The paths of the `count` pages of the tag `tag`: `tags/blue.html`, then
    /// `tags/blue/page-2.html` and on, which no other tag's slug can spell.
    public static func tagPagePaths(of tag: String, count: Int) -> [String] {
        let slug = tagSlug(tag)
        return (1...max(1, count)).map {
            $0 == 1 ? "\(tagsFolder)/\(slug).html" : "\(tagsFolder)/\(slug)/page-\($0).html"
        }
    }

    /// The first page of the tag `tag`.
    public static func tagPath(of tag: String) -> String { tagPagePaths(of: tag, count: 1)[0] }

    /// `../` for each folder `path` (relative to the site's root) is in.
    public static func root(of path: String) -> String {
        String(repeating: "../", count: path.utf8.count(where: { $0 == UInt8(ascii: "/") }))
    }
}
