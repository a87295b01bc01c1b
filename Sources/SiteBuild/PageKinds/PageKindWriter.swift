import Dispatch
import MasonryLayout
import SiteRenderer
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Publishes the pages of every registered ``PageKind``, each with its layout file, on all
/// cores. A page is kept under the key of the ``SitePage`` it shows (its fingerprint, with the
/// program's): one unchanged since the previous build is linked from the previous site, not
/// laid out or rendered again, so adding a tag to one product rewrites only the pages that show
/// it.
struct PageKindWriter {
    let renderer: SiteRenderer
    let publisher: SitePublisher
    var kinds: [any PageKind] = PageKinds.registered

    struct Outcome {
        /// Every page's path, in the kinds' order: for `layout.json` and the sitemap.
        var paths: [String] = []
        /// Pages laid out and rendered (the others were kept).
        var renderedCount = 0
    }

    func write(_ catalogue: Catalogue, menu: [MenuEntry], progress: Progress)
        throws(CommandError) -> Outcome
    {
        let context = PageKindContext(renderer: renderer, menu: menu, catalogue: catalogue)
        let declared = kinds.flatMap { $0.pages(of: catalogue, context: context) }
        guard !declared.isEmpty else { return Outcome() }
        progress.update("Writing category and tag pages", done: 0, total: declared.count)
        let next = Atomic(0)
        let done = Atomic(0)
        let rendered = Atomic(0)
        let failures = Mutex<[Int: CommandError]>([:])
        let workers = min(declared.count, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < declared.count, failures.withLock({ $0.isEmpty }) else { return }
                do throws(CommandError) {
                    if try publish(declared[index]) { rendered.wrappingAdd(1, ordering: .relaxed) }
                } catch {
                    failures.withLock { $0[index] = error }
                }
                let count = done.wrappingAdd(1, ordering: .relaxed).newValue
                progress.update(
                    "Writing category and tag pages", done: count, total: declared.count)
            }
        }
        // The first failing page's error, as a page-by-page build would have met it.
        if let first = failures.withLock({ $0.min { $0.key < $1.key } }) { throw first.value }
        return Outcome(
            paths: declared.map(\.path), renderedCount: rendered.load(ordering: .relaxed))
    }

    /// Publishes one page and its layout file; returns whether it was rendered (not kept).
    private func publish(_ declared: DeclaredPage) throws(CommandError) -> Bool {
        let page = declared.page()
        let key = renderer.fingerprint(of: page, salt: PageWriter.programSalt)
        let kept = try publisher.publish(
            [declared.path, LayoutDocument.path(ofPage: declared.path)], key: key
        ) { () throws(CommandError) -> [Data] in
            let made: SiteRenderer.RenderedPage
            do throws(LayoutError) {
                made = try renderer.render(page)
            } catch {
                throw .failed("layout of \(declared.path): \(error.description)")
            }
            return [Data(made.html.utf8), Data(LayoutDocument.page(page, rendered: made).utf8)]
        }
        return !kept
    }
}
