import PhotoScanner
import SiteRenderer
import Synchronization
import Workers

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the site shows, built once from the scan, the metadata and the settings, and read by
/// every kind of page rather than derived again by each: the sections (folder, title, layout
/// options), the photos in order with their item paths, and the gallery pages.
///
/// Root photos come first, then one section per folder in natural order (the order the scanner
/// returns), photos in scan order, pages of at most `pageSize` photos; or the sections and photos
/// in the `order` given (see ``CatalogueOrder``). A folder cut by a page break continues on the
/// next page under the same title.
public struct Catalogue: Sendable {
    /// All photos in page order (the builder adds their renditions).
    var photos: [SitePhoto]
    /// The folder of each photo in `photos`.
    private(set) var folders: [String]
    /// The folders that hold photos, each once, in section order.
    private(set) var sectionFolders: [String]
    /// The scan's photos, in scan order (see ``scanned(_:)``).
    private let scan: [ScannedPhoto]
    /// The index in the scan's photos of each photo in `photos`.
    private(set) var scanIndices: [Int]
    /// Each folder's entry in the metadata (title, footer, columns, insets); the builder adds
    /// the `sizes` of the sections that lay out differently (``setImageSizes(_:)``).
    private(set) var sections: [String: PhotoMetadata.SectionEntry]
    let pageSize: Int
    /// The number of photos of each folder, over all pages.
    private(set) var folderCounts: [String: Int] = [:]
    /// The folder of each titled section's category pages (`ceramics/`), by section folder
    /// (see ``assignCategoryPaths(reserved:)``).
    private(set) var categoryFolders: [String: String] = [:]
    /// The `product` and `position` of each photo in `photos` (see ``ProductRows``); empty when
    /// no photo names a product, and once ``foldingProducts()`` has made each product one card.
    private(set) var productKeys: [String?] = []
    private(set) var productPlaces: [Double?] = []
    /// ``productCovers()``, found whenever the products change (``setProducts(_:places:)``)
    /// rather than by each of its four readers: at 25,000 products of 4 photos each finding
    /// cost 2% of a rebuild.
    private(set) var productMembers: [Int: [Int]] = [:]
    /// How many of the scan's photos have an entry in the metadata, counted in the look-up
    /// that makes each photo (see ``MetadataCheck/namedRowCount``).
    let describedCount: Int

