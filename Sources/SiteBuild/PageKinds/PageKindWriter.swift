import MasonryLayout
import SiteRenderer
import Synchronization
import Workers

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Publishes the pages of every registered ``PageKind``, each with its layout file with
/// `--layout-files`, on `jobs` threads. A page is kept under the key of the ``SitePage`` it shows (its fingerprint, with the
/// program's): one unchanged since the previous build is not laid out or rendered again, so
/// adding a tag to one product rewrites only the pages that show it. The pages go into their
/// folders as groups (see ``PageFolders``): a folder none of whose pages changed is taken over
/// from the previous site whole.
struct PageKindWriter {
    let renderer: SiteRenderer
    let publisher: SitePublisher
    /// Threads at once (`--jobs`).
    let jobs: Int
    /// Whether each page's layout file is written (`--layout-files`).
    var writesLayoutFiles = false
    var kinds: [any PageKind] = PageKinds.registered

    struct Outcome {
        /// Every page's path, in the kinds' order: for `layout.json` and the sitemap.
        var paths: [String] = []
        /// Pages laid out and rendered (the others were kept).
        var renderedCount = 0
        /// The previous site's folders of pages that the new site takes over.
        var carried: [CarriedFolder] = []
    }

    func write(_ catalogue: Catalogue, menu: [MenuEntry], progress: any BuildProgress)
        throws(SiteBuildError) -> Outcome
    {
        let context = PageKindContext(renderer: renderer, menu: menu, catalogue: catalogue)
        let declared = kinds.flatMap { $0.pages(of: catalogue, context: context) }
        guard !declared.isEmpty else { return Outcome() }
        // Every page's key first (each page made and let go): the folders' groups need them all.
        let keys = ParallelWork.map(declared.count, jobs: jobs) { index in
            renderer.fingerprint(of: declared[index].page(), salt: PageWriter.programSalt)
        }
        let layout = PageFolders(
            paths: declared.map(\.path), keys: keys, layoutFiles: writesLayoutFiles)
        let folders = layout.folders.map { publisher.beginGroups(in: $0.name, $0.groups) }
        let making = folders.map { Set($0.groupsToMake) }
        let toMake = declared.indices.filter { index in
            guard let placement = layout.placements[index] else { return true }
            return placement.files.contains {
                making[$0.folder].contains($0.group)
            }
        }
        progress.update("Writing category and tag pages", done: 0, total: toMake.count)
        let done = Atomic(0)
        let rendered = Atomic(0)
        try ParallelWork.forEach(toMake.count, jobs: jobs) { slot throws(SiteBuildError) in
            let index = toMake[slot]
            let made: Bool
            if let placement = layout.placements[index] {
                made = try publish(declared[index], placement, into: folders, making: making)
            } else {
                made = try publish(declared[index], key: keys[index])
            }
            if made { rendered.wrappingAdd(1, ordering: .relaxed) }
            let count = done.wrappingAdd(1, ordering: .relaxed).newValue
            progress.update("Writing category and tag pages", done: count, total: toMake.count)
        }
        var carried: [CarriedFolder] = []
        for (number, folder) in folders.enumerated() {
            switch try folder.finish(paths: { layout.folders[number].paths }) {
            case .published(let taken):
                if let taken { carried.append(taken) }
            case .mustWriteAll:
                try writeAgain(folder: number, layout, declared)
            }
        }
        return Outcome(
            paths: declared.map(\.path), renderedCount: rendered.load(ordering: .relaxed),
            carried: carried)
    }

    /// Renders `declared` and publishes its files that go into a group of `folders` to make.
    private func publish(
        _ declared: DeclaredPage, _ placement: PageFolders.PagePlacement,
        into folders: [GroupedFolder], making: [Set<Int>]
    ) throws(SiteBuildError) -> Bool {
        let files = try render(declared)
        for (file, place) in zip(files, placement.files)
        where making[place.folder].contains(place.group) {
            try folders[place.folder].publish(file.bytes, at: file.path)
        }
        return true
    }

    /// Publishes a page at the site's root (and its layout file) under `key`; returns whether
    /// it was rendered (not kept).
    private func publish(_ declared: DeclaredPage, key: UInt64) throws(SiteBuildError) -> Bool {
        let paths =
            writesLayoutFiles
            ? [declared.path, LayoutDocument.path(ofPage: declared.path)] : [declared.path]
        let kept = try publisher.publish(paths, key: key) {
            () throws(SiteBuildError) -> [Data] in
            try render(declared).map(\.bytes)
        }
        return !kept
    }

    /// Writes every file of the folder at `number` of `layout` again, none kept: the rare
    /// rebuild where a path is a file in one build and a folder in the other.
    private func writeAgain(folder number: Int, _ layout: PageFolders, _ declared: [DeclaredPage])
        throws(SiteBuildError)
    {
        let folder = publisher.beginGroups(
            in: layout.folders[number].name, layout.folders[number].groups, mayKeep: false)
        for (index, placement) in layout.placements.enumerated() {
            guard let placement else { continue }
            let files = try render(declared[index])
            for (file, place) in zip(files, placement.files) where place.folder == number {
                try folder.publish(file.bytes, at: file.path)
            }
        }
        _ = try folder.finish(paths: { layout.folders[number].paths })
    }

    /// The page's HTML file, and its layout file when layout files are written.
    private func render(_ declared: DeclaredPage) throws(SiteBuildError) -> [(
        path: String, bytes: Data
    )] {
        let page = declared.page()
        let made: SiteRenderer.RenderedPage
        do throws(LayoutError) {
            made = try renderer.render(page)
        } catch {
            throw .layoutFailed(page: declared.path, reason: error.description)
        }
        let html = (declared.path, Data(made.html.utf8))
        guard writesLayoutFiles else { return [html] }
        return [
            html,
            (
                LayoutDocument.path(ofPage: declared.path),
                Data(LayoutDocument.page(page, rendered: made).utf8)
            ),
        ]
    }
}
