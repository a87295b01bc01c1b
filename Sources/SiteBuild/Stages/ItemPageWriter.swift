import Dispatch
import SiteRenderer
import Synchronization

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

/// Writes one page per photo (see ``SiteRenderer/itemPage(_:context:)``) at its
/// ``SitePhoto/itemPath``, on all cores.
///
/// The item pages of one gallery page are one group of the manifest (see ``GroupedFolder``):
/// their key is a fingerprint of their photos, their sections and the two neighbours their first
/// and last pages link to. The publisher says which groups to render; a rebuild of 100,000
/// unchanged photos renders, writes and links no item page.
struct ItemPageWriter {
    let renderer: SiteRenderer
    let publisher: SitePublisher
    /// False to write every item page anew, keeping nothing from the previous site.
    var mayKeep = true

    struct Outcome {
        /// Where the item pages went; nil without item pages.
        var folder: GroupedFolder?
        /// The previous site's `items` folder, when it is taken over.
        var carried: CarriedFolder?
        /// Item pages rendered (the others were kept unrendered).
        var renderedCount = 0
    }

    func write(_ catalogue: Catalogue, progress: any BuildProgress) throws(SiteBuildError)
        -> Outcome
    {
        let pageCount = catalogue.pageCount
        guard pageCount > 0, catalogue.photos.contains(where: { $0.itemPath != nil }) else {
            return Outcome()
        }
        progress.update("Writing item pages", done: 0, total: pageCount)
        let workers = min(pageCount, ProcessInfo.processInfo.activeProcessorCount)
        let groups = Self.perPage(pageCount, workers: workers) { number in
            OutputManifest.Group(
                key: Self.key(itemsOfPage: number, in: catalogue, renderer: renderer),
                pathsDigest: pathsDigest(catalogue, page: number))
        }
        let folder = publisher.beginGroups(
            in: SiteRenderer.itemsFolder, groups, mayKeep: mayKeep)
        let toRender = folder.groupsToMake.map { $0 + 1 }

        // Each worker claims the next gallery page's item pages when it is done with one: pages
        // differ in cost (how many item pages, how busy the file system is with their folders),
        // and a fixed share each can leave one core idle at the end.
        let firstError = Mutex<SiteBuildError?>(nil)
        let rendered = Mutex(0)
        let nextSlot = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(1, toRender.count))) {
            _ in
            var count = 0
            do throws(SiteBuildError) {
                while true {
                    let slot = nextSlot.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard slot < toRender.count else { break }
                    if firstError.withLock({ $0 != nil }) { break }
                    for (photo, context) in contexts(catalogue, page: toRender[slot]) {
                        guard let itemPath = photo.itemPath else { continue }
                        count += 1
                        try folder.publish(
                            Data(renderer.itemPage(photo, context: context).utf8), at: itemPath)
                    }
                }
            } catch {
                firstError.withLock { $0 = $0 ?? error }
            }
            rendered.withLock { $0 += count }
        }
        if let error = firstError.withLock({ $0 }) { throw error }
        switch try folder.finish(paths: { catalogue.photos.compactMap(\.itemPath) }) {
        case .published(let carried):
            return Outcome(
                folder: folder, carried: carried, renderedCount: rendered.withLock { $0 })
        case .mustWriteAll:
            return try ItemPageWriter(renderer: renderer, publisher: publisher, mayKeep: false)
                .write(catalogue, progress: progress)
        }
    }

    /// Each item page of gallery page `number` with where it sits.
    private func contexts(_ catalogue: Catalogue, page number: Int) -> [(
        SitePhoto, SiteRenderer.ItemContext
    )] {
        let photos = catalogue.photos
        let sections = catalogue.sections(ofPage: number)
        let ids = SiteRenderer.sectionIDs(folders: sections.map(\.folder))
        var position = catalogue.pageRange(number).lowerBound
        var result: [(SitePhoto, SiteRenderer.ItemContext)] = []
        for (section, id) in zip(sections, ids) {
            for photo in section.photos {
                defer { position += 1 }
                result.append(
                    (
                        photo,
                        SiteRenderer.ItemContext(
                            sectionTitle: section.title, galleryPage: SitePage.fileName(number),
                            sectionID: id,
                            previous: position > 0 ? photos[position - 1] : nil,
                            next: position + 1 < photos.count ? photos[position + 1] : nil,
                            categoryPath: catalogue.categoryPath(of: section.folder))
                    ))
            }
        }
        return result
    }

    /// The key the item pages of gallery page `number` are kept under: a digest of their photos,
    /// their sections and the two neighbours their first and last pages link to.
    static func key(
        itemsOfPage number: Int, in catalogue: Catalogue, renderer: SiteRenderer
    ) -> UInt64 {
        let range = catalogue.pageRange(number)
        let sections = catalogue.sections(ofPage: number)
        // The breadcrumbs link the sections' category pages.
        var salt = StableHasher()
        salt.combine(PageWriter.programSalt)
        for section in sections { salt.combine(catalogue.categoryPath(of: section.folder)) }
        return renderer.fingerprint(
            itemsOfPage: number, sections: sections,
            previous: range.lowerBound > 0 ? catalogue.photos[range.lowerBound - 1] : nil,
            next: range.upperBound < catalogue.photos.count
                ? catalogue.photos[range.upperBound] : nil,
            salt: salt.value)
    }

    private func pathsDigest(_ catalogue: Catalogue, page number: Int) -> UInt64 {
        var hasher = StableHasher()
        for photo in catalogue.photos[catalogue.pageRange(number)] {
            hasher.combine(photo.itemPath)
        }
        return hasher.value
    }

    /// `body` of every page number from 1 to `count`, on `workers` threads.
    private static func perPage<Value: Sendable>(
        _ count: Int, workers: Int, _ body: @Sendable (Int) -> Value
    ) -> [Value] {
        let found = Mutex<[Int: Value]>([:])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [Int: Value] = [:]
            for number in stride(from: worker + 1, through: count, by: workers) {
                mine[number] = body(number)
            }
            found.withLock { $0.merge(mine) { first, _ in first } }
        }
        return found.withLock { found in (1...count).map { found[$0]! } }
    }
}
