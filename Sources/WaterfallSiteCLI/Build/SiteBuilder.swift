import Foundation
import MasonryLayout
import PhotoScanner
import SiteRenderer

/// The build pipeline: check the folders, scan, plan sections and pages, render each page and
/// write it, place the originals, and swap the finished site in.
struct SiteBuilder {
    let settings: BuildSettings
    let console: Console

    func build() throws(CommandError) {
        let started = Date()
        let photosPath = settings.photos.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: photosPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .failed("photos folder '\(photosPath)' does not exist or is not a folder")
        }
        let output = OutputFolder(settings.output)
        try checkFolders(output)
        try output.checkReplaceable(force: settings.force)

        // Everything that can be wrong with the options fails before the scan starts.
        let theme = try loadTheme()
        let metadataURL = settings.metadata ?? defaultMetadataURL()
        let metadata = try metadataURL.map { url throws(CommandError) in try PhotoMetadata.load(url) } ?? PhotoMetadata()
        let captionHeight = settings.captionHeight ?? (metadata.hasCaptions ? BuildSettings.defaultCaptionHeight : 0)
        let options = SiteOptions(
            title: settings.title ?? Humanised.words(Substring(settings.photos.lastPathComponent)),
            layout: LayoutOptions(
                breakpoints: settings.breakpoints, columnSpacing: settings.columnSpacing,
                rowSpacing: settings.rowSpacing, insets: settings.insets,
                balanceTolerance: settings.balanceTolerance ?? settings.rowSpacing),
            captionHeight: captionHeight, headerHeight: settings.headerHeight)
        let renderer: SiteRenderer
        do {
            renderer = try SiteRenderer(theme: theme, options: options)
        } catch {
            throw .usage("layout options: \(error.description)", command: "build")
        }

        let progress = Progress(console: console, quiet: settings.quiet)
        let scan: ScanResult
        do {
            scan = try PhotoScanner(jobs: settings.jobs, excludedFolders: [output.url]).scan(settings.photos) { done, total in
                progress.update("Scanning photos", done: done, total: total)
            }
        } catch {
            progress.finish()
            throw .failed(error.description)
        }
        progress.finish()
        for diagnostic in scan.diagnostics {
            console.warn(Diagnostics.line(for: diagnostic))
        }
        if settings.strict && !scan.diagnostics.isEmpty {
            throw .failed("--strict: \(Diagnostics.count(scan.diagnostics)); the site was not built")
        }
        guard !scan.photos.isEmpty else {
            throw .failed("no JPEG or PNG photos found in '\(photosPath)'\(scan.diagnostics.isEmpty ? "" : " (\(Diagnostics.count(scan.diagnostics)))")")
        }
        let known = Set(scan.photos.map(\.relativePath))
        for path in metadata.photos.keys.sorted() where !known.contains(path) {
            console.warn("warning: \(metadataURL?.path ?? "metadata"): no photo '\(path)' was found; its entry is unused")
        }

        let plan = GalleryPlan(photos: scan.photos, metadata: metadata, pageSize: settings.pageSize)
        var statistics = LayoutStatistics()
        try output.prepareStaging()
        let interruption = Interruption { output.abandonStaging() }
        defer { interruption.cancel() }
        do {
            try write(plan, renderer: renderer, to: output, progress: progress, statistics: &statistics)
            try output.swapIn()
        } catch {
            // Writes fail once Ctrl-C has moved the staging folder away: let the handler finish.
            if interruption.fired { interruption.waitForExit() }
            progress.finish()
            output.removeStaging()
            throw error
        }
        progress.finish()

        if !settings.quiet {
            let seconds = Date().timeIntervalSince(started)
            var line = "Built \(NumberText.grouped(plan.photos.count)) photo\(plan.photos.count == 1 ? "" : "s")"
            line += " in \(plan.sectionCount) section\(plan.sectionCount == 1 ? "" : "s"), \(plan.pageCount) page\(plan.pageCount == 1 ? "" : "s")"
            line += " → \(displayPath(output.url))/ in \(NumberText.decimal(seconds, decimals: seconds < 10 ? 2 : 1)) s"
            if !scan.diagnostics.isEmpty { line += " (\(Diagnostics.count(scan.diagnostics)))" }
            console.print(line)
            console.print(statistics.summary(breakpoints: settings.breakpoints.count, tolerance: renderer.options.layout.balanceTolerance))
        }
    }

    private func write(
        _ plan: GalleryPlan, renderer: SiteRenderer, to output: OutputFolder, progress: Progress,
        statistics: inout LayoutStatistics
    ) throws(CommandError) {
        // Linking the originals is file-system work and rendering is CPU work: do them side by side.
        let photosFolder = settings.photos
        let originals = BackgroundWork { () throws(CommandError) in
            for photo in plan.photos {
                try output.placeOriginal(photosFolder.appending(path: photo.path), at: renderer.options.photosFolder + "/" + photo.path)
            }
        }
        defer { _ = try? originals.wait() }

        try output.write(renderer.theme.stylesheet, to: "assets/waterfall.css")
        try output.write(renderer.layoutStylesheet(), to: "assets/layout.css")
        // layout.json is streamed page by page; pages are rendered and written one at a time.
        let layoutFile = try output.create("layout.json")
        defer { layoutFile.close() }
        try layoutFile.write(LayoutDocument.header(options: renderer.options, pageCount: plan.pageCount, photoCount: plan.photos.count))
        for number in 1...plan.pageCount {
            progress.update("Writing pages", done: number - 1, total: plan.pageCount)
            let page = plan.page(number)
            let rendered: SiteRenderer.RenderedPage
            do {
                rendered = try renderer.render(page)
            } catch {
                throw .failed("layout of page \(number): \(error.description)")
            }
            try output.write(rendered.html, to: page.fileName)
            statistics.add(rendered, photos: page.photoCount)
            if number > 1 { try layoutFile.write(LayoutDocument.pageSeparator) }
            try layoutFile.write(LayoutDocument.page(page, rendered: rendered))
        }
        try layoutFile.write(LayoutDocument.footer)
        progress.update("Placing originals", done: 0, total: plan.photos.count)
        try originals.wait()
    }

    private func loadTheme() throws(CommandError) -> Theme {
        do {
            if let folder = settings.templates { return try Theme.load(from: folder) }
            return try Theme.builtIn()
        } catch {
            throw .failed("theme: \(error.description)")
        }
    }

    private func defaultMetadataURL() -> URL? {
        let url = settings.photos.appending(path: "metadata.json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The output may sit inside the photos folder (it is then left out of the scan) but must
    /// never be the photos folder or contain it: replacing it would delete the photos.
    private func checkFolders(_ output: OutputFolder) throws(CommandError) {
        let photos = settings.photos.resolvingSymlinksInPath().path
        let target = output.url.resolvingSymlinksInPath().path
        if target == photos || (photos + "/").hasPrefix(target + "/") {
            throw .failed("output folder '\(output.url.path)' is or contains the photos folder; choose another folder with -o")
        }
    }

    private func displayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = url.path
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return path
    }
}