    /// - Parameters:
    ///   - unnamed: the alt text of a photo whose file name is camera noise (`IMG_1234`) and
    ///     whose metadata gives none, from its section's name and its number in the section.
    ///   - maxTall, maxWide: the shape caps (`--max-tall`, `--max-wide`; 0: none): a photo
    ///     beyond them gets a ``TileShape``, which the layout places, so its tile is exact.
    ///   - order: the indices of `scanned` in the order to show them, grouped by section (see
    ///     ``CatalogueOrder/permutation(of:)``); nil: the scan's order, the top level first.
    ///   - jobs: threads at once for the photos themselves (`--jobs`).
    init(
        photos scanned: [ScannedPhoto], metadata: PhotoMetadata, pageSize: Int,
        order shownOrder: [Int]? = nil, jobs: Int = 1,
        maxTall: Double = 0, maxWide: Double = 0,
        unnamed: (_ section: String) -> (_ number: Int) -> String = { section in
            { "\(section) \($0)" }
        },
        rootName: String = "Photo"
    ) {
        // Group by folder, keeping the first-appearance (natural) order of folders, root first.
        var order: [String] = []
        var groups: [[Int]] = []
        var groupOfFolder: [String: Int] = [:]
        var current = -1
        for step in scanned.indices {
            let scanIndex = shownOrder?[step] ?? step
            let photo = scanned[scanIndex]
            // A folder's photos mostly come one after another: look the folder up only on a change.
            if current >= 0 && Self.isInFolder(photo.relativePath, order[current]) {
                groups[current].append(scanIndex)
                continue
            }
            let folder = Self.folder(of: photo.relativePath)
            if let known = groupOfFolder[folder] {
                current = known
            } else {
                current = order.count
                order.append(folder)
                groups.append([])
                groupOfFolder[folder] = current
            }
            groups[current].append(scanIndex)
        }
        if shownOrder == nil, let root = order.firstIndex(of: ""), root != 0 {
            order.insert(order.remove(at: root), at: 0)
            groups.insert(groups.remove(at: root), at: 0)
        }
        var folders: [String] = []
        var scanIndices: [Int] = []
        folders.reserveCapacity(scanned.count)
        scanIndices.reserveCapacity(scanned.count)
        for (group, members) in groups.enumerated() {
            folders.append(contentsOf: repeatElement(order[group], count: members.count))
            scanIndices.append(contentsOf: members)
        }
        let made = Self.sitePhotos(
            scanned, at: scanIndices, metadata: metadata, jobs: jobs, maxTall: maxTall,
            maxWide: maxWide)
        self.photos = made.photos
        self.describedCount = made.describedCount
        self.folders = folders
        self.sectionFolders = order
        self.sections = metadata.sections
        self.scan = scanned
        self.scanIndices = scanIndices
        self.pageSize = max(1, pageSize)
        for (group, members) in groups.enumerated() { folderCounts[order[group]] = members.count }
        if metadata.hasProducts { setProducts(made.productKeys, places: made.productPlaces) }
        // A photo with no name of its own is called after its section and its number in it.
        // The section's name is looked up once per section, not once per photo.
        var number = 0
        var namer: ((Int) -> String)?
        for position in photos.indices {
            let sameSection = position > 0 && folders[position - 1] == folders[position]
            number = sameSection ? number + 1 : 1
            if !sameSection { namer = nil }
            guard photos[position].name == nil else { continue }
            let folder = folders[position]
            if namer == nil { namer = unnamed(folder.isEmpty ? rootName : title(of: folder)) }
            let named = namer.unsafelyUnwrapped(number)
            if photos[position].alt.isEmpty { photos[position].alt = named }
            photos[position].name = named
        }
    }

    /// Gives every photo the path of its own page (see ``ItemPaths``): named by its `slug` in
    /// `metadata`, else by its title, else by its file name.
    /// The other photos of a product get no page of their own: the product's page shows them.
    mutating func assignItemPaths(metadata: PhotoMetadata = PhotoMetadata()) {
        let covers = productCovers()
        var covered = [Bool](repeating: false, count: covers.isEmpty ? 0 : photos.count)
        for members in covers.values {
            for position in members.dropFirst() { covered[position] = true }
        }
        let positions =
            covers.isEmpty ? Array(photos.indices) : photos.indices.filter { !covered[$0] }
        // By position: a copy of each photo cost a 100,000-photo rebuild more than the naming.
        let named = ItemPaths.paths(for: positions.map { photos[$0].path }) { index in
            let photo = positions[index]
            let slug = metadata.photos.isEmpty ? nil : metadata.photos[photos[photo].path]?.slug
            return slug == nil && photos[photo].title == nil
                ? nil : ItemPaths.Naming(slug: slug, title: photos[photo].title)
        }
        for (index, path) in named.enumerated() {
            photos[positions[index]].itemPath = path
        }
    }

    /// Gives every titled section the folder of its category pages (see ``CategoryPaths``),
    /// none of them one of `reserved`, the site's own top-level folders.
    mutating func assignCategoryPaths(reserved: Set<String>) {
        categoryFolders = CategoryPaths.folders(
            for: sectionFolders.filter { !$0.isEmpty }, reserved: reserved)
    }

    /// The first page of `folder`'s category, relative to the site's root; nil for the
    /// top-level photos, which have none.
    func categoryPath(of folder: String) -> String? {
        categoryFolders[folder].map { $0 + SitePage.fileName(1) }
    }

    /// The positions in ``photos`` of each folder's photos, which are next to each other.
    func folderRanges() -> [String: Range<Int>] {
        var ranges: [String: Range<Int>] = [:]
        var start = 0
        for index in folders.indices
        where index + 1 == folders.count || folders[index + 1] != folders[index] {
            ranges[folders[index]] = start..<(index + 1)
            start = index + 1
        }
        return ranges
    }

