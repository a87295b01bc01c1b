import Synchronization

/// One photo as the site shows it.
///
/// Performance trick, kept on purpose: the fields live in a box shared by copies and copied on
/// the first write (as an array's elements are), so a copy of a photo is one retain rather than
/// one per text field, about twenty. A 100,000-photo products' rebuild copies every photo
/// several times (products folded into cards, every page kind's and item page's key), and
/// those copies were a tenth of its CPU.
public struct SitePhoto: Sendable, Hashable, CustomReflectable {
    /// The photo's fields, as the accessors below read and write them.
    struct Fields: Sendable, Hashable {
        /// Path relative to the photos folder, `/`-separated (also its path under `photos/` in the site).
        var path: String
        /// Display size (after EXIF orientation): the `<img>` width/height and the aspect ratio.
        var width: Int
        var height: Int
        var alt: String
        var title: String?
        var caption: String?
        var price: String?
        /// A product page; the tile links to the original photo when absent.
        var link: String?
        /// Resized copies for `srcset`; nil shows the original.
        var image: SiteImage?
        /// False for a file browsers cannot show (HEIC, and AVIF with its crops): the tile's full
        /// view is then its largest rendition even where originals are linked.
        var opensOriginal = true
        /// Short text on the card and the item page ("New", "Last one"); inside the card's link,
        /// after its text, so a tap on it opens the card and its words end the link's name.
        var badge: String?
        /// The metadata's `availability` (a badge saying "Sold out" is ``Availability/soldOut``);
        /// nil: in stock, unannounced.
        var availability: Availability?
        /// The price before a sale, as the card and the item page show it struck through beside
        /// ``price`` (the metadata's `compareAtPrice`); only ever higher than the price.
        var compareAtPrice: String?
        /// The photo's own page, relative to the site's root (`items/ceramics/red-bowl.html`), not
        /// percent-encoded; nil when the site has no item pages (the card then links the photo).
        var itemPath: String?
        /// The name the item page shows as its heading and the neighbours' links: the title, or the
        /// file name when it is not camera noise, or the alt text.
        var name: String?
        /// The price as an amount and a currency, when ``price`` parses as one (see ``PriceText``):
        /// what the item page's `Product` structured data offers.
        var offer: Offer?
        /// The photo's own licence fields; the site's defaults (``SiteOptions/rights``) fill the rest.
        var rights: ImageRights?
        /// The tile's shape when the gallery crops the photo to the shape caps (see ``TileShape``);
        /// nil: the tile has the photo's own shape. The item page always shows the whole photo.
        var tileShape: TileShape?
        /// Where a cropped tile keeps the photo's subject: a CSS `object-position` ("50% 30%");
        /// nil: the centre.
        var focus: String?
        /// The metadata's `tags`, as the owner wrote them, each once (see ``SiteCollection/tagPath(of:)``):
        /// the item page links each to its tag page.
        var tags: [String] = []
        /// The variant this photo shows ("Blue", "Large"), whose own price and availability are
        /// this photo's; nil: the product as a whole.
        var variant: String?
        /// The product's other photos, in their `position` order after this one, its cover: the
        /// product page shows them all and lists their variants. Empty for a product of one photo.
        var productPhotos: [SitePhoto] = []
        /// The cover's own variant's terms when its card offers another variant's (see
        /// ``listingAvailableVariant()``); nil: the card's terms are its own.
        var coverTerms: SaleTerms?

        init(
            path: String, width: Int, height: Int, alt: String, title: String?,
            caption: String?, price: String?, link: String?, image: SiteImage?
        ) {
            self.path = path
            self.width = width
            self.height = height
            self.alt = alt
            self.title = title
            self.caption = caption
            self.price = price
            self.link = link
            self.image = image
        }
    }

    /// The box of ``Fields``: written only while uniquely referenced (see `uniqueStorage()`),
    /// so shared copies never see a change, which is what makes it safe to send.
    final class Storage: @unchecked Sendable {
        var fields: Fields
        /// The fields' digest for the pages' keys once found (see ``digest(made:)``); 0: not
        /// yet, or changed since.
        let digest = Atomic<UInt64>(0)

        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    /// The box, copied first when another photo shares it; its digest forgotten, as the
    /// caller is about to change a field.
    private mutating func uniqueStorage() -> Storage {
        if isKnownUniquelyReferenced(&storage) {
            storage.digest.store(0, ordering: .relaxed)
        } else {
            storage = Storage(storage.fields)
        }
        return storage
    }

