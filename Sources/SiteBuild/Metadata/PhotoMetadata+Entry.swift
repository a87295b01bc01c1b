import SiteRenderer

extension PhotoMetadata {
    /// A photo's entry: its shop data and what the site shows of it.
    ///
    /// The fields live in a box of their own, copied when a shared entry is changed (as an
    /// array's elements are): a table of entries is then a table of references, 8 bytes a slot
    /// rather than the fields' 384. A dictionary of 100,000 entries has 262,144 slots and an
    /// entry lands on every page of them, so the kept metadata's table of the products' corpus
    /// touched 100 MB of fresh memory on every rebuild, and fresh memory costs 1–9 ms a MB on
    /// these virtual machines (the kernel clears each page): more than reading the entries.
    public struct Entry: Sendable, Equatable {
        /// The entry's fields, as stored (each is described at its accessor below).
        struct Fields: Sendable, Equatable {
            var title: String?
            var alt: String?
            var caption: String?
            var link: String?
            var price: String?
            var badge: String?
            var availability: Availability?
            var compareAtPrice: String?
            var compareAtOffer: Offer?
            var currency: String?
            var rights: ImageRights?
            var focus: String?
            var offer: Offer?
            var tags: [String] = []
            var order: Double?
            var slug: String?
            var product: String?
            var position: Double?
            var variant: String?
        }

        /// The box the fields live in (see ``Entry``); unchecked: a shared box is never written,
        /// only replaced by a copy.
        private final class Box: @unchecked Sendable {
            var fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        private var box: Box

        init(
            title: String? = nil, alt: String? = nil, caption: String? = nil, link: String? = nil,
            price: String? = nil
        ) {
            box = Box(Fields(title: title, alt: alt, caption: caption, link: link, price: price))
        }

        /// The entry of `fields`: the record's reader sets them all at once, without a check
        /// of the box for each.
        init(_ fields: Fields) {
            box = Box(fields)
        }

        public static func == (left: Entry, right: Entry) -> Bool {
            left.box === right.box || left.box.fields == right.box.fields
        }

        /// Changes the fields, in a box of this entry's own.
        private mutating func change(_ body: (inout Fields) -> Void) {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            body(&box.fields)
        }

        var title: String? {
            get { box.fields.title }
            set { change { $0.title = newValue } }
        }
        var alt: String? {
            get { box.fields.alt }
            set { change { $0.alt = newValue } }
        }
        var caption: String? {
            get { box.fields.caption }
            set { change { $0.caption = newValue } }
        }
        var link: String? {
            get { box.fields.link }
            set { change { $0.link = newValue } }
        }
        var price: String? {
            get { box.fields.price }
            set { change { $0.price = newValue } }
        }
        /// Short text on the card ("New", "Sold out").
        var badge: String? {
            get { box.fields.badge }
            set { change { $0.badge = newValue } }
        }
        /// The `availability` (``Availability``); a badge saying "Sold out" is `.soldOut`.
        var availability: Availability? {
            get { box.fields.availability }
            set { change { $0.availability = newValue } }
        }
        /// The price before a sale (`compareAtPrice`), shown struck through beside `price`.
        var compareAtPrice: String? {
            get { box.fields.compareAtPrice }
            set { change { $0.compareAtPrice = newValue } }
        }
        /// The compare-at price as an amount, once ``PhotoMetadata/resolvePrices(currency:language:)``
        /// has read it (it must be the price's currency and more than the price).
        var compareAtOffer: Offer? {
            get { box.fields.compareAtOffer }
            set { change { $0.compareAtOffer = newValue } }
        }
        /// The ISO 4217 currency of a bare-amount price, over the `currency` setting.
        var currency: String? {
            get { box.fields.currency }
            set { change { $0.currency = newValue } }
        }
        /// The photo's own licence fields (see ``ImageRights``).
        var rights: ImageRights? {
            get { box.fields.rights }
            set { change { $0.rights = newValue } }
        }
        /// Where a tile cropped to the shape caps keeps the photo's subject (``FocusPoint``),
        /// as CSS `object-position`; nil: the centre.
        var focus: String? {
            get { box.fields.focus }
            set { change { $0.focus = newValue } }
        }
        /// The price as an amount and a currency, once ``PhotoMetadata/resolvePrices(currency:language:)``
        /// has read it.
        var offer: Offer? {
            get { box.fields.offer }
            set { change { $0.offer = newValue } }
        }
        /// The `tags` (see ``TagList``): each gets a page listing the products that have it.
        var tags: [String] {
            get { box.fields.tags }
            set { change { $0.tags = newValue } }
        }
        /// The owner's place for the photo: photos with an `order` come first, lowest first, in
        /// any `sort` (see ``CatalogueOrder``).
        var order: Double? {
            get { box.fields.order }
            set { change { $0.order = newValue } }
        }
        /// The name of the photo's page (`everyday-mug` → `items/ceramics/everyday-mug.html`),
        /// over its title's slug (see ``ItemPaths``).
        var slug: String? {
            get { box.fields.slug }
            set { change { $0.slug = newValue } }
        }
        /// The product the photo shows (see ``ProductRows``): photos with the same `product` are
        /// one product, one card in the gallery and one page with all of its photos.
        var product: String? {
            get { box.fields.product }
            set { change { $0.product = newValue } }
        }
        /// The photo's place among its product's photos (lowest first); the first is the cover.
        var position: Double? {
            get { box.fields.position }
            set { change { $0.position = newValue } }
        }
        /// The variant the photo shows ("Blue", "Large"), with its own price and availability.
        var variant: String? {
            get { box.fields.variant }
            set { change { $0.variant = newValue } }
        }

        var hasCaptionText: Bool { title != nil || caption != nil || price != nil }
    }
}
