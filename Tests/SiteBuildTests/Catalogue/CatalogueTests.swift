import PhotoScanner
import SiteRenderer
import TestSupport
import Testing

@testable import SiteBuild

@Suite("Gallery catalogue")
struct CatalogueTests {
    static func photo(_ path: String) -> ScannedPhoto {
        ScannedPhoto(
            relativePath: path, format: .jpeg, storedWidth: 40, storedHeight: 30, orientation: 1,
            byteSize: 1)
    }

    @Test(
        "Root photos first, then each folder in order of first appearance; every photo once, with its scan index"
    )
    func grouping() {
        let scan = ["b/1.jpg", "a.jpg", "b/2.jpg", "b/c/1.jpg", "bb/1.jpg", "b/3.jpg", "z.jpg"]
        let catalogue = Catalogue(
            photos: scan.map(Self.photo), metadata: PhotoMetadata(), pageSize: 3)
        #expect(
            catalogue.photos.map(\.path) == [
                "a.jpg", "z.jpg", "b/1.jpg", "b/2.jpg", "b/3.jpg", "b/c/1.jpg", "bb/1.jpg",
            ])
        #expect(catalogue.folders == ["", "", "b", "b", "b", "b/c", "bb"])
        #expect(catalogue.scanIndices.map { scan[$0] } == catalogue.photos.map(\.path))
        #expect(
            catalogue.photos.indices.map { catalogue.scanned($0).relativePath }
                == catalogue.photos.map(\.path))
        #expect(catalogue.photos.first?.alt == "A")
        #expect(catalogue.pageCount == 3 && catalogue.sectionCount == 4)
        // Seven photos in pages of at most 3: pages of 2, 2 and 3, never a lone photo.
        #expect((1...3).map { catalogue.page($0).photoCount } == [2, 2, 3])
        #expect(catalogue.page(2).sections.map(\.folder) == ["b"])
        #expect(catalogue.page(3).sections.map(\.folder) == ["b", "b/c", "bb"])
        #expect(catalogue.page(3).sections.map(\.isContinued) == [true, false, false])
        #expect(catalogue.page(3).sections.map(\.totalCount) == [3, 1, 1])
        // "1.jpg" is no name: its alt text is its section's and its number there.
        #expect(catalogue.photos[2].alt == "B 1" && catalogue.photos[2].title == nil)
        for number in 1...catalogue.pageCount {
            let page = catalogue.page(number)
            let slices = catalogue.sections(ofPage: number)
            #expect(
                slices.map(\.folder) == page.sections.map(\.folder)
                    && slices.map(\.title) == page.sections.map(\.title))
            #expect(slices.map { Array($0.photos) } == page.sections.map(\.photos))
        }
    }

    @Test(
        "A large gallery, built on several threads, is the same as one photo at a time would give")
    func largeGallery() {
        let scan = (0..<12_345).map { index in
            index % 97 == 0
                ? "root-\(index).jpg" : "folder-\(index / 500)/sub-\(index % 3)/photo_\(index).jpg"
        }
        let catalogue = Catalogue(
            photos: scan.map(Self.photo), metadata: PhotoMetadata(), pageSize: 500)
        #expect(catalogue.photos.count == scan.count)
        #expect(Set(catalogue.photos.map(\.path)).count == scan.count)
        #expect(
            catalogue.photos.prefix { !$0.path.contains("/") }.count
                == scan.filter { !$0.contains("/") }.count)
        for (index, photo) in catalogue.photos.enumerated() {
            #expect(
                photo.path == scan[catalogue.scanIndices[index]]
                    && photo.path == catalogue.scanned(index).relativePath)
            #expect(photo.alt == Humanised.fileName(photo.path))
            #expect(catalogue.folders[index] == Catalogue.folder(of: photo.path))
        }
    }

    @Test(
        "Photos left out (gone since the scan) leave the pages, and the rest keep their scan indices"
    )
    func leaveOut() {
        let scan = ["a.jpg", "b/1.jpg", "b/2.jpg", "c/1.jpg"]
        var catalogue = Catalogue(
            photos: scan.map(Self.photo), metadata: PhotoMetadata(), pageSize: 2)
        catalogue.leaveOut([1, 3])
        #expect(catalogue.photos.map(\.path) == ["a.jpg", "b/2.jpg"])
        #expect(catalogue.folders == ["", "b"])
        #expect(catalogue.scanIndices == [0, 2])
        #expect(catalogue.scanned(1).relativePath == "b/2.jpg")
        #expect(catalogue.pageCount == 1 && catalogue.sectionCount == 2)
    }

    @Test(
        "Pages are balanced: ⌈N / size⌉ pages differing by one photo at most, and every photo knows its page",
        arguments: [
            (1, 500), (501, 500), (1001, 500), (7, 3), (10, 3), (12, 12), (13, 12), (99, 10),
        ])
    func balancedPages(photos: Int, pageSize: Int) {
        let scan = (0..<photos).map { "f\($0 / 7)/p-\($0).jpg" }
        let catalogue = Catalogue(
            photos: scan.map(Self.photo), metadata: PhotoMetadata(), pageSize: pageSize)
        #expect(catalogue.pageCount == (photos + pageSize - 1) / pageSize)
        let sizes = (1...catalogue.pageCount).map { catalogue.pageRange($0).count }
        #expect(sizes.reduce(0, +) == photos)
        #expect(sizes.allSatisfy { $0 <= pageSize })
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(sizes)")
        if photos > 1 { #expect(sizes.allSatisfy { $0 > 1 }, "\(sizes)") }
        for position in 0..<photos {
            #expect(
                catalogue.pageRange(catalogue.pageNumber(ofPosition: position)).contains(position))
        }
    }

    @Test("Camera and file-system names are never titles; metadata names and alt text win")
    func cameraNames() {
        for noise in [
            "IMG_1234.jpg", "a/DSC01234.JPG", "PXL_20240312_101530123.MP.jpg",
            "20240312_101530.jpg",
            "0001.png", "DSCN0042.jpg", "_MG_1234.jpg", "IMG-20240312-WA0001.jpg", "P1010001.JPG",
        ] {
            #expect(Humanised.isCameraName(noise), "\(noise)")
        }
        for name in [
            "red-bowl.jpg", "Img of the bay.jpg", "DSC of something.jpg", "photo-12.jpg",
            "pixel-art.png", "2024 summer trip.jpg",
        ] {
            #expect(!Humanised.isCameraName(name), "\(name)")
        }
        var metadata = PhotoMetadata()
        metadata.photos["Shop/IMG_0002.jpg"] = PhotoMetadata.Entry(title: "Red bowl")
        metadata.photos["Shop/IMG_0003.jpg"] = PhotoMetadata.Entry(alt: "A blue cup")
        metadata.sections["Shop"] = PhotoMetadata.SectionEntry(title: "The shop")
        let catalogue = Catalogue(
            photos: [
                "Shop/IMG_0001.jpg", "Shop/IMG_0002.jpg", "Shop/IMG_0003.jpg", "Shop/vase.jpg",
            ]
            .map(Self.photo), metadata: metadata, pageSize: 10)
        #expect(catalogue.photos.map(\.alt) == ["The shop 1", "Red bowl", "A blue cup", "Vase"])
        #expect(catalogue.photos.map(\.name) == ["The shop 1", "Red bowl", "The shop 3", "Vase"])
        #expect(catalogue.photos.map(\.title) == [nil, "Red bowl", nil, nil])
    }

    @Test("The byte-wise camera-name check of ASCII paths is the character-wise one")
    func asciiCameraNames() {
        let paths = RandomTexts.make(
            [
                "", "/", "IMG_1234.jpg", "a/IMG_1234.jpg", "img-0042",
                "PXL_20240312_101530123.MP.jpg",
                "DSC01234", "P1234", "Pot", "1234", "12", ".123", "IMG_12ab", "IMG_1\r\n234",
                "a/b/",
                "SAM_1234 copy.jpg",
            ], count: 2_000, maximumLength: 14, from: Array("IMGDSCNFPXLVOJAab_- ./0123456789\r\n"))
        for path in paths {
            #expect(
                Humanised.isASCIICameraName(Array(path.utf8))
                    == Humanised.isCameraNameByCharacter(path), "\(path.debugDescription)")
        }
    }
    @Test("The menu links the whole catalogue, then each category's page; none with one category")
    func menu() {
        let scan = (0..<9).map { $0 < 5 ? "Alpha/\($0).jpg" : "Beta/\($0).jpg" }
        var catalogue = Catalogue(
            photos: (["top.jpg"] + scan).map(Self.photo), metadata: PhotoMetadata(), pageSize: 4)
        catalogue.assignCategoryPaths(reserved: ["items"])
        #expect(
            catalogue.menu(all: "All", tags: "Tags") == [
                MenuEntry(title: "All", path: "index.html"),
                MenuEntry(title: "Alpha", path: "alpha/index.html"),
                MenuEntry(title: "Beta", path: "beta/index.html"),
            ])
        var single = Catalogue(
            photos: ["top.jpg", "Alpha/1.jpg"].map(Self.photo), metadata: PhotoMetadata(),
            pageSize: 4)
        single.assignCategoryPaths(reserved: [])
        #expect(single.menu(all: "All", tags: "Tags").isEmpty)
    }

    @Test(
        "Each section carries its metadata's title and options, the root none; every photo gets its item path"
    )
    func sectionsAndItemPaths() {
        var metadata = PhotoMetadata()
        metadata.sections["Ceramics"] = PhotoMetadata.SectionEntry(
            title: "Pots", options: SectionOptions(footer: "Hand thrown"))
        var catalogue = Catalogue(
            photos: ["top.jpg", "Ceramics/Red Bowl.jpg", "Glass/cup.jpg"].map(Self.photo),
            metadata: metadata, pageSize: 10)
        #expect(catalogue.sectionFolders == ["", "Ceramics", "Glass"])
        #expect(catalogue.sectionFolders.map(catalogue.title(of:)) == ["", "Pots", "Glass"])
        #expect(catalogue.options(of: "Ceramics").footer == "Hand thrown")
        #expect(catalogue.options(of: "Glass") == SectionOptions())
        catalogue.setImageSizes(["Ceramics": "50vw"])
        #expect(catalogue.page(1).sections[1].options.imageSizes == "50vw")
        #expect(catalogue.photos.allSatisfy { $0.itemPath == nil })
        catalogue.assignItemPaths()
        #expect(
            catalogue.photos.map(\.itemPath) == [
                "items/top.html", "items/ceramics/red-bowl.html", "items/glass/cup.html",
            ])
    }
}
