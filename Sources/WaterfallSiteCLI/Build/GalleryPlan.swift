import PhotoScanner
import SiteRenderer

/// How the scanned photos become sections and pages: root photos first, then one section per
/// folder in natural order (the order the scanner returns), photos in scan order, pages of at most
/// `pageSize` photos. A folder cut by a page break continues on the next page under the same title.
struct GalleryPlan: Sendable {
    /// All photos in page order (the builder adds their renditions).
    var photos: [SitePhoto]
    /// The folder of each photo in `photos`.
    let folders: [String]
    /// What the scanner measured for each photo in `photos`.
    let scanned: [ScannedPhoto]
    /// The index in the scan's photos of each photo in `photos`.
    let scanIndices: [Int]
    let sectionTitles: [String: String]
    let pageSize: Int

    init(photos scanned: [ScannedPhoto], metadata: PhotoMetadata, pageSize: Int) {
        // Group by folder, keeping the first-appearance (natural) order of folders, root first.
        var order: [String] = []
        var groups: [[Int]] = []
        var groupOfFolder: [String: Int] = [:]
        var current = -1
        for (scanIndex, photo) in scanned.enumerated() {
            let path = photo.relativePath
            let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
            // A folder's photos mostly come one after another: look the folder up only on a change.
            if current < 0 || folder != order[current] {
                if let known = groupOfFolder[String(folder)] {
                    current = known
                } else {
                    current = order.count
                    order.append(String(folder))
                    groups.append([])
                    groupOfFolder[String(folder)] = current
                }
            }
            groups[current].append(scanIndex)
        }
        var groupOrder = Array(order.indices)
        if let root = order.firstIndex(of: ""), root != 0 {
            groupOrder.remove(at: root)
            groupOrder.insert(root, at: 0)
        }
        var photos: [SitePhoto] = []
        var folders: [String] = []
        var ordered: [ScannedPhoto] = []
        var scanIndices: [Int] = []
        photos.reserveCapacity(scanned.count)
        ordered.reserveCapacity(scanned.count)
        for group in groupOrder {
            let folder = order[group]
            for scanIndex in groups[group] {
                let photo = scanned[scanIndex]
                let entry = metadata.photos.isEmpty ? nil : metadata.photos[photo.relativePath]
                photos.append(
                    SitePhoto(
                        path: photo.relativePath, width: photo.displayWidth, height: photo.displayHeight,
                        alt: entry?.alt ?? entry?.title ?? Humanised.fileName(photo.relativePath),
                        title: entry?.title, caption: entry?.caption, price: entry?.price, link: entry?.link))
                folders.append(folder)
                ordered.append(photo)
                scanIndices.append(scanIndex)
            }
        }
        self.photos = photos
        self.folders = folders
        self.scanned = ordered
        self.scanIndices = scanIndices
        self.sectionTitles = metadata.sectionTitles
        self.pageSize = max(1, pageSize)
    }

    var pageCount: Int { photos.isEmpty ? 0 : (photos.count + pageSize - 1) / pageSize }

    /// The number of distinct folders (sections across all pages).
    var sectionCount: Int { Set(folders).count }

    /// Page `number` (1-based), built on demand so only one page is in memory at a time.
    func page(_ number: Int) -> SitePage {
        let start = (number - 1) * pageSize
        let end = min(photos.count, start + pageSize)
        var sections: [SiteSection] = []
        for index in start..<end {
            let folder = folders[index]
            if sections.last?.folder != folder || sections.isEmpty {
                let title = folder.isEmpty ? "" : (sectionTitles[folder] ?? Humanised.folder(folder))
                sections.append(SiteSection(folder: folder, title: title, photos: []))
            }
            sections[sections.count - 1].photos.append(photos[index])
        }
        return SitePage(number: number, count: pageCount, sections: sections)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }
}