    /// The titled sections with category pages, in section order.
    var categories: [String] { sectionFolders.filter { categoryFolders[$0] != nil } }

    /// The menu: the whole catalogue (`all`), each category and, when any product has a tag, the
    /// tags' page (`tags`); none for a site with one category and no tags, where it would offer
    /// nothing to choose.
    func menu(all: String, tags: String) -> [MenuEntry] {
        let categories = categories
        let hasTags = photos.contains { !$0.tags.isEmpty }
        guard categories.count > 1 || hasTags else { return [] }
        var entries = [MenuEntry(title: all, path: SitePage.fileName(1))]
        for folder in categories {
            entries.append(MenuEntry(title: title(of: folder), path: categoryPath(of: folder)!))
        }
        if hasTags { entries.append(MenuEntry(title: tags, path: SiteCollection.tagsIndexPath)) }
        return entries
    }

    /// ``menu(all:tags:)`` in the words of `strings`.
    func menu(_ strings: InterfaceStrings) -> [MenuEntry] {
        menu(all: strings["all"], tags: strings["tags"])
    }

    /// Every tag of the catalogue, by slug: its name as first written and the positions in
    /// ``photos`` of the products that have it, in catalogue order.
    func tags() -> [CatalogueTag] {
        var bySlug: [String: CatalogueTag] = [:]
        for (position, photo) in photos.enumerated() where !photo.tags.isEmpty {
            for tag in photo.tags {
                bySlug[SiteCollection.tagSlug(tag), default: CatalogueTag(name: tag)].positions
                    .append(position)
            }
        }
        return bySlug.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map(\.value)
    }

    /// The ranges of positions of the pages of `count` photos: ⌈count / page size⌉ pages of
    /// nearly equal size (they differ by one photo at most), so a last page never holds a lone
    /// photo. The home gallery and every collection are paged alike.
    static func pageRanges(count: Int, pageSize: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let pages = (count + max(1, pageSize) - 1) / max(1, pageSize)
        return (1...pages).map { (count * ($0 - 1) / pages)..<(count * $0 / pages) }
    }

    /// Leaves the photos at `positions` (in ``photos``) out of the site: files that went away
    /// after the scan.
    mutating func leaveOut(_ positions: Set<Int>) {
        guard !positions.isEmpty else { return }
        keep(photos.indices.filter { !positions.contains($0) })
    }

    /// Keeps only the photos at `kept` (positions in ``photos``, in order), each as `card`
    /// makes it from its position; the one way photos leave the catalogue.
    mutating func keep(_ kept: [Int], as card: ((Int) -> SitePhoto)? = nil) {
        photos = kept.map { card?($0) ?? photos[$0] }
        folders = kept.map { folders[$0] }
        scanIndices = kept.map { scanIndices[$0] }
        if !productKeys.isEmpty {
            setProducts(kept.map { productKeys[$0] }, places: kept.map { productPlaces[$0] })
        }
        // A folder's photos are next to each other: counted by runs, a look-up per run.
        var counts: [String: Int] = [:]
        var start = 0
        for index in folders.indices
        where index + 1 == folders.count || folders[index + 1] != folders[index] {
            counts[folders[index], default: 0] += index + 1 - start
            start = index + 1
        }
        folderCounts = counts
        sectionFolders = sectionFolders.filter { counts[$0] != nil }
    }

    /// Forgets which photos make one product, once each product is one card.
    mutating func forgetProducts() {
        setProducts([], places: [])
    }

    /// Sets each photo's `product` and `position` and finds the products' photos again.
    private mutating func setProducts(_ keys: [String?], places: [Double?]) {
        productKeys = keys
        productPlaces = places
        productMembers = Self.productMembers(keys, places: places)
    }

    /// What the scanner measured for the photo at `index` in `photos`.
    func scanned(_ index: Int) -> ScannedPhoto { scan[scanIndices[index]] }

    var pageCount: Int { photos.isEmpty ? 0 : (photos.count + pageSize - 1) / pageSize }