    /// `made(self)`, found once for the box: a card is in the keys of its gallery page, its
    /// category's, its tags' and its item page, and a product's photos in their cover's.
    /// Hashing every field each time was a tenth of a products' rebuild. Threads that find it
    /// at once store the same value.
    func digest(made: (SitePhoto) -> UInt64) -> UInt64 {
        let known = storage.digest.load(ordering: .relaxed)
        if known != 0 { return known }
        // 0 stands for "not yet".
        let digest = max(made(self), 1)
        storage.digest.store(digest, ordering: .relaxed)
        return digest
    }

    public var path: String {
        get { storage.fields.path }
        set { uniqueStorage().fields.path = newValue }
    }

    public var width: Int {
        get { storage.fields.width }
        set { uniqueStorage().fields.width = newValue }
    }

    public var height: Int {
        get { storage.fields.height }
        set { uniqueStorage().fields.height = newValue }
    }

    public var alt: String {
        get { storage.fields.alt }
        set { uniqueStorage().fields.alt = newValue }
    }

    public var title: String? {
        get { storage.fields.title }
        set { uniqueStorage().fields.title = newValue }
    }

    public var caption: String? {
        get { storage.fields.caption }
        set { uniqueStorage().fields.caption = newValue }
    }

    public var price: String? {
        get { storage.fields.price }
        set { uniqueStorage().fields.price = newValue }
    }

    public var link: String? {
        get { storage.fields.link }
        set { uniqueStorage().fields.link = newValue }
    }

    public var image: SiteImage? {
        get { storage.fields.image }
        set { uniqueStorage().fields.image = newValue }
    }

    public var opensOriginal: Bool {
        get { storage.fields.opensOriginal }
        set { uniqueStorage().fields.opensOriginal = newValue }
    }

    public var badge: String? {
        get { storage.fields.badge }
        set { uniqueStorage().fields.badge = newValue }
    }

    public var availability: Availability? {
        get { storage.fields.availability }
        set { uniqueStorage().fields.availability = newValue }
    }

    public var compareAtPrice: String? {
        get { storage.fields.compareAtPrice }
        set { uniqueStorage().fields.compareAtPrice = newValue }
    }

    public var itemPath: String? {
        get { storage.fields.itemPath }
        set { uniqueStorage().fields.itemPath = newValue }
    }

    public var name: String? {
        get { storage.fields.name }
        set { uniqueStorage().fields.name = newValue }
    }

    public var offer: Offer? {
        get { storage.fields.offer }
        set { uniqueStorage().fields.offer = newValue }
    }

    public var rights: ImageRights? {
        get { storage.fields.rights }
        set { uniqueStorage().fields.rights = newValue }
    }

    public var tileShape: TileShape? {
        get { storage.fields.tileShape }
        set { uniqueStorage().fields.tileShape = newValue }
    }

    public var focus: String? {
        get { storage.fields.focus }
        set { uniqueStorage().fields.focus = newValue }
    }

    public var tags: [String] {
        get { storage.fields.tags }
        set { uniqueStorage().fields.tags = newValue }
    }

    public var variant: String? {
        get { storage.fields.variant }
        set { uniqueStorage().fields.variant = newValue }
    }

    public var productPhotos: [SitePhoto] {
        get { storage.fields.productPhotos }
        set { uniqueStorage().fields.productPhotos = newValue }
    }

    public var coverTerms: SaleTerms? {
        get { storage.fields.coverTerms }
        set { uniqueStorage().fields.coverTerms = newValue }
    }

    /// The product cannot be bought now (sold out, out of stock, discontinued): the card is
    /// dimmed and says so in words, and the item page's call to action says so too.
    public var isUnavailable: Bool { availability?.isUnavailable ?? false }

    /// The shape the layout places the tile at: ``tileShape``, or the photo's own.
    public var tileWidth: Int { tileShape?.width ?? width }
    public var tileHeight: Int { tileShape?.height ?? height }

    public init(
        path: String, width: Int, height: Int, alt: String, title: String? = nil,
        caption: String? = nil, price: String? = nil, link: String? = nil, image: SiteImage? = nil
    ) {
        storage = Storage(
            Fields(
                path: path, width: width, height: height, alt: alt, title: title,
                caption: caption, price: price, link: link, image: image))
    }

