import SiteRenderer
import Workers

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
    /// One field of an entry: its text for comparing and messages, and how to copy it. Plain
    /// closures rather than key paths: at 100,000 rows a key path's dynamic access was most of
    /// the merging's time.
    struct Field: Sendable {
        var name: String
        var text: @Sendable (borrowing PhotoMetadata.Entry) -> String?
        var copy:
            @Sendable (_ to: inout PhotoMetadata.Entry, _ from: borrowing PhotoMetadata.Entry) ->
                Void
    }

    /// The fields every row of a product shares.
    static let productFields: [Field] = [
        Field(name: "title", text: { $0.title }, copy: { $0.title = $1.title }),
        Field(name: "caption", text: { $0.caption }, copy: { $0.caption = $1.caption }),
        Field(name: "link", text: { $0.link }, copy: { $0.link = $1.link }),
        Field(name: "badge", text: { $0.badge }, copy: { $0.badge = $1.badge }),
        Field(name: "slug", text: { $0.slug }, copy: { $0.slug = $1.slug }),
        Field(
            name: "order", text: { $0.order.map { NumberText.decimal($0, decimals: 6) } },
            copy: { $0.order = $1.order }),
        Field(
            name: "tags", text: { $0.tags.isEmpty ? nil : $0.tags.joined(separator: ", ") },
            copy: { $0.tags = $1.tags }),
    ]

    /// The fields a variant may give on its own: the product's when it does not.
    static let variantFields: [Field] = [
        Field(name: "price", text: { $0.price }, copy: { $0.price = $1.price }),
        Field(
            name: "compareAtPrice", text: { $0.compareAtPrice },
            copy: { $0.compareAtPrice = $1.compareAtPrice }),
        Field(name: "currency", text: { $0.currency }, copy: { $0.currency = $1.currency }),
        Field(
            name: "availability", text: { $0.availability?.spellings[0] },
            copy: { $0.availability = $1.availability }),
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

    /// A product's rows, in the file's row order: each row's photo path and entry.
    struct Product: Sendable {
        var name: String
        var rows: [(path: String, entry: PhotoMetadata.Entry)]
    }

    /// The photo paths of each product, by its name, in the file's row order: the products in
    /// the order of their first rows.
    static func products(in metadata: PhotoMetadata) -> [(name: String, paths: [String])] {
        productRows(in: metadata).map { ($0.name, $0.rows.map(\.path)) }
    }

    /// Each product with its rows, as ``products(in:)`` orders them; found once by a build for
    /// both ``conflicts(of:)`` and ``merged(_:products:)``. Each row's place is looked up once
    /// (at 100,000 rows, a lookup per comparison was most of a warm rebuild).
    static func productRows(in metadata: PhotoMetadata) -> [Product] {
        guard metadata.hasProducts else { return [] }
        var rows: [(place: Int, path: String, product: String)] = []
        for (path, entry) in metadata.photos {
            guard let product = entry.product else { continue }
            rows.append((metadata.rowPosition(ofPhoto: path) ?? Int.max, path, product))
        }
        rows.sort { ($0.place, $0.path) < ($1.place, $1.path) }
        var products: [Product] = []
        var byName: [String: Int] = [:]
        for row in rows {
            let entry = metadata.photos[row.path]!
            if let index = byName[row.product] {
                products[index].rows.append((row.path, entry))
            } else {
                byName[row.product] = products.count
                products.append(Product(name: row.product, rows: [(row.path, entry)]))
            }
        }
        return products
    }

    /// Every pair of disagreeing rows, each field once per product (and variant): the first row
    /// giving it against the first that gives another value. Photos of one product in two
    /// folders conflict on `product`: a product is one card in one section.
    static func conflicts(in metadata: PhotoMetadata) -> [Conflict] {
        conflicts(of: productRows(in: metadata))
    }

    /// ``conflicts(in:)`` of the products ``productRows(in:)`` found, checked on `jobs`
    /// threads (each product alone), in the products' order.
    static func conflicts(of products: [Product], jobs: Int = 1) -> [Conflict] {
        ParallelWork.mapRuns(products.count, jobs: jobs, minimum: perRun) { range in
            products[range].flatMap(conflicts(of:))
        }
    }

    /// Products a thread takes at least, merging or checking: each is too little work to hand
    /// out alone. Measured on the products' warm rebuild (25,000 products of 4 photos, 2 cores,
    /// `perf`): merging and checking was 24% of its CPU on one core; in runs on both cores, about
    /// 0.3 s less wall-clock time of 3.3 s.
    private static let perRun = 2_000

    private static func conflicts(of product: Product) -> [Conflict] {
        var found: [Conflict] = []
        let name = product.name
        let entries = product.rows
        let folder = Catalogue.folder(of: entries[0].path)
        if let elsewhere = entries.first(where: { Catalogue.folder(of: $0.path) != folder }) {
            found.append(
                Conflict(
                    product: name, field: "product", first: entries[0].path,
                    second: elsewhere.path, firstValue: folder.isEmpty ? "." : folder,
                    secondValue: Catalogue.folder(of: elsewhere.path)))
        }
        // A product of one photo has nothing to disagree with.
        guard entries.count > 1 else { return found }
        for field in productFields {
            found += disagreements(entries, field: field, product: name)
        }
        let groups =
            entries.contains { $0.entry.variant != nil }
            ? Dictionary(grouping: entries) { $0.entry.variant ?? "" }.sorted {
                $0.key < $1.key
            }
            .map(\.value) : [entries]
        for rows in groups {
            for field in variantFields {
                found += disagreements(rows, field: field, product: name)
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
    static func merged(_ metadata: PhotoMetadata, jobs: Int = 1) -> PhotoMetadata {
        merged(metadata, products: productRows(in: metadata), jobs: jobs)
    }

    /// ``merged(_:)`` with the products ``productRows(in:)`` found in `metadata`; each
    /// product's rows are merged on `jobs` threads, then stored.
    static func merged(_ metadata: PhotoMetadata, products: [Product], jobs: Int = 1)
        -> PhotoMetadata
    {
        var result = metadata
        let changed = ParallelWork.mapRuns(products.count, jobs: jobs, minimum: perRun) { range in
            products[range].flatMap { $0.rows.count > 1 ? mergedRows(of: $0) : [] }
        }
        for (path, entry) in changed { result.photos[path] = entry }
        return result
    }

    private static func mergedRows(of product: Product) -> [(
        path: String, entry: PhotoMetadata.Entry
    )] {
        let entries = product.rows.map(\.entry)
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
        return product.rows.map { row in
            var entry = row.entry
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
            return (row.path, entry)
        }
    }
}