    /// The positions in ``photos`` of page `number`: ⌈N / page size⌉ pages of nearly equal
    /// size (they differ by one photo at most), so a last page never holds a lone photo.
    func pageRange(_ number: Int) -> Range<Int> {
        let count = pageCount
        return (photos.count * (number - 1) / count)..<(photos.count * number / count)
    }

    /// The page (1-based) that shows the photo at `position` in ``photos``.
    func pageNumber(ofPosition position: Int) -> Int {
        let count = pageCount
        // The inverse of `pageRange`: the largest page whose start is at or before `position`.
        var page = (position * count) / photos.count + 1
        while page > 1 && pageRange(page).lowerBound > position { page -= 1 }
        while page < count && pageRange(page + 1).lowerBound <= position { page += 1 }
        return page
    }

    /// How many photos the folder of the section has in all, over every page.
    func photoCount(ofFolder folder: String) -> Int { folderCounts[folder] ?? 0 }

    /// The number of distinct folders (sections across all pages).
    var sectionCount: Int { sectionFolders.count }

    /// Page `number`'s sections with slices of ``photos``, for a fingerprint without copies.
    func sections(ofPage number: Int) -> [SiteRenderer.SectionSlice] {
        let range = pageRange(number)
        let (start, end) = (range.lowerBound, range.upperBound)
        var sections: [SiteRenderer.SectionSlice] = []
        var sectionStart = start
        for index in start..<end where index + 1 == end || folders[index + 1] != folders[index] {
            let folder = folders[index]
            sections.append(
                (folder, title(of: folder), options(of: folder), photos[sectionStart...index]))
            sectionStart = index + 1
        }
        return sections
    }

    /// What a page shows beyond its photos' own fields: each section's total and whether it
    /// continues from the page before, as a hash for the page's fingerprint.
    func sectionContext(ofPage number: Int) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(photos.count)
        for section in page(number).sections {
            hasher.combine(section.totalCount ?? -1)
            hasher.combine(section.isContinued ? 1 : 0)
        }
        return hasher.value
    }

    /// Page `number` (1-based), built on demand so only one page is in memory at a time.
    func page(_ number: Int) -> SitePage {
        let range = pageRange(number)
        let (start, end) = (range.lowerBound, range.upperBound)
        var sections: [SiteSection] = []
        for index in start..<end {
            let folder = folders[index]
            if sections.last?.folder != folder || sections.isEmpty {
                var section = SiteSection(
                    folder: folder, title: title(of: folder), photos: [],
                    options: options(of: folder))
                section.totalCount = photoCount(ofFolder: folder)
                section.isContinued = index > 0 && folders[index - 1] == folder
                sections.append(section)
            }
            sections[sections.count - 1].photos.append(photos[index])
        }
        var page = SitePage(number: number, count: pageCount, sections: sections)
        page.siteCount = photos.count
        return page
    }

    /// The header of `folder`'s section: none for the root, else the metadata's title or the
    /// folder's name humanised.
    func title(of folder: String) -> String {
        folder.isEmpty ? "" : (sections[folder]?.title ?? Humanised.folder(folder))
    }

    func options(of folder: String) -> SectionOptions {
        sections.isEmpty ? SectionOptions() : sections[folder]?.options ?? SectionOptions()
    }

    /// Sets the `sizes` of the photos of the sections that lay out differently, by folder.
    mutating func setImageSizes(_ sizes: [String: String]) {
        for (folder, text) in sizes { sections[folder]?.options.imageSizes = text }
    }

    /// Whether `path` lies directly in `folder` ("" for the root), compared as bytes.
    static func isInFolder(_ path: String, _ folder: String) -> Bool {
        var path = path
        var folder = folder
        return path.withUTF8 { path in
            folder.withUTF8 { folder in
                guard let start = path.baseAddress else { return folder.isEmpty }
                if folder.isEmpty {
                    return memchr(start, Int32(UInt8(ascii: "/")), path.count) == nil
                }
                guard path.count > folder.count + 1, path[folder.count] == UInt8(ascii: "/"),
                    memcmp(start, folder.baseAddress.unsafelyUnwrapped, folder.count) == 0
                else { return false }
                return memchr(
                    start + folder.count + 1, Int32(UInt8(ascii: "/")),
                    path.count - folder.count - 1) == nil
            }
        }
    }

    public static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }
}

