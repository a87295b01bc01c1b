import Dispatch
import PhotoScanner
import SiteRenderer

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

/// How the scanned photos become sections and pages: root photos first, then one section per
/// folder in natural order (the order the scanner returns), photos in scan order, pages of at most
/// `pageSize` photos. A folder cut by a page break continues on the next page under the same title.
public struct GalleryPlan: Sendable {
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

    init(photos scanned: [ScannedPhoto], metadata: PhotoMetadata, pageSize: Int) {
        // Group by folder, keeping the first-appearance (natural) order of folders, root first.
        var order: [String] = []
        var groups: [[Int]] = []
        var groupOfFolder: [String: Int] = [:]
        var current = -1
        for (scanIndex, photo) in scanned.enumerated() {
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
        if let root = order.firstIndex(of: ""), root != 0 {
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
        // The photos themselves (alt text humanised from the file name) on all cores: at
        // 100,000 photos this is a tenth of a rebuild.
        let count = scanIndices.count
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / 5_000))
        let indices = scanIndices
        self.photos = [SitePhoto](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = UncheckedSendableBuffer(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for position in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                    let photo = scanned[indices[position]]
                    let entry = metadata.photos.isEmpty ? nil : metadata.photos[photo.relativePath]
                    var site = SitePhoto(
                        path: photo.relativePath, width: photo.displayWidth,
                        height: photo.displayHeight,
                        alt: entry?.alt ?? entry?.title ?? Humanised.fileName(photo.relativePath),
                        title: entry?.title, caption: entry?.caption, price: entry?.price,
                        link: entry?.link)
                    site.opensOriginal = !photo.format.needsRenditions
                    (slots.buffer.baseAddress.unsafelyUnwrapped + position).initialize(to: site)
                }
            }
            initialized = count
        }
        self.folders = folders
        self.sectionFolders = order
        self.scan = scanned
        self.scanIndices = indices
        self.sections = metadata.sections
        self.pageSize = max(1, pageSize)
    }

    /// Leaves the photos at `positions` (in ``photos``) out of the site: files that went away
    /// after the scan.
    mutating func leaveOut(_ positions: Set<Int>) {
        guard !positions.isEmpty else { return }
        let kept = photos.indices.filter { !positions.contains($0) }
        photos = kept.map { photos[$0] }
        folders = kept.map { folders[$0] }
        scanIndices = kept.map { scanIndices[$0] }
        let stillHeld = Set(folders)
        sectionFolders = sectionFolders.filter { stillHeld.contains($0) }
    }

    /// What the scanner measured for the photo at `index` in `photos`.
    func scanned(_ index: Int) -> ScannedPhoto { scan[scanIndices[index]] }

    var pageCount: Int { photos.isEmpty ? 0 : (photos.count + pageSize - 1) / pageSize }

    /// The number of distinct folders (sections across all pages).
    var sectionCount: Int { sectionFolders.count }

    /// Page `number`'s sections with slices of ``photos``, for a fingerprint without copies.
    func sections(ofPage number: Int) -> [SiteRenderer.SectionSlice] {
        let start = (number - 1) * pageSize
        let end = min(photos.count, start + pageSize)
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

    /// Page `number` (1-based), built on demand so only one page is in memory at a time.
    func page(_ number: Int) -> SitePage {
        let start = (number - 1) * pageSize
        let end = min(photos.count, start + pageSize)
        var sections: [SiteSection] = []
        for index in start..<end {
            let folder = folders[index]
            if sections.last?.folder != folder || sections.isEmpty {
                sections.append(
                    SiteSection(
                        folder: folder, title: title(of: folder), photos: [],
                        options: options(of: folder)))
            }
            sections[sections.count - 1].photos.append(photos[index])
        }
        return SitePage(number: number, count: pageCount, sections: sections)
    }

    /// The header of `folder`'s section: none for the root, else the metadata's title or the
    /// folder's name humanised.
    func title(of folder: String) -> String {
        folder.isEmpty ? "" : (sections[folder]?.title ?? Humanised.folder(folder))
    }

    func options(of folder: String) -> SectionOptions {
        sections.isEmpty ? SectionOptions() : sections[folder]?.options ?? SectionOptions()
    }

    /// The folders whose sections have their own columns or insets, sorted.
    var foldersWithOwnLayout: [String] {
        sections.filter { $0.value.options.changesLayout }.keys.sorted()
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

/// The output buffer handed to the workers; safe because each writes its own positions.
private struct UncheckedSendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