    public static func == (left: SitePhoto, right: SitePhoto) -> Bool {
        left.storage === right.storage || left.storage.fields == right.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    /// The fields, as if they were the photo's own (for tests that list them).
    public var customMirror: Mirror { Mirror(reflecting: storage.fields) }
}

/// A photo's renditions: the candidates of `srcset`, narrowest first, and the `src` for browsers
/// without it. Paths are relative to the site's root and URL-safe (the builder makes them).
public struct SiteImage: Sendable, Hashable {
    public struct Candidate: Sendable, Hashable {
        public var path: String
        /// Pixel width, the `w` descriptor.
        public var width: Int

        public init(path: String, width: Int) {
            self.path = path
            self.width = width
        }
    }

    /// The same renditions in another format, for a `<source>` of the photo's `<picture>`.
    public struct Source: Sendable, Hashable {
        /// The media type, `image/webp` or `image/avif`.
        public var type: String
        public var candidates: [Candidate]

        public init(type: String, candidates: [Candidate]) {
            self.type = type
            self.candidates = candidates
        }

    }

    public var candidates: [Candidate]
    public var src: String
    /// The `<source>` elements before the `<img>`, in order (AVIF before WebP); empty for a
    /// plain `<img>`.
    public var sources: [Source]
    /// A CSS `background` value in the photo's own colours (`linear-gradient(#…,#…)`), shown
    /// while the file loads; nil for the theme's neutral placeholder.
    public var placeholder: String?

    public init(
        candidates: [Candidate], src: String, sources: [Source] = [], placeholder: String? = nil
    ) {
        self.candidates = candidates
        self.src = src
        self.sources = sources
        self.placeholder = placeholder
    }

    /// The `srcset` value: `renditions/…-195.jpg 195w, …`.
    public var srcset: String { Self.srcset(candidates) }

    /// `root` goes before each path, for a page in a folder below the site's root.
    static func srcset(_ candidates: [Candidate], root: String = "") -> String {
        candidates.map { "\(root)\($0.path) \($0.width)w" }.joined(separator: ", ")
    }
}

/// The photos of one folder on one page, in scan order.
public struct SiteSection: Sendable, Hashable {
    /// The folder's path relative to the photos folder; "" for photos at the root.
    public var folder: String
    /// The header text; empty for no header (the root section).
    public var title: String
    public var photos: [SitePhoto]
    /// The footer, columns and insets the metadata gives this folder.
    public var options: SectionOptions
    /// The folder's photos over every page, when it is split across pages.
    public var totalCount: Int?
    /// Whether the section began on an earlier page.
    public var isContinued = false

    public init(
        folder: String, title: String, photos: [SitePhoto],
        options: SectionOptions = SectionOptions()
    ) {
        self.folder = folder
        self.title = title
        self.photos = photos
        self.options = options
    }
}

/// One HTML page of the site.
public struct SitePage: Sendable, Hashable {
    /// 1-based.
    public var number: Int
    public var count: Int
    public var sections: [SiteSection]
    /// The photos of the whole site, which the page header counts; nil: this page's.
    public var siteCount: Int?
    /// The category menu in the page's header (shown with two sections or more): the same on
    /// every page of a site, so a builder makes it once and a page's fingerprint includes it.
    public var menu: [MenuEntry] = []
    /// The image every gallery page shares (the `shareImage` setting), known once the photo's
    /// renditions are; nil: each page's first photo.
    public var shareImage: SiteRenderer.ShareImage?
    /// The category or tag this page shows (see ``SiteCollection``); nil: the whole catalogue,
    /// the home page and its `page-N.html`.
    public var collection: SiteCollection?

    public init(number: Int, count: Int, sections: [SiteSection]) {
        self.number = number
        self.count = count
        self.sections = sections
    }

    /// `index.html` for the first page, `page-N.html` for the others.
    public static func fileName(_ number: Int) -> String {
        number == 1 ? "index.html" : "page-\(number).html"
    }

    public var fileName: String { Self.fileName(number) }

    /// Where the page goes, relative to the site's root: ``fileName`` for the home gallery, else
    /// its collection's path for this page.
    public var path: String { collection?.pagePaths[number - 1] ?? fileName }

    /// From this page up to the site's root: `../` per folder its ``path`` is in, so every link
    /// stays relative and the site works from `file://` and any sub-path.
    public var root: String { SiteCollection.root(of: path) }

    public var photoCount: Int { sections.reduce(0) { $0 + $1.photos.count } }
}

/// One link of the menu: the whole catalogue, a category page or the tags' page.
public struct MenuEntry: Sendable, Hashable {
    public var title: String
    /// The first page it links to, relative to the site's root (`ceramics/index.html`).
    public var path: String

    public init(title: String, path: String) {
        self.title = title
        self.path = path
    }
}
