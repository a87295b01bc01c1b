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

/// Writes the pages and `layout.json`, one page at a time. A page whose fingerprint the previous
/// build recorded unchanged is kept, its HTML file and its `layout.json` entry, instead of being
/// laid out and rendered again: a rebuild after a small change renders only the pages it touched.
struct PageWriter {
    let renderer: SiteRenderer
    let output: OutputFolder
    /// The previous build's pages, when its cache is trusted; empty otherwise.
    let previous: [BuildCache.PageRecord]

    static let layoutFileName = "layout.json"

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

    struct Outcome {
        /// What the next build needs to keep these pages.
        var records: [BuildCache.PageRecord]
        var statistics: LayoutStatistics
        /// Pages kept from the previous build rather than rendered.
        var keptCount: Int
    }

    func write(_ plan: GalleryPlan, progress: Progress) throws(CommandError) -> Outcome {
        let pageCount = plan.pageCount
        let header = Data(
            LayoutDocument.header(
                options: renderer.options, pageCount: pageCount, photoCount: plan.photos.count
            ).utf8)
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
                    salt: salt.value)
            }
            fingerprintsByPage.withLock { $0.merge(mine) { first, _ in first } }
        }
        let fingerprints = fingerprintsByPage.withLock { found in
            (1...pageCount).map { found[$0] ?? 0 }
        }
        let previousLayout = PreviousLayout(path: output.url.path + "/" + Self.layoutFileName)

        // When no page changed, layout.json is kept whole, unread; so is every page that is still
        // there (one that is not is rendered again, to the same entry).
        let unchanged =
            previous.count == pageCount
            && zip(previous, fingerprints).allSatisfy { $0.fingerprint == $1 }
            && previousLayout.prefix(previous.first?.layoutOffset ?? 0) == header
        let keepsLayout = unchanged && output.keepPrevious(Self.layoutFileName)
        var layoutFile: OutputFile?
        defer { layoutFile?.close() }
        if !keepsLayout {
            layoutFile = try output.create(Self.layoutFileName)
            try layoutFile?.write(header)
        }

        var outcome = Outcome(records: [], statistics: LayoutStatistics(), keptCount: 0)
        var offset = header.count
        for number in 1...pageCount {
            progress.update("Writing pages", done: number - 1, total: pageCount)
            // A kept page is never built: its file name is all it needs.
            let fileName = SitePage.fileName(number)
            if number > 1 {
                try layoutFile?.write(LayoutDocument.pageSeparator)
                offset += LayoutDocument.pageSeparator.utf8.count
            }
            var record: BuildCache.PageRecord
            let entry: Data
            if let kept = previous.indices.contains(number - 1) ? previous[number - 1] : nil,
                kept.fingerprint == fingerprints[number - 1],
                let keptEntry = keepsLayout
                    ? Data() : previousLayout.entry(kept, fileName: fileName),
                output.keepPrevious(fileName)
            {
                record = kept
                entry = keptEntry
                outcome.keptCount += 1
            } else {
                let page = plan.page(number)
                let rendered: SiteRenderer.RenderedPage
                do {
                    rendered = try renderer.render(page)
                } catch {
                    throw .failed("layout of page \(number): \(error.description)")
                }
                try output.write(rendered.html, to: page.fileName)
                entry = Data(LayoutDocument.page(page, rendered: rendered).utf8)
                record = BuildCache.PageRecord(
                    fingerprint: fingerprints[number - 1], layoutOffset: 0, layoutLength: 0,
                    ranges: rendered.layout.breakpoints.count,
                    worstDrift: rendered.layout.breakpoints.map(\.report.worstPlacementDrift).max()
                        ?? 0,
                    layoutBytes: rendered.layoutBytes, photos: page.photoCount)
            }
            if keepsLayout {
                // A page rendered again because its file was gone has the same entry as before.
                record.layoutOffset = previous[number - 1].layoutOffset
                record.layoutLength = previous[number - 1].layoutLength
            } else {
                record.layoutOffset = offset
                record.layoutLength = entry.count
                try layoutFile?.write(entry)
            }
            offset += record.layoutLength
            outcome.records.append(record)
            outcome.statistics.add(record)
        }
        if let file = layoutFile {
            try file.write(LayoutDocument.footer)
            file.close()
            layoutFile = nil
            output.keepPreviousIfUnchanged(Self.layoutFileName)
        }
        return outcome
    }
}

/// The previous build's `layout.json`, read only when a kept page's entry is needed.
private final class PreviousLayout {
    let path: String
    private lazy var contents: Data? = FileManager.default.contents(atPath: path)

    init(path: String) {
        self.path = path
    }

    /// The file's first `count` bytes, without reading the rest.
    func prefix(_ count: Int) -> Data? {
        guard count > 0 else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = Data(count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress! + filled, count - filled)
            }
            if got > 0 {
                filled += got
            } else if got < 0 && errno == EINTR {
                continue
            } else if got < 0 {
                return nil
            } else {
                break
            }
        }
        return bytes.prefix(filled)
    }

    /// A page's entry as the previous build wrote it, if the file still holds it where recorded.
    func entry(_ record: BuildCache.PageRecord, fileName: String) -> Data? {
        guard let contents, record.layoutOffset >= 0,
            record.layoutOffset + record.layoutLength <= contents.count
        else { return nil }
        let start = contents.startIndex + record.layoutOffset
        let entry = contents[start..<start + record.layoutLength]
        // An entry starts with the page's file name, which catches a file changed since.
        guard entry.starts(with: Data("{\"file\":\"\(fileName)\"".utf8)) else { return nil }
        return Data(entry)
    }
}
