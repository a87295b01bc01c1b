import Dispatch
import MasonryLayout
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

/// Publishes the home gallery's pages, each with its layout file (see ``LayoutDocument``), on
/// all cores. A page's entry in the manifest is keyed by its fingerprint: one whose
/// fingerprint is unchanged since the previous build is kept, its HTML file and its layout file,
/// instead of being laid out and rendered again, so a rebuild after a small change renders and
/// writes only the pages it touched.
struct PageWriter {
    let renderer: SiteRenderer
    let publisher: SitePublisher
    /// The previous build's pages, when its cache is trusted; empty otherwise.
    let previous: [BuildCache.PageRecord]
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

    /// Every file the pages of a site of `pageCount` pages are published at: each page, its
    /// layout file, and `layout.json`.
    static func paths(pageCount: Int) -> [String] {
        let pages = (1...max(1, pageCount)).map(SitePage.fileName)
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
        let workers = min(pageCount, ProcessInfo.processInfo.activeProcessorCount)
        // Every page's fingerprint, on all cores (each hashes its 500 photos' fields).
        let fingerprintsByPage = Mutex<[Int: UInt64]>([:])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [Int: UInt64] = [:]
            for number in stride(from: worker + 1, through: pageCount, by: workers) {
                mine[number] = Self.key(
                    ofPage: number, in: catalogue, menu: menu, shareImage: shareImage,
                    renderer: renderer)
            }
            fingerprintsByPage.withLock { $0.merge(mine) { first, _ in first } }
        }
        let fingerprints = fingerprintsByPage.withLock { found in
            (1...pageCount).map { found[$0] ?? 0 }
        }

        // Pages are laid out, rendered and written on all cores, each worker claiming the next
        // page when it is done with one: pages differ in cost, and the originals' linkers share
        // the cores meanwhile. The records go back in page order, so nothing depends on which
        // worker wrote what.
        let nextPage = Atomic(1)
        let written = Atomic(0)
        let made = Mutex<[Int: BuildCache.PageRecord]>([:])
        let failures = Mutex<[Int: SiteBuildError]>([:])
        progress.update("Writing pages", done: 0, total: pageCount)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let number = nextPage.wrappingAdd(1, ordering: .relaxed).oldValue
                guard number <= pageCount, failures.withLock({ $0.isEmpty }) else { return }
                do throws(SiteBuildError) {
                    if let record = try write(
                        page: number, of: catalogue, menu: menu, key: fingerprints[number - 1])
                    {
                        made.withLock { $0[number] = record }
                    }
                } catch {
                    failures.withLock { $0[number] = error }
                }
                let done = written.wrappingAdd(1, ordering: .relaxed).newValue
                progress.update("Writing pages", done: done, total: pageCount)
            }
        }
        // The lowest-numbered failing page's error: pages are claimed in order and every
        // claimed page is finished, so it is the one a page-by-page build would have met first.
        if let first = failures.withLock({ $0.min { $0.key < $1.key } }) { throw first.value }

        var outcome = Outcome(records: [], statistics: LayoutStatistics(), keptCount: 0)
        let madeRecords = made.withLock { $0 }
        for number in 1...pageCount {
            let record: BuildCache.PageRecord
            if let rendered = madeRecords[number] {
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

    /// Publishes page `number` and its layout file under `key`: kept from the previous site
    /// when the publisher finds them unchanged (nil), else laid out, rendered and written (the
    /// record the next build needs to keep them).
    private func write(page number: Int, of catalogue: Catalogue, menu: [MenuEntry], key: UInt64)
        throws(SiteBuildError) -> BuildCache.PageRecord?
    {
        // A kept page is never built: its file names are all it needs. Without the previous
        // record (its statistics) the page is rendered again.
        let fileName = SitePage.fileName(number)
        var made: BuildCache.PageRecord?
        try publisher.publish(
            [fileName, LayoutDocument.path(ofPage: fileName)], key: key,
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
            // Unchanged bytes (a new caption moves no frame) keep the previous layout file.
            return [
                Data(rendered.html.utf8),
                Data(LayoutDocument.page(page, rendered: rendered).utf8),
            ]
        }
        return made
    }
}
