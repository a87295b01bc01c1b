import MasonryLayout
import PhotoScanner
import SiteRenderer
import Testing

@testable import SiteBuild

/// The keys under which a rebuild keeps a gallery page or a gallery page's item pages: a key
/// must change when anything the page shows changes, or the rebuild keeps a stale page, and
/// must not change when only other pages change, or the rebuild renders for nothing.
@Suite("Page keys")
struct PageKeyTests {
    static func renderer() throws -> SiteRenderer {
        try SiteRenderer(
            theme: try Theme.builtIn(),
            options: SiteOptions(
                title: "Shop",
                layout: LayoutOptions(breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 2),
                    Breakpoint(minimumWidth: 640, columns: 3),
                ])))
    }

    /// Nine photos in three folders (four, four and one), three pages of three, with item paths.
    static func catalogue(_ metadata: PhotoMetadata = PhotoMetadata()) -> Catalogue {
        let scan = (0..<9).map { "Folder \($0 / 4)/photo-\($0).jpg" }.map {
            ScannedPhoto(
                relativePath: $0, format: .jpeg, storedWidth: 40, storedHeight: 30, orientation: 1,
                byteSize: 1)
        }
        var catalogue = Catalogue(photos: scan, metadata: metadata, pageSize: 3)
        catalogue.assignItemPaths()
        catalogue.assignCategoryPaths(reserved: [])
        return catalogue
    }

    /// A change to each field of a photo, by the field's name.
    static let photoChanges: [String: @Sendable (inout SitePhoto) -> Void] = [
        "path": { $0.path += "x" }, "width": { $0.width += 1 }, "height": { $0.height += 1 },
        "alt": { $0.alt += "!" }, "title": { $0.title = "T" }, "caption": { $0.caption = "C" },
        "price": { $0.price = "€1" }, "link": { $0.link = "https://example.com" },
        "image": {
            $0.image = SiteImage(
                candidates: [.init(path: "renditions/a-100.jpg", width: 100)],
                src: "renditions/a-100.jpg")
        },
        "opensOriginal": { $0.opensOriginal.toggle() }, "badge": { $0.badge = "New" },
        "availability": { $0.availability = .preOrder },
        "compareAtPrice": { $0.compareAtPrice = "€99" },
        "itemPath": { $0.itemPath = "items/other.html" },
        "name": { $0.name = "Other" },
        "offer": { $0.offer = Offer(amount: "12.00", currency: "EUR") },
        "rights": { $0.rights = ImageRights(creator: "A. Potter") },
        "tileShape": { $0.tileShape = TileShape(width: 1, height: 3) },
        "focus": { $0.focus = "50% 20%" },
        "tags": { $0.tags = ["blue"] },
        "variant": { $0.variant = "Blue" },
        "productPhotos": {
            $0.productPhotos = [SitePhoto(path: "b.jpg", width: 10, height: 10, alt: "Side")]
        },
        "coverTerms": {
            var own = SitePhoto(path: "a.jpg", width: 10, height: 10, alt: "Small", price: "€20")
            own.availability = .soldOut
            $0.coverTerms = SaleTerms(of: own)
        },
    ]

    static func galleryKey(
        _ catalogue: Catalogue, page number: Int, renderer: SiteRenderer
    ) -> UInt64 {
        PageWriter.key(
            ofPage: number, in: catalogue, menu: catalogue.menu(all: "All", tags: "Tags"),
            shareImage: nil,
            renderer: renderer)
    }

    static func itemsKey(
        _ catalogue: Catalogue, page number: Int, renderer: SiteRenderer
    ) -> UInt64 {
        ItemPageWriter.key(itemsOfPage: number, in: catalogue, renderer: renderer)
    }

    @Test("Every field of a photo is in both keys of its page: a new field cannot be forgotten")
    func everyPhotoField() throws {
        let renderer = try Self.renderer()
        let catalogue = Self.catalogue()
        // A field added to SitePhoto fails here until it has a change above, which then must
        // move both keys.
        let fields = Mirror(reflecting: catalogue.photos[0]).children.compactMap(\.label)
        #expect(Set(fields) == Set(Self.photoChanges.keys))
        let gallery = Self.galleryKey(catalogue, page: 2, renderer: renderer)
        let items = Self.itemsKey(catalogue, page: 2, renderer: renderer)
        #expect(Self.galleryKey(catalogue, page: 2, renderer: renderer) == gallery)
        #expect(Self.itemsKey(catalogue, page: 2, renderer: renderer) == items)
        for (field, change) in Self.photoChanges {
            var changed = catalogue
            change(&changed.photos[4])
            // A card shows a product's cover alone; its page shows all of its photos, and the
            // cover's own variant's terms where the card offers another's.
            let cardShows = field != "productPhotos" && field != "coverTerms"
            #expect(
                (Self.galleryKey(changed, page: 2, renderer: renderer) != gallery) == cardShows,
                "\(field)")
            #expect(Self.itemsKey(changed, page: 2, renderer: renderer) != items, "\(field)")
        }
    }

    @Test(
        "A page's keys ignore the photos of other pages, but its item pages follow their neighbours"
    )
    func otherPages() throws {
        let renderer = try Self.renderer()
        let catalogue = Self.catalogue()
        let gallery = (1...3).map { Self.galleryKey(catalogue, page: $0, renderer: renderer) }
        let items = (1...3).map { Self.itemsKey(catalogue, page: $0, renderer: renderer) }
        // The last photo of page 3: page 1 does not show it, nor link to it.
        var changed = catalogue
        changed.photos[8].caption = "Glazed"
        #expect(Self.galleryKey(changed, page: 1, renderer: renderer) == gallery[0])
        #expect(Self.itemsKey(changed, page: 1, renderer: renderer) == items[0])
        #expect(Self.itemsKey(changed, page: 2, renderer: renderer) == items[1])
        #expect(Self.itemsKey(changed, page: 3, renderer: renderer) != items[2])
        // The first photo of page 2: the last item page of page 1 links to it by name.
        changed = catalogue
        changed.photos[3].name = "Jug"
        #expect(Self.galleryKey(changed, page: 1, renderer: renderer) == gallery[0])
        #expect(Self.itemsKey(changed, page: 1, renderer: renderer) != items[0])
        #expect(Self.galleryKey(changed, page: 3, renderer: renderer) == gallery[2])
    }

    @Test(
        "A section's options are in the keys of the pages that show it, only theirs; its title, in the menu, in every page's"
    )
    func sections() throws {
        let renderer = try Self.renderer()
        var metadata = PhotoMetadata()
        metadata.sections["Folder 1"] = PhotoMetadata.SectionEntry(
            options: SectionOptions(footer: "Hand thrown"))
        let catalogue = Self.catalogue(metadata)
        // Folder 1 holds photos 4 to 7: pages 2 and 3 show it, page 1 does not.
        let keys = (1...3).map { Self.galleryKey(catalogue, page: $0, renderer: renderer) }
        var resized = catalogue
        resized.setImageSizes(["Folder 1": "50vw"])
        #expect(
            (1...3).map { Self.galleryKey(resized, page: $0, renderer: renderer) != keys[$0 - 1] }
                == [false, true, true])
        metadata.sections["Folder 1"]?.options.footer = "Wheel thrown"
        let refooted = Self.catalogue(metadata)
        #expect(
            (1...3).map { Self.galleryKey(refooted, page: $0, renderer: renderer) != keys[$0 - 1] }
                == [false, true, true])
        metadata.sections["Folder 1"]?.title = "Jugs"
        let retitled = Self.catalogue(metadata)
        #expect(
            (1...3).allSatisfy {
                Self.galleryKey(retitled, page: $0, renderer: renderer)
                    != Self.galleryKey(refooted, page: $0, renderer: renderer)
            })
    }
}
