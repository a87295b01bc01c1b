import PhotoScanner
import Testing

@testable import SiteBuild

@Suite("Gallery plan")
struct GalleryPlanTests {
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
        let plan = GalleryPlan(photos: scan.map(Self.photo), metadata: PhotoMetadata(), pageSize: 3)
        #expect(
            plan.photos.map(\.path) == [
                "a.jpg", "z.jpg", "b/1.jpg", "b/2.jpg", "b/3.jpg", "b/c/1.jpg", "bb/1.jpg",
            ])
        #expect(plan.folders == ["", "", "b", "b", "b", "b/c", "bb"])
        #expect(plan.scanIndices.map { scan[$0] } == plan.photos.map(\.path))
        #expect(
            plan.photos.indices.map { plan.scanned($0).relativePath } == plan.photos.map(\.path))
        #expect(plan.photos.first?.alt == "A")
        #expect(plan.pageCount == 3 && plan.sectionCount == 4)
        #expect(plan.page(1).sections.map(\.folder) == ["", "b"])
        for number in 1...plan.pageCount {
            let page = plan.page(number)
            let slices = plan.sections(ofPage: number)
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
        let plan = GalleryPlan(
            photos: scan.map(Self.photo), metadata: PhotoMetadata(), pageSize: 500)
        #expect(plan.photos.count == scan.count)
        #expect(Set(plan.photos.map(\.path)).count == scan.count)
        #expect(
            plan.photos.prefix { !$0.path.contains("/") }.count
                == scan.filter { !$0.contains("/") }.count)
        for (index, photo) in plan.photos.enumerated() {
            #expect(
                photo.path == scan[plan.scanIndices[index]]
                    && photo.path == plan.scanned(index).relativePath)
            #expect(photo.alt == Humanised.fileName(photo.path))
            #expect(plan.folders[index] == GalleryPlan.folder(of: photo.path))
        }
    }

    @Test(
        "Photos left out (gone since the scan) leave the pages, and the rest keep their scan indices"
    )
    func leaveOut() {
        let scan = ["a.jpg", "b/1.jpg", "b/2.jpg", "c/1.jpg"]
        var plan = GalleryPlan(photos: scan.map(Self.photo), metadata: PhotoMetadata(), pageSize: 2)
        plan.leaveOut([1, 3])
        #expect(plan.photos.map(\.path) == ["a.jpg", "b/2.jpg"])
        #expect(plan.folders == ["", "b"])
        #expect(plan.scanIndices == [0, 2])
        #expect(plan.scanned(1).relativePath == "b/2.jpg")
        #expect(plan.pageCount == 1 && plan.sectionCount == 2)
    }
}
