import MasonryLayout
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

/// Publishes the home gallery's pages, each with its layout file with `--layout-files` (see
/// ``LayoutDocument``), on `jobs` threads. A page's entry in the manifest is keyed by its
/// fingerprint: one whose fingerprint is unchanged since the previous build is kept, its HTML
/// file and its layout file, instead of being laid out and rendered again, so a rebuild after a
/// small change renders and writes only the pages it touched.
struct PageWriter {
    let renderer: SiteRenderer
    let publisher: SitePublisher
    /// The previous build's pages, when its cache is trusted; empty otherwise.
    let previous: [BuildCache.PageRecord]
    /// Threads at once (`--jobs`).
    let jobs: Int
    /// Whether each page's layout file is written (`--layout-files`).
    var writesLayoutFiles = false
    /// The image every page shares, when the settings choose one.
    var shareImage: SiteRenderer.ShareImage? = nil
    /// The site's menu (see ``Catalogue/menu(all:tags:)``), the same on every page.
    var menu: [MenuEntry] = []

    /// Identifies this program's build (version, and the executable's size and time where the
    /// system tells), so pages rendered by another build of the program are never kept.
    static let programSalt: UInt64 = {
        var hasher = StableHasher()
        hasher.combine(ProgramVersion.current)
        var info = stat()
        if stat("/proc/self/exe", &info) == 0 {
            hasher.combine(Int(info.st_size))
            hasher.combine(Int(info.st_mtim.tv_sec))
            hasher.combine(Int(info.st_mtim.tv_nsec))
        }
        return hasher.value
    }()

    /// Every file the pages of a site of `pageCount` pages are published at: each page, and
    /// with `layoutFiles` its layout file and `layout.json`.
    static func paths(pageCount: Int, layoutFiles: Bool) -> [String] {
        let pages = (1...max(1, pageCount)).map(SitePage.fileName)
        guard layoutFiles else { return pages }
        return pages + pages.map(LayoutDocument.path(ofPage:)) + [LayoutDocument.indexFileName]
    }

    /// The key page `number` of `catalogue` is kept under: a digest of everything its HTML and
    /// its layout file show, so a rebuild keeps the page exactly while the key is unchanged.
    static func key(
        ofPage number: Int, in catalogue: Catalogue, menu: [MenuEntry],
        shareImage: SiteRenderer.ShareImage?, renderer: SiteRenderer
    ) -> UInt64 {
        // A section's total and "continued" depend on the pages around this one.
        var salt = StableHasher()
        salt.combine(programSalt)
        salt.combine(catalogue.sectionContext(ofPage: number))
        return renderer.fingerprint(
            page: number, of: catalogue.pageCount, sections: catalogue.sections(ofPage: number),
            menu: menu, shareImage: shareImage, salt: salt.value)
    }

    struct Outcome {
        /// What the next build needs to keep these pages.
        var records: [BuildCache.PageRecord]
        var statistics: LayoutStatistics
        /// Pages kept from the previous build rather than rendered.
        var keptCount: Int
    }

    func write(_ catalogue: Catalogue, progress: any BuildProgress) throws(SiteBuildError)
        -> Outcome
    {
        let pageCount = catalogue.pageCount
        // Every page's fingerprint (each hashes its 500 photos' fields).
        let fingerprints = ParallelWork.map(pageCount, jobs: jobs) { index in
            Self.key(
                ofPage: index + 1, in: catalogue, menu: menu, shareImage: shareImage,
                renderer: renderer)
        }

        // Pages are laid out, rendered and written in parallel: pages differ in cost, and the
        // originals' linkers share the cores meanwhile. The records go back in page order, so
        // nothing depends on which thread wrote what.
        let written = Atomic(0)
        progress.update("Writing pages", done: 0, total: pageCount)
        let records = try ParallelWork.map(pageCount, jobs: jobs) {
            index throws(SiteBuildError) -> BuildCache.PageRecord? in
            let record = try write(
                page: index + 1, of: catalogue, menu: menu, key: fingerprints[index])
            let done = written.wrappingAdd(1, ordering: .relaxed).newValue
            progress.update("Writing pages", done: done, total: pageCount)
            return record
        }

        var outcome = Outcome(records: [], statistics: LayoutStatistics(), keptCount: 0)
        for number in 1...pageCount {
            let record: BuildCache.PageRecord
            if let rendered = records[number - 1] {
                record = rendered
            } else {
                record = previous[number - 1]
                outcome.keptCount += 1
            }
            outcome.records.append(record)
            outcome.statistics.add(record)
        }
        return outcome
    }

    /// Publishes page `number` (and its layout file) under `key`: kept from the previous site
    /// when the publisher finds them unchanged (nil), else laid out, rendered and written (the
    /// record the next build needs to keep them).
    private func write(page number: Int, of catalogue: Catalogue, menu: [MenuEntry], key: UInt64)
        throws(SiteBuildError) -> BuildCache.PageRecord?
    {
        // A kept page is never built: its file names are all it needs. Without the previous
        // record (its statistics) the page is rendered again.
        let fileName = SitePage.fileName(number)
        var made: BuildCache.PageRecord?
        let paths =
            writesLayoutFiles ? [fileName, LayoutDocument.path(ofPage: fileName)] : [fileName]
        try publisher.publish(
            paths, key: key,
            mayKeep: previous.indices.contains(number - 1)
        ) {
            () throws(SiteBuildError) -> [Data] in
            var page = catalogue.page(number)
            page.menu = menu
            page.shareImage = shareImage
            let rendered: SiteRenderer.RenderedPage
            do throws(LayoutError) {
                rendered = try renderer.render(page)
            } catch {
                throw .layoutFailed(page: "page \(number)", reason: error.description)
            }
            made = BuildCache.PageRecord(
                ranges: rendered.layout.breakpoints.count,
                worstDrift: rendered.layout.breakpoints.map(\.report.worstPlacementDrift).max()
                    ?? 0,
                layoutBytes: rendered.layoutBytes, photos: page.photoCount)
            guard writesLayoutFiles else { return [Data(rendered.html.utf8)] }
            // Unchanged bytes (a new caption moves no frame) keep the previous layout file.
            return [
                Data(rendered.html.utf8),
                Data(LayoutDocument.page(page, rendered: rendered).utf8),
            ]
        }
        return made
    }
}
