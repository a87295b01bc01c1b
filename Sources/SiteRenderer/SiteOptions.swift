import MasonryLayout

/// What the renderer needs besides the photos: the layout options and the page furniture.
public struct SiteOptions: Sendable {
    public var title: String
    /// The engine's options; `.rightToLeft` mirrors the tiles only. The page's `dir="rtl"`
    /// comes from a right-to-left ``language`` (see ``LanguageDirection``), so an English page
    /// with mirrored tiles keeps its text left to right.
    public var layout: LayoutOptions
    /// Height of the caption band under every photo, 0 for none (the engine's extra height).
    public var captionHeight: Double
    /// Height of a section header; sections without a title get none.
    public var headerHeight: Double
    /// Height of a section footer; sections without footer text get none.
    public var footerHeight: Double
    /// Where the originals live inside the site (relative URL prefix, no trailing slash).
    public var photosFolder: String
    /// How far down the gallery the first screen reaches, in CSS px: tiles whose top edge is
    /// below it at every gallery width load lazily (see ``FirstScreen``).
    ///
    /// The default, 852, is the viewport of the tallest common phone (932 CSS px, a 430 × 932
    /// iPhone Pro Max) less 80 px for the page header above the gallery, the least the default
    /// theme's title and photo count take there (section titles are in the layout already).
    /// Shorter screens see fewer tiles; their extra eager tiles are the cost of one page for all.
    /// A taller desktop window shows tiles below it, which still load at once, as lazy images in
    /// the viewport do, only without a head start over the ones on a phone's first screen.
    public var firstScreenHeight: Double
    public var language: String
    /// The `sizes` attribute of photos that have renditions (``SiteImage``): the column width per
    /// breakpoint. Lazy images get `auto, ` in front, so browsers that know the laid-out width use it.
    public var imageSizes: String
    /// Whether a tile without a `link` links to the original photo; otherwise to its widest
    /// rendition (the original is then not published unless it has no renditions).
    public var linksOriginals: Bool
    /// The interface words in the site's language.
    public var strings = InterfaceStrings()
    /// What the page says about the site (`<meta name=description>`); the title when empty.
    public var description = ""
    /// A paragraph under the site's title.
    public var intro = ""
    /// The logo and favicon inside the site (`assets/…`), empty for none.
    public var logoPath = ""
    public var faviconPath = ""
    /// Where the site is published (`--base-url`); nil writes nothing that needs an absolute
    /// URL: no share cards, no structured data, and canonical links stay relative.
    public var baseURL: SiteAddress?
    /// Whether the site has `feed.xml`, which every page then links as its alternate.
    public var hasFeed = false
    /// The site's default licence fields of its photos (see ``ImageRights``).
    public var rights = ImageRights()
    /// The header's links on every page, in order (the `links` setting).
    public var links: [SiteLink] = []
    /// Whether every gallery page's footer says "Made with waterfall-site" (`--no-credit`).
    public var credit = true

    public init(
        title: String, layout: LayoutOptions, captionHeight: Double = 0, headerHeight: Double = 56,
        footerHeight: Double = 48,
        photosFolder: String = "photos", firstScreenHeight: Double = 852, language: String = "en",
        imageSizes: String = "100vw", linksOriginals: Bool = true
    ) {
        self.title = title
        self.layout = layout
        self.captionHeight = captionHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.photosFolder = photosFolder
        self.firstScreenHeight = firstScreenHeight
        self.language = language
        self.imageSizes = imageSizes
        self.linksOriginals = linksOriginals
    }
}
