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

/// Writes one page per photo (see ``SiteRenderer/itemPage(_:context:)``) at its
/// ``SitePhoto/itemPath``, on `jobs` threads.
///
/// The item pages of one gallery page are one group of the manifest (see ``GroupedFolder``):
/// their key is a fingerprint of their photos, their sections and the two neighbours their first
/// and last pages link to. The publisher says which groups to render; a rebuild of 100,000
/// unchanged photos renders, writes and links no item page.
struct ItemPageWriter {
    let renderer: SiteRenderer
    let publisher: SitePublisher
    /// Threads at once (`--jobs`).
    let jobs: Int
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
        let groups = ParallelWork.map(pageCount, jobs: jobs) { index in
            OutputManifest.Group(
                key: Self.key(itemsOfPage: index + 1, in: catalogue, renderer: renderer),
                pathsDigest: pathsDigest(catalogue, page: index + 1))
        }
        let folder = publisher.beginGroups(
            in: SiteRenderer.itemsFolder, groups, mayKeep: mayKeep)
        let toRender = folder.groupsToMake.map { $0 + 1 }

        // A gallery page's item pages at a time: pages differ in cost (how many item pages, how
        // busy the file system is with their folders).
        let rendered = Atomic(0)
        try ParallelWork.forEach(toRender.count, jobs: jobs) { slot throws(SiteBuildError) in
            for (photo, context) in contexts(catalogue, page: toRender[slot]) {
                guard let itemPath = photo.itemPath else { continue }
                rendered.wrappingAdd(1, ordering: .relaxed)
                try folder.publish(
                    Data(renderer.itemPage(photo, context: context).utf8), at: itemPath)
            }
        }
        switch try folder.finish(paths: { catalogue.photos.compactMap(\.itemPath) }) {
        case .published(let carried):
            return Outcome(
                folder: folder, carried: carried, renderedCount: rendered.load(ordering: .relaxed))
        case .mustWriteAll:
            return try ItemPageWriter(
                renderer: renderer, publisher: publisher, jobs: jobs, mayKeep: false
            ).write(catalogue, progress: progress)
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
}
