import Foundation
import InputFiles
import PhotoScanner
import SiteRenderer
import Testing

@testable import SiteBuild

@Suite("The owner's order: sort and order")
struct CatalogueOrderTests {
    /// A photo at `path`, taken at `taken` (seconds) and last changed at `modified` (seconds).
    static func photo(_ path: String, taken: Int64? = nil, modified: Int64? = nil) -> ScannedPhoto {
        var photo = ScannedPhoto(
            relativePath: path, format: .jpeg, storedWidth: 40, storedHeight: 30, orientation: 1,
            byteSize: 1,
            identity: modified.map {
                FileIdentity(device: 1, inode: 1, size: 1, modified: $0 * 1_000_000_000)
            })
        photo.dateTaken = taken
        return photo
    }

    /// The paths in the order a catalogue of `scan` sorted by `sort` shows them.
    static func shown(
        _ scan: [ScannedPhoto], _ metadata: PhotoMetadata = PhotoMetadata(),
        sort: CatalogueOrder.Sort
    ) -> [String] {
        let order = CatalogueOrder(sort: sort, metadata: metadata).permutation(of: scan)
        let catalogue = Catalogue(photos: scan, metadata: metadata, pageSize: 4, order: order)
        // The catalogue still points into the scan at the scan's own positions.
        for index in catalogue.photos.indices {
            #expect(catalogue.scanned(index).relativePath == catalogue.photos[index].path)
            #expect(scan[catalogue.scanIndices[index]].relativePath == catalogue.photos[index].path)
        }
        #expect(Set(catalogue.scanIndices) == Set(scan.indices), "every photo once")
        return catalogue.photos.map(\.path)
    }