extension Catalogue {
    /// The site's photos of `scanned` at `indices` (alt text humanised from the file name), made
    /// in parallel: at 100,000 photos this is a tenth of a rebuild. Each photo's `product` and
    /// `position` come from the same look-up of its entry (empty when no photo names a
    /// product): looking each photo up twice more after cost 3% of a products' rebuild.
    fileprivate static func sitePhotos(
        _ scanned: [ScannedPhoto], at indices: [Int], metadata: PhotoMetadata, jobs: Int,
        maxTall: Double, maxWide: Double
    ) -> (
        photos: [SitePhoto], productKeys: [String?], productPlaces: [Double?], describedCount: Int
    ) {
        let count = indices.count
        let described = Atomic(0)
        var productKeys = [String?](repeating: nil, count: metadata.hasProducts ? count : 0)
        var productPlaces = [Double?](repeating: nil, count: productKeys.count)
        let photos = productKeys.withUnsafeMutableBufferPointer { keys in
            productPlaces.withUnsafeMutableBufferPointer { places in
                let keySlots = UncheckedSendableBuffer(buffer: keys)
                let placeSlots = UncheckedSendableBuffer(buffer: places)
                return [SitePhoto](unsafeUninitializedCapacity: count) { buffer, initialized in
                    let slots = UncheckedSendableBuffer(buffer: buffer)
                    ParallelWork.forEachRun(count, jobs: jobs, minimum: 5_000) { run in
                        var describedInRun = 0
                        defer { described.wrappingAdd(describedInRun, ordering: .relaxed) }
                        for position in run {
                            let photo = scanned[indices[position]]
                            let entry =
                                metadata.photos.isEmpty ? nil : metadata.photos[photo.relativePath]
                            if entry != nil { describedInRun += 1 }
                            (slots.buffer.baseAddress.unsafelyUnwrapped + position).initialize(
                                to: sitePhoto(photo, entry, maxTall: maxTall, maxWide: maxWide))
                            if !keySlots.buffer.isEmpty {
                                keySlots.buffer[position] = entry?.product
                                placeSlots.buffer[position] = entry?.position
                            }
                        }
                    }
                    initialized = count
                }
            }
        }
        return (photos, productKeys, productPlaces, described.load(ordering: .relaxed))
    }

    /// The site's photo of `photo`, with the fields of its metadata `entry`.
    private static func sitePhoto(
        _ photo: ScannedPhoto, _ entry: PhotoMetadata.Entry?, maxTall: Double, maxWide: Double
    ) -> SitePhoto {
        let fileName =
            Humanised.isCameraName(photo.relativePath)
            ? nil : Humanised.fileName(photo.relativePath)
        var site = SitePhoto(
            path: photo.relativePath, width: photo.displayWidth, height: photo.displayHeight,
            alt: entry?.alt ?? entry?.title ?? fileName ?? "",
            title: entry?.title, caption: entry?.caption, price: entry?.price, link: entry?.link)
        site.opensOriginal = !photo.format.needsRenditions
        site.badge = entry?.badge
        site.availability = entry?.availability
        site.compareAtPrice = entry?.compareAtPrice
        site.offer = entry?.offer
        site.rights = entry?.rights
        site.name = entry?.title ?? fileName
        if let tags = entry?.tags, !tags.isEmpty { site.tags = tags }
        site.variant = entry?.variant
        site.tileShape = TileShape.capped(
            width: photo.displayWidth, height: photo.displayHeight,
            maxTall: maxTall, maxWide: maxWide)
        if site.tileShape != nil { site.focus = entry?.focus }
        return site
    }
}

/// The output buffer handed to the workers; safe because each writes its own positions.
private struct UncheckedSendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
