import Foundation
import InputFiles
import PhotoScanner
import SiteRenderer
import Testing

@testable import SiteBuild

@Suite("Products: rows grouped by product, one card each, variants")
struct ProductTests {
    static func csv(_ text: String) throws(MetadataTable.Problem) -> PhotoMetadata {
        try MetadataTable.parse(Array(text.utf8))
    }

    static let scan = [
        "Mugs/blue-side.jpg", "Mugs/blue-top.jpg", "Mugs/plate.jpg", "Mugs/rust-side.jpg",
        "Mugs/rust-top.jpg",
    ].map { CatalogueOrderTests.photo($0) }

    static let table = """
        path,product,position,variant,title,price,availability,link,alt
        Mugs/blue-top.jpg,mug,2,Blue,,,,,Blue mug from above
        Mugs/blue-side.jpg,mug,1,Blue,Everyday mug,€24,,https://shop.example/mug,Blue mug
        Mugs/rust-side.jpg,mug,3,Rust,,€26,sold out,,Rust mug
        Mugs/rust-top.jpg,mug,4,Rust,,,,,Rust mug from above
        Mugs/plate.jpg,,,,Plate,€18,,,A plate

        """

    @Test("The product's fields reach every row; a variant's price and state reach its rows only")
    func merging() throws {
        let merged = ProductRows.merged(try Self.csv(Self.table))
        let topOfRust = try #require(merged.photos["Mugs/rust-top.jpg"])
        #expect(topOfRust.title == "Everyday mug")
        #expect(topOfRust.link == "https://shop.example/mug")
        #expect(topOfRust.price == "€26")
        #expect(topOfRust.availability == .soldOut)
        #expect(topOfRust.alt == "Rust mug from above", "alt text stays the photo's own")
        let topOfBlue = try #require(merged.photos["Mugs/blue-top.jpg"])
        #expect(topOfBlue.price == "€24")
        #expect(topOfBlue.availability == nil, "another variant's state is not this one's")
        #expect(merged.photos["Mugs/plate.jpg"]?.title == "Plate")
        #expect(ProductRows.conflicts(in: try Self.csv(Self.table)).isEmpty)
    }

    @Test("Two rows giving one field different values conflict, naming both rows")
    func conflicts() throws {
        let metadata = try Self.csv(
            """
            path,product,title,price,variant
            Mugs/blue-side.jpg,mug,Everyday mug,€24,
            Mugs/blue-top.jpg,mug,Daily mug,€25,
            Mugs/rust-side.jpg,mug,,€30,Rust
            Mugs/plate.jpg,plate,,,
            Other/plate-2.jpg,plate,,,

            """)
        let found = ProductRows.conflicts(in: metadata)
        #expect(
            found.map { "\($0.product).\($0.field)" }.sorted()
                == ["mug.price", "mug.title", "plate.product"],
            "a variant's own price is no conflict; photos in two folders are")
        let problems = MetadataCheck(metadata: metadata, file: "metadata.csv", photoPaths: [])
            .productConflicts()
        let title = try #require(problems.first { $0.field == "title" })
        #expect(title.severity == .error)
        #expect(title.text.contains("row 2 (line 2), column C ('title')"))
        #expect(title.text.contains("'Everyday mug' here but 'Daily mug' in row 3 (line 3)"))
        #expect(problems.first { $0.field == "product" }?.text.contains("one folder") == true)
    }

    @Test("A product is one card, its cover first, where its first photo stands")
    func folding() throws {
        let metadata = ProductRows.merged(try Self.csv(Self.table))
        var catalogue = Catalogue(photos: Self.scan, metadata: metadata, pageSize: 10)
        catalogue.assignItemPaths(metadata: metadata)
        #expect(catalogue.cardCount == 2)
        #expect(
            catalogue.photos.compactMap(\.itemPath) == [
                "items/mugs/everyday-mug.html", "items/mugs/plate.html",
            ], "only a product's cover has a page")
        let pages = catalogue.pagePaths()
        #expect(pages[3] == "items/mugs/everyday-mug.html", "a photo of a product leads to it")
        let folded = catalogue.foldingProducts()
        #expect(folded.photos.map(\.path) == ["Mugs/blue-side.jpg", "Mugs/plate.jpg"])
        #expect(
            folded.photos[0].productPhotos.map(\.path) == [
                "Mugs/blue-top.jpg", "Mugs/rust-side.jpg", "Mugs/rust-top.jpg",
            ])
        #expect(folded.photos[0].productPhotos.map(\.variant) == ["Blue", "Rust", "Rust"])
        #expect(folded.photoCount(ofFolder: "Mugs") == 2)
        #expect(folded.scanned(0).relativePath == "Mugs/blue-side.jpg")
        #expect(folded.foldingProducts().photos == folded.photos, "folding twice changes nothing")
    }

    @Test("Without products the catalogue is folded already")
    func noProducts() throws {
        let metadata = try Self.csv("path,title\nMugs/plate.jpg,Plate\n")
        let catalogue = Catalogue(photos: Self.scan, metadata: metadata, pageSize: 10)
        #expect(catalogue.cardCount == Self.scan.count)
        #expect(catalogue.foldingProducts().photos == catalogue.photos)
    }

    @Test("position and product are read from JSON too; a bad position names its key")
    func json() throws {
        let metadata = try CatalogueOrderTests.json(
            """
            {"photos": {"a.jpg": {"product": "set", "position": 2, "variant": "Large"}}}
            """)
        #expect(metadata.photos["a.jpg"]?.position == 2)
        #expect(metadata.photos["a.jpg"]?.variant == "Large")
        #expect(metadata.hasProducts)
        #expect(throws: SiteBuildError.self) {
            _ = try CatalogueOrderTests.json(#"{"photos": {"a.jpg": {"position": "first"}}}"#)
        }
    }
}
