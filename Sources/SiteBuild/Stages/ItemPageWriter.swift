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
/// The item pages of one gallery page share a fingerprint (their photos, their sections and the
/// two neighbours their first and last pages link to). On a rebuild whose cache is trusted, the
/// previous site's `items` folder is taken over whole (a ``CarriedFolder``): the item pages of a
/// gallery page whose fingerprint is unchanged are not rendered at all, and of those rendered
/// again only the ones whose bytes differ are written, so a rebuild of 100,000 unchanged photos
/// writes and links no item page.
struct ItemPageWriter {
    let renderer: SiteRenderer
    let output: OutputFolder
    /// The previous build's pages, when its cache is trusted and the previous site's `items`
    /// folder may be taken over; empty otherwise (every item page is rendered).
    let previous: [BuildCache.PageRecord]

    struct Outcome {
        /// For each gallery page, the fingerprint of its item pages and the digest of their paths
        /// (see ``BuildCache/PageRecord``).
        var digests: [(items: UInt64, paths: UInt64)]
        /// The previous site's `items` folder, when it is taken over.
        var carried: CarriedFolder?
        /// Item pages rendered (the others were kept unrendered).
        var renderedCount = 0
    }

    func write(_ plan: GalleryPlan, progress: Progress) throws(CommandError) -> Outcome {
        let pageCount = plan.pageCount
        guard pageCount > 0, plan.photos.contains(where: { $0.itemPath != nil }) else {
            return Outcome(digests: Array(repeating: (0, 0), count: pageCount))
        }
        progress.update("Writing item pages", done: 0, total: pageCount)
        let workers = min(pageCount, ProcessInfo.processInfo.activeProcessorCount)
        let digests = Self.perPage(pageCount, workers: workers) { number in
            (items: fingerprint(plan, page: number), paths: pathsDigest(plan, page: number))
        }
        let folder = SiteRenderer.itemsFolder
        let carries =
            !previous.isEmpty && !output.restoredCarriedFolders
            && Self.isFolder(output.url.path + "/" + folder)
        let toRender = (1...pageCount).filter { number in
            !carries || !previous.indices.contains(number - 1)
                || previous[number - 1].itemsFingerprint != digests[number - 1].items
        }

        // Rendering is all CPU work: each worker takes every `workers`-th page to render.
        let firstError = Mutex<CommandError?>(nil)
        let arrivals = Mutex<[String]>([])
        let rendered = Mutex(0)
        let incoming = CarriedFolder.incomingName(of: folder)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(1, toRender.count))) {
            worker in
            var mine: [String] = []
            var count = 0
            do throws(CommandError) {
                for slot in stride(from: worker, to: toRender.count, by: workers) {
                    if firstError.withLock({ $0 != nil }) { return }
                    for (photo, context) in contexts(plan, page: toRender[slot]) {
                        guard let itemPath = photo.itemPath else { continue }
                        let html = Data(renderer.itemPage(photo, context: context).utf8)
                        count += 1
                        guard carries else {
                            try output.write(html, to: itemPath)
                            continue
                        }
                        if output.previousFile(itemPath, size: html.count)?.contents == html {
                            continue
                        }
                        let relative = String(itemPath.dropFirst(folder.count + 1))
                        let file = try output.create(incoming + "/" + relative)
                        defer { file.close() }
                        try file.write(html)
                        mine.append(relative)
                    }
                }
            } catch {
                firstError.withLock { $0 = $0 ?? error }
            }
            arrivals.withLock { $0 += mine }
            rendered.withLock { $0 += count }
        }
        if let error = firstError.withLock({ $0 }) { throw error }
        var outcome = Outcome(digests: digests, renderedCount: rendered.withLock { $0 })
        guard carries else { return outcome }

        // The same paths as before on every page: no item page leaves. Otherwise the live folder
        // itself says which files it has.
        let samePaths =
            previous.count == pageCount
            && zip(previous, digests).allSatisfy { $0.itemPathsDigest == $1.paths }
        var leavers: [String] = []
        let arriving = arrivals.withLock { $0 }.sorted()
        if !samePaths {
            let previousFiles = Self.files(under: output.url.path + "/" + folder)
            let newFiles = Set(
                plan.photos.compactMap {
                    $0.itemPath.map { String($0.dropFirst(folder.count + 1)) }
                }
            )
            leavers = previousFiles.subtracting(newFiles).sorted()
            // A path that is a file in one build and a folder in the other cannot be moved into
            // place file by file: such a rare rebuild writes every item page into the new site.
            if !CarriedFolder.folders(of: newFiles).isDisjoint(with: previousFiles)
                || !CarriedFolder.folders(of: previousFiles).isDisjoint(with: newFiles)
            {
                try? FileManager.default.removeItem(atPath: output.staging.path + "/" + incoming)
                return try ItemPageWriter(renderer: renderer, output: output, previous: [])
                    .write(plan, progress: progress)
            }
        }
        guard
            let carried = CarriedFolder(
                name: folder, output: output, arrivingFiles: arriving, leavers: leavers)
        else {
            throw .failed(
                "the previous site's '\(output.url.path)/\(folder)' went away during the build; build again"
            )
        }
        outcome.carried = carried
        return outcome
    }

    /// Each item page of gallery page `number` with where it sits.
    private func contexts(_ plan: GalleryPlan, page number: Int) -> [(
        SitePhoto, SiteRenderer.ItemContext
    )] {
        let photos = plan.photos
        let sections = plan.sections(ofPage: number)
        let ids = SiteRenderer.sectionIDs(folders: sections.map(\.folder))
        var position = plan.pageRange(number).lowerBound
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
                            next: position + 1 < photos.count ? photos[position + 1] : nil)
                    ))
            }
        }
        return result
    }

    private func fingerprint(_ plan: GalleryPlan, page number: Int) -> UInt64 {
        let range = plan.pageRange(number)
        return renderer.fingerprint(
            itemsOfPage: number, sections: plan.sections(ofPage: number),
            previous: range.lowerBound > 0 ? plan.photos[range.lowerBound - 1] : nil,
            next: range.upperBound < plan.photos.count ? plan.photos[range.upperBound] : nil,
            salt: PageWriter.programSalt)
    }

    private func pathsDigest(_ plan: GalleryPlan, page number: Int) -> UInt64 {
        var hasher = StableHasher()
        for photo in plan.photos[plan.pageRange(number)] { hasher.combine(photo.itemPath) }
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

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Every file (not folder) under `root`, relative to it.
    private static func files(under root: String) -> Set<String> {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
        var info = stat()
        return Set(
            paths.filter {
                lstat(root + "/" + $0, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
            })
    }
}
