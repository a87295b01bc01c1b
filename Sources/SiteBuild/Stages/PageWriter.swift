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

/// Publishes the pages, each with its layout file, and `layout.json` (see ``LayoutDocument``),
/// one page at a time. A page's entry in the manifest is keyed by its fingerprint: one whose
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

    struct Outcome {
        /// What the next build needs to keep these pages.
        var records: [BuildCache.PageRecord]
        var statistics: LayoutStatistics
        /// Pages kept from the previous build rather than rendered.
        var keptCount: Int
    }

    func write(_ plan: GalleryPlan, progress: Progress) throws(CommandError) -> Outcome {
        let pageCount = plan.pageCount
        let menu = plan.menu()
        // Every page's fingerprint, on all cores (each hashes its 500 photos' fields).
        let fingerprintsByPage = Mutex<[Int: UInt64]>([:])
        DispatchQueue.concurrentPerform(
            iterations: min(pageCount, ProcessInfo.processInfo.activeProcessorCount)
        ) { worker in
            let workers = min(pageCount, ProcessInfo.processInfo.activeProcessorCount)
            var mine: [Int: UInt64] = [:]
            for number in stride(from: worker + 1, through: pageCount, by: workers) {
                // A section's total and "continued" depend on the pages around this one.
                var salt = StableHasher()
                salt.combine(Self.programSalt)
                salt.combine(plan.sectionContext(ofPage: number))
                mine[number] = renderer.fingerprint(
                    page: number, of: pageCount, sections: plan.sections(ofPage: number),
                    menu: menu, shareImage: shareImage, salt: salt.value)
            }
            fingerprintsByPage.withLock { $0.merge(mine) { first, _ in first } }
        }
        let fingerprints = fingerprintsByPage.withLock { found in
            (1...pageCount).map { found[$0] ?? 0 }
        }

        var outcome = Outcome(records: [], statistics: LayoutStatistics(), keptCount: 0)
        var fileNames: [String] = []
        for number in 1...pageCount {
            progress.update("Writing pages", done: number - 1, total: pageCount)
            // A kept page is never built: its file names are all it needs.
            let fileName = SitePage.fileName(number)
            let layoutPath = LayoutDocument.path(ofPage: fileName)
            fileNames.append(fileName)
            let kept = previous.indices.contains(number - 1) ? previous[number - 1] : nil
            var made: BuildCache.PageRecord?
            // Without the previous record (its statistics) the page is rendered again.
            try publisher.publish(
                [fileName, layoutPath], key: fingerprints[number - 1], mayKeep: kept != nil
            ) {
                () throws(CommandError) -> [Data] in
                var page = plan.page(number)
                page.menu = menu
                page.shareImage = shareImage
                let rendered: SiteRenderer.RenderedPage
                do throws(LayoutError) {
                    rendered = try renderer.render(page)
                } catch {
                    throw .failed("layout of page \(number): \(error.description)")
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
            let record: BuildCache.PageRecord
            if let made {
                record = made
            } else {
                record = kept.unsafelyUnwrapped
                outcome.keptCount += 1
            }
            outcome.records.append(record)
            outcome.statistics.add(record)
        }
        try publisher.publish(
            LayoutDocument.index(
                options: renderer.options, pageFileNames: fileNames,
                photoCount: plan.photos.count),
            at: LayoutDocument.indexFileName)
        return outcome
    }
}