    static func json(_ text: String) throws -> PhotoMetadata {
        let file = FileManager.default.temporaryDirectory.appending(
            path: "order-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try PhotoMetadata.load(file, rule: InputFileRule(followsLinks: false))
    }

    /// The reason of a metadata file's refusal (the CLI words it after the file's path).
    static func metadataReason(_ error: any Error) -> String? {
        guard case .invalidMetadata(_, let reason)? = error as? SiteBuildError else { return nil }
        return reason
    }

    static func csv(_ text: String) throws(MetadataTable.Problem) -> PhotoMetadata {
        try MetadataTable.parse(Array(text.utf8))
    }

    static let scan = [
        "top-b.jpg", "top-a.jpg", "Glass/cup-2.jpg", "Glass/cup-10.jpg", "Pots/bowl.jpg",
        "Pots/vase.jpg",
    ].map { photo($0) }

    @Test("By name, with no order anywhere, the catalogue keeps the scan's order: no permutation")
    func nameIsTheScan() throws {
        let metadata = try Self.csv("path,title\nPots/vase.jpg,Vase\nGlass/,Glass\n")
        #expect(CatalogueOrder(sort: .name, metadata: metadata).permutation(of: Self.scan) == nil)
        let natural = Catalogue(photos: Self.scan, metadata: metadata, pageSize: 4)
        // The permutation computed anyway (an order elsewhere) gives the same catalogue.
        var ordered = metadata
        try ordered.addPhoto("elsewhere.jpg", [("order", .number(1))])
        #expect(
            Self.shown(Self.scan, ordered, sort: .name) == natural.photos.map(\.path))
        #expect(
            natural.photos.map(\.path) == [
                "top-b.jpg", "top-a.jpg", "Glass/cup-2.jpg", "Glass/cup-10.jpg", "Pots/bowl.jpg",
                "Pots/vase.jpg",
            ])
    }

    @Test(
        "Newest first by the date taken, else the file's time; photos with neither after, by name")
    func newest() {
        let scan = [
            Self.photo("a.jpg"), Self.photo("b.jpg", taken: 100),
            Self.photo("c.jpg", modified: 300),
            Self.photo("d.jpg", taken: 200, modified: 50), Self.photo("e.jpg"),
            Self.photo("f.jpg", taken: 100),
        ]
        #expect(
            Self.shown(scan, sort: .newest) == [
                "c.jpg", "d.jpg", "b.jpg", "f.jpg", "a.jpg", "e.jpg",
            ])
    }

    @Test("By metadata: the rows of the table, the keys of the JSON file; photos without one after")
    func metadataRows() throws {
        let table = try Self.csv(
            "path,title\nPots/vase.jpg,Vase\ntop-a.jpg,A\nPots/,Pots\nGlass/cup-10.jpg,Ten\n")
        #expect(
            Self.shown(Self.scan, table, sort: .metadata) == [
                // The top level has no row of its own and keeps its first place; then the one
                // folder with a row, then the others in natural order.
                "top-a.jpg", "top-b.jpg", "Pots/vase.jpg", "Pots/bowl.jpg", "Glass/cup-10.jpg",
                "Glass/cup-2.jpg",
            ])
        let json = try Self.json(
            """
            { "photos": { "Glass/cup-10.jpg": {}, "top-a.jpg": {}, "Pots/vase.jpg": {} },
              "sections": { "Glass": {}, ".": {}, "Pots": {} } }
            """)
        #expect(
            Self.shown(Self.scan, json, sort: .metadata) == [
                "Glass/cup-10.jpg", "Glass/cup-2.jpg", "top-a.jpg", "top-b.jpg", "Pots/vase.jpg",
                "Pots/bowl.jpg",
            ])
    }

    @Test("By price: lowest first by the amount, whatever the notation; unpriced after, by name")
    func price() throws {
        var metadata = try Self.csv(
            """
            path,price
            top-a.jpg,€1.200
            top-b.jpg,€24.50
            Glass/cup-2.jpg,no price yet
            Glass/cup-10.jpg,9
            Pots/vase.jpg,"24,49 €"
            Pots/bowl.jpg,€24.49

            """)
        // Prices as the build has them: bare amounts shown in the site's language.
        _ = metadata.resolvePrices(currency: "EUR", language: "de")
        #expect(
            Self.shown(Self.scan, metadata, sort: .price) == [
                "top-b.jpg", "top-a.jpg", "Glass/cup-10.jpg", "Glass/cup-2.jpg", "Pots/bowl.jpg",
                "Pots/vase.jpg",
            ])
    }

    @Test(
        "An order puts photos and sections before all others in any sort, lowest first; ties and the rest follow the sort",
        arguments: CatalogueOrder.Sort.allCases)
    func ownersOrder(sort: CatalogueOrder.Sort) throws {
        let metadata = try Self.csv(
            """
            path,price,order
            Pots/vase.jpg,€90,
            Pots/bowl.jpg,€5,
            Pots/,,2
            Glass/,,-1.5
            Glass/cup-10.jpg,€30,7
            Glass/cup-2.jpg,€40,7
            top-a.jpg,€1,
            top-b.jpg,€2,3

            """)
        let shown = Self.shown(Self.scan, metadata, sort: sort)
        // Glass (-1.5), then Pots (2), then the top level without an order.
        #expect(
            shown.map { Catalogue.folder(of: $0) } == ["Glass", "Glass", "Pots", "Pots", "", ""])
        // top-b has an order: first in its section in every sort.
        #expect(shown.suffix(2) == ["top-b.jpg", "top-a.jpg"])
        // Equal orders fall back to the sort: by name cup-2 before cup-10, by price or row the
        // other way.
        let glass = Array(shown.prefix(2))
        let pots = Array(shown[2..<4])
        switch sort {
        case .name, .newest:
            #expect(glass == ["Glass/cup-2.jpg", "Glass/cup-10.jpg"])
            #expect(pots == ["Pots/bowl.jpg", "Pots/vase.jpg"])
        case .metadata:
            #expect(glass == ["Glass/cup-10.jpg", "Glass/cup-2.jpg"])
            #expect(pots == ["Pots/vase.jpg", "Pots/bowl.jpg"])
        case .price:
            #expect(glass == ["Glass/cup-10.jpg", "Glass/cup-2.jpg"])
            #expect(pots == ["Pots/bowl.jpg", "Pots/vase.jpg"])
        }
    }

    @Test("A folder's order may put it before the top-level photos; the catalogue keeps that place")
    func sectionBeforeTheTopLevel() throws {
        let metadata = try Self.json(#"{ "sections": { "Pots": { "order": 1 } } }"#)
        #expect(metadata.hasOrder)
        let order = CatalogueOrder(sort: .name, metadata: metadata).permutation(of: Self.scan)
        let catalogue = Catalogue(photos: Self.scan, metadata: metadata, pageSize: 4, order: order)
        #expect(catalogue.sectionFolders == ["Pots", "", "Glass"])
        #expect(catalogue.page(1).sections.map(\.folder) == ["Pots", ""])
    }

    @Test(
        "An order is a plain number: JSON numbers and decimal text; anything else names the file or row and column",
        arguments: [
            ("1", 1.0), ("-2", -2.0), ("+3", 3.0), ("2.5", 2.5), (" 4 ", 4.0), ("007", 7.0),
        ])
    func goodNumbers(text: String, value: Double) throws {
        let table = try Self.csv("path,order\na.jpg,\(text)\nShop/,\(text)\n")
        #expect(table.photos["a.jpg"]?.order == value)
        #expect(table.sections["Shop"]?.order == value)
        #expect(table.hasOrder)
        let json = try Self.json(
            #"{ "photos": { "a.jpg": { "order": "\#(text)" }, "b.jpg": { "order": \#(value) } } }"#)
        #expect(json.photos["a.jpg"]?.order == value && json.photos["b.jpg"]?.order == value)
    }

    @Test(
        "Bad orders are errors naming the row and column, or the file, photo and key",
        arguments: ["first", "1e3", "inf", "nan", "1.", ".5", "1,5", "0x10", "--1", "1 2"])
    func badNumbers(text: String) throws {
        #expect(throws: MetadataTable.Problem.self) {
            try Self.csv("path,order\na.jpg,\"\(text)\"\n")
        }
        do {
            _ = try Self.csv("path,title,order\nb.jpg,B,1\na.jpg,A,\"\(text)\"\n")
            Issue.record("'\(text)' was taken from a table")
        } catch {
            #expect(
                error.description
                    == "row 3 (line 3), column C ('order'): must be a number (lowest first: 1, 2, 2.5, -1), got '\(text)'"
            )
        }
        do {
            _ = try Self.csv("path,order\nShop/,\"\(text)\"\n")
            Issue.record("'\(text)' was taken for a folder's row")
        } catch {
            #expect(
                error.description.hasPrefix("row 2 (line 2), column B ('order'): must be a number"))
        }
        do {
            _ = try Self.json(#"{ "photos": { "a.jpg": { "order": "\#(text)" } } }"#)
            Issue.record("'\(text)' was taken")
        } catch {
            #expect(
                Self.metadataReason(error)
                    == "photo 'a.jpg' key 'order' must be a number (lowest first: 1, 2, 2.5, -1), got '\(text)'",
                "\(error)")
        }
        do {
            _ = try Self.json(#"{ "sections": { "Shop": { "order": "\#(text)" } } }"#)
            Issue.record("'\(text)' was taken for a section")
        } catch {
            #expect(
                Self.metadataReason(error)?.hasPrefix("section 'Shop' key 'order' must be a number")
                    == true, "\(error)")
        }
    }

    @Test("A JSON order that is neither a number nor text is refused")
    func jsonOrderOfAnotherType() {
        #expect(throws: SiteBuildError.self) {
            try Self.json(#"{ "photos": { "a.jpg": { "order": true } } }"#)
        }
    }

    @Test("init's starter table leaves the order column out, but a table may have it")
    func starterColumns() throws {
        #expect(!MetadataTable.columns.contains("order"))
        #expect(try Self.csv("path,Order\na.jpg,1\n").photos["a.jpg"]?.order == 1)
    }
}
