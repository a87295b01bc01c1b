import SiteRenderer

/// Rows of the metadata that name the same `product` are one product: its photos share its
/// title, caption, link, badge, tags, slug and order, which any one of its rows may give. Its
/// price, sale price, currency and availability belong to a `variant` when the row names one
/// (for every photo of that variant), else to the product as a whole: the default of every
/// variant that gives none of its own.
///
/// Two rows giving one field different values is a conflict (the site could only pick one
/// silently); ``conflicts(in:)`` lists them and ``merged(_:)`` hands every row the values of
/// its product and its variant once there are none.
enum ProductRows {
    /// One field of an entry: its text for comparing and messages, and how to copy it.
    struct Field: Sendable {
        var name: String
        var text: @Sendable (PhotoMetadata.Entry) -> String?
        var copy: @Sendable (_ to: inout PhotoMetadata.Entry, _ from: PhotoMetadata.Entry) -> Void

        init<Value: Sendable>(
            _ name: String, _ path: WritableKeyPath<PhotoMetadata.Entry, Value?> & Sendable,
            text: @escaping @Sendable (Value) -> String
        ) {
            self.name = name
            self.text = { $0[keyPath: path].map(text) }
            self.copy = { to, from in to[keyPath: path] = from[keyPath: path] }
        }
    }

    /// The fields every row of a product shares.
    static let productFields: [Field] = [
        Field("title", \.title) { $0 }, Field("caption", \.caption) { $0 },
        Field("link", \.link) { $0 }, Field("badge", \.badge) { $0 },
        Field("slug", \.slug) { $0 },
        Field("order", \.order) { NumberText.decimal($0, decimals: 6) },
        Field("tags", \.nonEmptyTags) { $0.joined(separator: ", ") },
    ]

    /// The fields a variant may give on its own: the product's when it does not.
    static let variantFields: [Field] = [
        Field("price", \.price) { $0 }, Field("compareAtPrice", \.compareAtPrice) { $0 },
        Field("currency", \.currency) { $0 },
        Field("availability", \.availability) { $0.spellings[0] },
    ]

    /// Two rows of one product that give `field` different values.
    struct Conflict: Sendable, Equatable {
        var product: String
        var field: String
        /// The photo paths of the two rows, the earlier in the file first.
        var first: String
        var second: String
        var firstValue: String
        var secondValue: String
    }

    /// The photo paths of each product, by its name, in the file's row order.
    static func products(in metadata: PhotoMetadata) -> [(name: String, paths: [String])] {
        guard metadata.hasProducts else { return [] }
        var byName: [String: [String]] = [:]
        for (path, entry) in metadata.photos {
            if let product = entry.product { byName[product, default: []].append(path) }
        }
        func place(_ path: String) -> Int { metadata.rowPosition(ofPhoto: path) ?? Int.max }
        return byName.map { name, paths in
            (name, paths.sorted { (place($0), $0) < (place($1), $1) })
        }.sorted { place($0.paths[0]) < place($1.paths[0]) }
    }

    /// Every pair of disagreeing rows, each field once per product (and variant): the first row
    /// giving it against the first that gives another value. Photos of one product in two
    /// folders conflict on `product`: a product is one card in one section.
    static func conflicts(in metadata: PhotoMetadata) -> [Conflict] {
        var found: [Conflict] = []
        for (name, paths) in products(in: metadata) {
            let entries = paths.map { (path: $0, entry: metadata.photos[$0]!) }
            let folder = Catalogue.folder(of: paths[0])
            if let elsewhere = paths.first(where: { Catalogue.folder(of: $0) != folder }) {
                found.append(
                    Conflict(
                        product: name, field: "product", first: paths[0], second: elsewhere,
                        firstValue: folder.isEmpty ? "." : folder,
                        secondValue: Catalogue.folder(of: elsewhere)))
            }
            for field in productFields {
                found += disagreements(entries, field: field, product: name)
            }
            let groups = Dictionary(grouping: entries) { $0.entry.variant ?? "" }
            for variant in groups.keys.sorted() {
                for field in variantFields {
                    found += disagreements(groups[variant]!, field: field, product: name)
                }
            }
        }
        return found
    }

    private static func disagreements(
        _ rows: [(path: String, entry: PhotoMetadata.Entry)], field: Field, product: String
    ) -> [Conflict] {
        guard let first = rows.first(where: { field.text($0.entry) != nil }),
            let firstValue = field.text(first.entry),
            let other = rows.first(where: { (field.text($0.entry) ?? firstValue) != firstValue })
        else { return [] }
        return [
            Conflict(
                product: product, field: field.name, first: first.path, second: other.path,
                firstValue: firstValue, secondValue: field.text(other.entry)!)
        ]
    }

    /// `metadata` with every row of a product given the fields its rows share, and every row
    /// given its variant's price, sale and availability (the product's where the variant gives
    /// none). Where rows conflict, the first row's value wins; a build refuses conflicts first.
    static func merged(_ metadata: PhotoMetadata) -> PhotoMetadata {
        var result = metadata
        for (_, paths) in products(in: metadata) {
            let entries = paths.map { metadata.photos[$0]! }
            var shared = PhotoMetadata.Entry()
            for field in productFields {
                if let giver = entries.first(where: { field.text($0) != nil }) {
                    field.copy(&shared, giver)
                }
            }
            // The product's own price and state, every variant's default: rows without a variant.
            let plain = entries.filter { $0.variant == nil }
            var productWide = PhotoMetadata.Entry()
            for field in variantFields {
                if let giver = plain.first(where: { field.text($0) != nil }) {
                    field.copy(&productWide, giver)
                }
            }
            for path in paths {
                var entry = metadata.photos[path]!
                for field in productFields where field.text(entry) == nil {
                    field.copy(&entry, shared)
                }
                let variantRows = entries.filter {
                    $0.variant != nil && $0.variant == entry.variant
                }
                for field in variantFields where field.text(entry) == nil {
                    let giver = variantRows.first { field.text($0) != nil } ?? productWide
                    field.copy(&entry, giver)
                }
                result.photos[path] = entry
            }
        }
        return result
    }
}

extension PhotoMetadata.Entry {
    /// The tags as an optional, so a product's rows compare "no tags" as not given.
    var nonEmptyTags: [String]? {
        get { tags.isEmpty ? nil : tags }
        set { tags = newValue ?? [] }
    }
}
