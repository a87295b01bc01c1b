import InputFiles
import MasonryLayout
import PhotoRenditions
import PhotoScanner
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The build pipeline: check the folders, scan, catalogue the sections and pages, render each page and
/// write it, place the originals, and swap the finished site in.
public struct SiteBuilder {
    let settings: BuildSettings
    let reporter: any BuildReporter
    /// The previous build's records already read (by `serve`, while it waited for a change).
    public var preloadedRecords: PreloadedRecords?
    /// Who handles Ctrl-C and SIGTERM while the build runs: the command line's signal handling;
    /// by default none.
    public var interruptions: any BuildInterruptions = UnwatchedInterruptions()

    public init(settings: BuildSettings, reporter: any BuildReporter) {
        self.settings = settings
        self.reporter = reporter
    }

    public func build() throws(SiteBuildError) {
        // The build's locals are gone once `buildSite` returns: what it hands back is freed on a
        // thread of its own (see ``Leftovers``).
        try buildSite().letGo()
    }

    /// ``build()``, handing back what it leaves in memory.
    private func buildSite() throws(SiteBuildError) -> Leftovers {
        let started = Date()
        let photosPath = settings.photos.path
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: photosPath, isDirectory: &isDirectory),
            isDirectory
        else {
            throw .missingFolder(.photos, path: photosPath)
        }
        let output = OutputFolder(settings.output)
        try checkFolders(output)
        // Ctrl-C or SIGTERM from before the lock is taken: the handler then removes the lock
        // file too (an interrupted build used to leave it), or, if the lock is not yet held,
        // nothing. The unlock is deferred last so it runs before the handlers go.
        let interruption = interruptions.watch { output.abandon() }
        defer { interruption.cancel() }
        try output.lock()
        defer { output.unlock() }
        output.recoverLeftovers()
        try output.checkReplaceable(force: settings.force, chosenBy: settings.outputSettingsFile)

        // Everything that can be wrong with the options fails before the scan starts.
        let theme = try loadTheme()
        let themeName = settings.templates?.path ?? "the built-in theme"
        for warning in theme.warnings {
            reporter.warning("warning: theme '\(themeName)': \(warning)")
        }
        let language = try InterfaceLanguage.strings(
            language: settings.language, theme: theme,
            themeFile: settings.templates.map { $0.appending(path: "strings.json").path }
                ?? "strings.json",
            overrides: settings.strings, callToAction: settings.callToAction)
        if let warning = language.warning { reporter.warning(warning) }
        let siteAssets = try SiteAssets(
            logo: settings.logo, favicon: settings.favicon,
            rule: InputFileRule(followsLinks: settings.followsSymlinks))
        try checkRenditionStore()
        // Only the records of a previous waterfall-site build in the output folder can be trusted.
        // They are read on another thread while the theme, the metadata's identity and the
        // scanner's folders are looked at (the metadata itself may come from them).
        let recordsFile = settings.usesCache ? output.recordsToLoad : nil
        let preloaded = recordsFile.flatMap { preloadedRecords?.loaded(for: $0) }
        let cacheLoad = recordsFile.map { file in
            BackgroundWork { preloaded ?? BuildCache.load(from: file) }
        }
        let metadataFound = try mergedMetadata(previous: { (try? cacheLoad?.wait())??.cache })
        let metadataURL = metadataFound.url
        var metadata = metadataFound.metadata
        // Without a --caption-height, each tile's band fits what it shows (see CaptionBand).
        let captionHeight = settings.captionHeight ?? 0
        let layout = layoutOptions(metadata)
        var options = SiteOptions(
            title: settings.title ?? Humanised.words(Substring(settings.photos.lastPathComponent)),
            layout: layout, captionHeight: captionHeight, headerHeight: settings.headerHeight,
            footerHeight: settings.footerHeight, language: settings.language,
            linksOriginals: settings.linksOriginals || !settings.renditions)
        options.strings = language.strings
        options.description = settings.description ?? ""
        options.intro = settings.intro ?? ""
        options.logoPath = siteAssets.logoPath ?? ""
        options.faviconPath = siteAssets.faviconPath ?? ""
        options.links = settings.links
        options.credit = settings.credit
        try prepareDiscovery(
            &options, metadata: &metadata, metadataFile: metadataURL?.path ?? "metadata")
        // The renditions' widths and every tile's `sizes` follow from the layout options alone,
        // so the renderer is made once, before any stage runs.
        let sizing = imageSizing(layout, metadata)
        if settings.renditions { options.imageSizes = sizing.widths.sizes }
        let renderer: SiteRenderer
        do {
            renderer = try SiteRenderer(theme: theme, options: options)
        } catch {
            let hint =
                settings.itemWidth != nil && error.option.hasPrefix("breakpoints[")
                ? "; with --item-width every breakpoint needs room for its columns: give it fewer in --breakpoints, or"
                    + " use a smaller --item-width" : ""
            throw .invalidLayoutOptions(reason: error.description, hint: hint, command: "build")
        }
        try checkSectionLayouts(metadata, metadataURL: metadataURL, renderer: renderer)

        let staticFolder = try loadStaticFolder(output)

        let progress = reporter.progress(quiet: settings.quiet)
        let scan = try scanPhotos(
            excluding: [output.url] + (staticFolder.map { [$0.url] } ?? []), progress: progress
        ) { (try? cacheLoad?.wait())??.cache?.scan }
        let loaded = try cacheLoad?.wait()
        if let warning = loaded?.warning { reporter.warning("warning: \(warning)") }
        let cache = loaded?.cache
        // Where each scanned photo was in the previous build's cache, found in listing order once,
        // when something first needs it (a rebuild where nothing changed never does).
        var positionsFound: [Int?]?
        func previousPositions() -> [Int?] {
            if let positionsFound { return positionsFound }
            let positions =
                cache?.scan.positions(of: scan.photos.map(\.relativePath))
                ?? Array(repeating: nil, count: scan.photos.count)
            positionsFound = positions
            return positions
        }
        for diagnostic in scan.diagnostics {
            reporter.warning(Diagnostics.line(for: diagnostic))
        }
        if settings.strict && !scan.diagnostics.isEmpty {
            throw .strictRefusal(.scanDiagnostics(Diagnostics.count(scan.diagnostics)))
        }
        guard !scan.photos.isEmpty else {
            throw .noPhotos(
                folder: photosPath,
                skipped: scan.diagnostics.isEmpty ? nil : Diagnostics.count(scan.diagnostics))
        }

        var catalogue = Catalogue(
            photos: scan.photos, metadata: metadata, pageSize: settings.pageSize,
            order: CatalogueOrder(sort: settings.sort, metadata: metadata).permutation(
                of: scan.photos), jobs: settings.jobs,
            maxTall: settings.maxTall, maxWide: settings.maxWide,
            unnamed: { language.strings.photoNumbers($0) }, rootName: options.title)
        // After the catalogue, which has counted the photos with a row as it made them.
        try warnAboutMetadata(
            metadata, file: metadataURL, photos: scan.photos,
            namedRowCount: catalogue.describedCount)
        if settings.renditions {
            catalogue.setImageSizes(sizing.sectionSizes)
        } else {
            try leaveOutUnshowable(&catalogue)
        }
        catalogue.assignItemPaths(metadata: metadata)
        // A category takes no folder of the site's own or of the owner's static files.
        // `layout` even without layout files: a category's address must not depend on
        // `--layout-files`.
        catalogue.assignCategoryPaths(
            reserved: generatedFolders(renderer).union(staticFolder?.topFolders ?? [])
                .union([SiteCollection.tagsFolder, LayoutDocument.folderName]))
        var statistics = LayoutStatistics()
        try staticFolder?.checkClashes(
            generated: generatedFiles(catalogue, staticFolder: staticFolder),
            folders: generatedFolders(renderer).union(
                PageKinds.registered.flatMap { $0.folders(of: catalogue) }))
        try output.prepareStaging()
        let publisher = SitePublisher(output: output, cache: cache)
        try publisher.publish(siteAssets)
        var renditionWarnings = 0
        var storeUse: StoreUse?
        var carriedFolders: [CarriedFolder] = []
        var draft = BuildCache.Draft(scan)
        draft.metadata = metadataFound.record
        var keptPages = 0
        // The catalogue of every photo, before `write` folded its products: freed with the rest.
        var unfolded: Catalogue?
        do {
            if settings.renditions {
                let renditions = try writeRenditions(
                    &catalogue, scan: scan, cache: cache, previousPositions: previousPositions,
                    draft: &draft, widths: sizing.widths, to: publisher, progress: progress)
                renditionWarnings = renditions.warnings
                storeUse = renditions.store
                if let carried = renditions.carried { carriedFolders.append(carried) }
            }
            var redirects = self.redirects(
                catalogue, cache: cache, previousPositions: previousPositions)
            let shownCount = catalogue.cardCount
            let written = try write(
                &catalogue, scan: scan, renderer: renderer,
                shareImage: try settingsShareImage(catalogue, renderer: renderer), cache: cache,
                previousPositions: previousPositions, draft: &draft,
                // Redirect pages go among the item pages: the folder is written whole, not carried.
                keepsItemPages: redirects.isEmpty && cache?.redirects.isEmpty != false,
                to: publisher, progress: progress)
            carriedFolders += written.carried
            unfolded = written.unfolded
            if catalogue.photos.count != shownCount {
                redirects = self.redirects(
                    catalogue, cache: cache, previousPositions: previousPositions)
            }
            try writeRedirects(
                redirects, catalogue: catalogue, renderer: renderer, staticFolder: staticFolder,
                draft: &draft, to: publisher)
            try writeHostFiles(
                catalogue, draft: draft, renderer: renderer, staticFolder: staticFolder,
                to: publisher)
            try writeDiscoveryFiles(
                catalogue, collectionPages: written.collectionPages, renderer: renderer,
                staticFolder: staticFolder, to: publisher)
            draft.files = publisher.published
            statistics = draft.pages.reduce(into: LayoutStatistics()) { $0.add($1) }
            keptPages = draft.pages.count - draft.renderedPages
            // Nothing to write when the records beside the site say it all already; records an
            // older version kept inside the site are written beside it instead.
            let recordsKept =
                recordsFile == output.records
                && cache.map { draft.repeats($0, allCached: scan.cachedCount == scan.photos.count) }
                    == true
            if !recordsKept {
                try output.stageRecords(draft.data(reusing: cache, positions: previousPositions))
            }
            try output.swapIn(carrying: carriedFolders, records: !recordsKept)
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
            let photoCount = catalogue.photos.reduce(0) { $0 + 1 + $1.productPhotos.count }
            var line =
                "Built \(NumberText.grouped(photoCount)) photo\(photoCount == 1 ? "" : "s")"
            if photoCount != catalogue.photos.count {
                line += " as \(NumberText.grouped(catalogue.photos.count)) products"
            }
            line +=
                " in \(catalogue.sectionCount) section\(catalogue.sectionCount == 1 ? "" : "s"), \(catalogue.pageCount) page\(catalogue.pageCount == 1 ? "" : "s")"
            line +=
                " → \(displayPath(output.url))/ in \(NumberText.decimal(seconds, decimals: seconds < 10 ? 2 : 1)) s"
            var problems = scan.diagnostics.isEmpty ? [] : [Diagnostics.count(scan.diagnostics)]
            if renditionWarnings > 0 {
                problems.append(
                    "\(NumberText.grouped(renditionWarnings)) photo\(renditionWarnings == 1 ? "" : "s") without renditions"
                )
            }
            if !problems.isEmpty { line += " (\(problems.joined(separator: ", ")))" }
            var saved: [String] = []
            if scan.cachedCount > 0 {
                saved.append(
                    "\(NumberText.grouped(scan.cachedCount)) unchanged photos not read again")
            }
            if keptPages > 0 {
                saved.append(
                    "\(NumberText.grouped(keptPages)) unchanged page\(keptPages == 1 ? "" : "s") not rendered again"
                )
            }
            if let storeUse {
                saved.append(
                    "\(NumberText.grouped(storeUse.linked)) photos' renditions from the rendition store, \(NumberText.grouped(storeUse.encoded)) encoded"
                )
            }
            if !saved.isEmpty { line += "; " + saved.joined(separator: ", ") }
            reporter.result(line)
            reporter.result(
                statistics.summary(
                    breakpoints: settings.breakpoints.count,
                    tolerance: renderer.options.layout.balanceTolerance))
            if let hint = discoveryHint { reporter.result(hint) }
        }
        return Leftovers(
            metadata, metadataFound, catalogue, unfolded as Any, scan, loaded as Any, draft)
    }

    /// Writes the pages, layout.json and the stylesheets, and places the originals; records in
    /// `draft` which originals are published and what each page was made from. Photos gone
    /// since the scan are left out of `catalogue` (and of the pages, rendered again without them). Returns the
    /// previous site's originals, item pages and page kinds' folders that are taken over rather than placed again,
    /// the paths of the page kinds' pages, and the catalogue before its products were folded
    /// (for the caller to free with the rest).
    private func write(
        _ catalogue: inout Catalogue, scan: ScanResult, renderer: SiteRenderer,
        shareImage: SiteRenderer.ShareImage?, cache: BuildCache?,
        previousPositions: () -> [Int?],
        draft: inout BuildCache.Draft, keepsItemPages: Bool, to publisher: SitePublisher,
        progress: any BuildProgress
    ) throws(SiteBuildError) -> (
        carried: [CarriedFolder], collectionPages: [String], unfolded: Catalogue
    ) {
        try withholdLongOriginals(
            &catalogue, staging: publisher.output.staging.path,
            folder: renderer.options.photosFolder, linksOriginals: renderer.options.linksOriginals)
        // Without original links, an original is published only where its tile shows it; a HEIC
        // or AVIF never is (browsers cannot show it as the gallery does).
        let published = catalogue.photos.indices.filter {
            catalogue.photos[$0].opensOriginal
                && (renderer.options.linksOriginals || catalogue.photos[$0].image == nil)
        }
        for index in catalogue.photos.indices {
            draft.publishedOriginals[catalogue.scanIndices[index]] = false
        }
        for index in published { draft.publishedOriginals[catalogue.scanIndices[index]] = true }
        if let warning = PositionWarning.text(
            paths: published.filter { catalogue.scanned($0).hasGPSPosition }.map {
                catalogue.photos[$0].path
            },
            publishesOriginals: settings.linksOriginals, renditions: settings.renditions)
        {
            reporter.warning(warning)
        }
        let publishedPaths = published.map { catalogue.photos[$0].path }
        // The linkers capture a copy (an inout cannot escape); the caller gets back the catalogue
        // without any photo left out on the way.
        var final = catalogue.foldingProducts()
        defer { catalogue = final }
        let allPhotos = catalogue
        // The pages show one card per product; the originals above are every photo's.
        let catalogue = final
        // A build that had to restore a killed build's folder places every original again
        // rather than trust what is in it.
        let originalsFolder = renderer.options.photosFolder
        let carried = publisher.carryOriginals(
            in: originalsFolder, paths: publishedPaths,
            everyPhotoUnchanged: scan.cachedCount == allPhotos.photos.count
                && published.count == allPhotos.photos.count,
            identity: { allPhotos.scanned(published[$0]).identity },
            previousPosition: { previousPositions()[allPhotos.scanIndices[published[$0]]] })
        let placed = carried?.arrivals.map { publishedPaths[$0] } ?? publishedPaths

        // Linking the originals is file-system work and rendering is CPU work: do them side by side.
        let photosFolder = Array(settings.photos.path.utf8) + [UInt8(ascii: "/")]
        // Two linkers, each with its own share of the folders: the file system works on two
        // folders at once while this thread renders.
        let shares = Self.foldersSplit(placed, into: 2)
        let originals = shares.map { share in
            BackgroundWork { () throws(SiteBuildError) -> [(path: String, reason: String)] in
                var leftOut: [(path: String, reason: String)] = []
                for path in placed[share] {
                    // An escaped name (see FileNameText) is published as it reads; the file has its bytes.
                    if let reason = try publisher.placeOriginal(
                        photosFolder + FileNameText.bytes(of: path), at: path,
                        in: originalsFolder, carried: carried)
                    {
                        leftOut.append((path, reason))
                    }
                }
                return leftOut
            }
        }
        defer { for work in originals { _ = try? work.wait() } }

        try publisher.publish(renderer.theme.stylesheet, at: renderer.stylesheetPath)
        try publisher.publish(renderer.layoutStylesheet(), at: renderer.layoutStylesheetPath)
        var menu = catalogue.menu(renderer.options.strings)
        let pages = try PageWriter(
            renderer: renderer, publisher: publisher, previous: cache?.pages ?? [],
            jobs: settings.jobs, writesLayoutFiles: settings.writesLayoutFiles,
            shareImage: shareImage, menu: menu
        ).write(catalogue, progress: progress)
        draft.pages = pages.records
        draft.renderedPages = pages.records.count - pages.keptCount
        var items = try ItemPageWriter(
            renderer: renderer, publisher: publisher, jobs: settings.jobs, mayKeep: keepsItemPages
        ).write(catalogue, progress: progress)
        progress.update("Placing originals", done: 0, total: catalogue.photos.count)
        var leftOut: Set<String> = []
        for work in originals {
            for (path, reason) in try work.wait() {
                reporter.warning("warning: \(TerminalText.safe(path)): left out: \(reason)")
                leftOut.insert(path)
            }
        }
        if settings.strict && !leftOut.isEmpty {
            throw .strictRefusal(.photosVanished(leftOut.count))
        }
        if !leftOut.isEmpty {
            // Photos gone since the scan (rare: the pages were rendered meanwhile): render the
            // pages again without them, so no tile points at a file the site does not have.
            let positions = Set(
                allPhotos.photos.indices.filter { leftOut.contains(allPhotos.photos[$0].path) })
            for position in positions {
                draft.publishedOriginals[allPhotos.scanIndices[position]] = false
            }
            var remainingPhotos = allPhotos
            remainingPhotos.leaveOut(positions)
            let remaining = remainingPhotos.foldingProducts()
            guard !remaining.photos.isEmpty else {
                throw .nothingToPublish(.everyPhotoVanished)
            }
            publisher.withdraw(
                PageWriter.paths(
                    pageCount: draft.pages.count, layoutFiles: settings.writesLayoutFiles))
            menu = remaining.menu(renderer.options.strings)
            items.folder?.withdraw(paths: catalogue.photos.compactMap(\.itemPath))
            let pages = try PageWriter(
                renderer: renderer, publisher: publisher, previous: cache?.pages ?? [],
                jobs: settings.jobs, writesLayoutFiles: settings.writesLayoutFiles,
                shareImage: shareImage, menu: menu
            ).write(remaining, progress: progress)
            draft.pages = pages.records
            draft.renderedPages = pages.records.count - pages.keptCount
            // Written whole into the new site: the previous item pages are not taken over.
            items = try ItemPageWriter(
                renderer: renderer, publisher: publisher, jobs: settings.jobs, mayKeep: false
            ).write(remaining, progress: progress)
            final = remaining
        }
        let kinds = try PageKindWriter(
            renderer: renderer, publisher: publisher, jobs: settings.jobs,
            writesLayoutFiles: settings.writesLayoutFiles
        ).write(final, menu: menu, progress: progress)
        if settings.writesLayoutFiles {
            try publisher.publish(
                LayoutDocument.index(
                    options: renderer.options,
                    pageFileNames: (1...final.pageCount).map(SitePage.fileName) + kinds.paths,
                    photoCount: final.photos.count),
                at: LayoutDocument.indexFileName)
        }
        return (
            [carried, items.carried].compactMap { $0 } + kinds.carried, kinds.paths, allPhotos
        )
    }

    /// Scans the photos folder, leaving out the folders in `excluded` (the output, the static
    /// folder); `cache` gives the previous build's scan once the folders are listed.
    func scanPhotos(
        excluding excluded: [URL], progress: any BuildProgress, cache: () -> ScanCache? = { nil }
    ) throws(SiteBuildError) -> ScanResult {
        defer { progress.finish() }
        do {
            return try PhotoScanner(
                jobs: settings.jobs, excludedFolders: excluded,
                followsOutsideLinks: settings.followsSymlinks
            ).scan(
                settings.photos, cacheAfterWalk: cache,
                progress: { done, total in
                    progress.update("Scanning photos", done: done, total: total)
                })
        } catch {
            throw .scanFailed(reason: error.description)
        }
    }

    /// The gallery's layout options: the settings', with the breakpoints the metadata's
    /// sections need.
    func layoutOptions(_ metadata: PhotoMetadata) -> LayoutOptions {
        var layout = LayoutOptions(
            breakpoints: settings.breakpoints, columnSpacing: settings.columnSpacing,
            rowSpacing: settings.rowSpacing, insets: settings.insets,
            // A right-to-left language mirrors the default placement, as --direction right-to-left.
            direction: LanguageDirection.isRightToLeft(settings.language)
                && settings.direction == .shortestFirst
                ? .rightToLeft : settings.direction,
            sizing: settings.itemWidth.map { .fixedItemWidth($0) } ?? .fluid,
            // A footer keeps the same distance from the tallest column as photos from each other.
            footerSpacing: settings.rowSpacing,
            balanceTolerance: settings.balanceTolerance ?? settings.rowSpacing)
        layout.breakpoints = metadata.galleryBreakpoints(
            settings.breakpoints, minimum: layout.minimumGalleryWidth,
            maximum: layout.maximumGalleryWidth)
        return layout
    }

    /// The renditions' widths and the tiles' `sizes` for `layout` (with a candidate wide enough
    /// for the share image under `--base-url`).
    func imageSizing(_ layout: LayoutOptions, _ metadata: PhotoMetadata) -> ImageSizing {
        ImageSizing(
            layout: layout, sections: metadata.sections,
            atLeast: settings.baseURL == nil ? nil : SiteRenderer.shareImageWidth)
    }

    /// Indices of `paths` cut into `count` runs of about equal length, each cut at a change of
    /// folder, so no two runs ever create the same folder.
    static func foldersSplit(_ paths: [String], into count: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for part in 1..<max(1, count) {
            var cut = max(start, paths.count * part / count)
            while cut > start && cut < paths.count
                && Catalogue.folder(of: paths[cut]) == Catalogue.folder(of: paths[cut - 1])
            {
                cut += 1
            }
            runs.append(start..<cut)
            start = cut
        }
        runs.append(start..<paths.count)
        return runs
    }

    private func loadTheme() throws(SiteBuildError) -> Theme {
        do {
            if let folder = settings.templates {
                let rule = InputFileRule(followsLinks: settings.followsSymlinks)
                return try Theme.load(from: folder) { path throws(ThemeError) in
                    try Self.themeFile(path, rule: rule)
                }
            }
            return try Theme.builtIn()
        } catch {
            throw .unreadableTheme(reason: error.description)
        }
    }

    /// The theme file at `path` read through `rule` (a link out of the theme folder, or a FIFO,
    /// is refused); nil when there is none.
    private static func themeFile(_ path: String, rule: InputFileRule) throws(ThemeError) -> Data? {
        do throws(InputFileError) {
            return Data(try rule.contents(of: URL(fileURLWithPath: path)))
        } catch  where error.reason == .missing {
            return nil
        } catch {
            throw ThemeError(file: error.path, line: 0, message: error.reasonText)
        }
    }

    /// A section's own columns or insets that cannot fit the gallery fail before the scan, naming
    /// the folder, rather than when its page is laid out (`check` lists them all).
    private func checkSectionLayouts(
        _ metadata: PhotoMetadata, metadataURL: URL?, renderer: SiteRenderer
    ) throws(SiteBuildError) {
        let check = MetadataCheck(
            metadata: metadata, file: metadataURL?.path ?? "metadata", photoPaths: [])
        if let first = check.sectionLayoutErrors(renderer).first { throw .metadataConflict(first) }
    }

    /// The output may sit inside the photos folder (it is then left out of the scan) but must
    /// never be the photos folder or contain it: replacing it would delete the photos.
    private func checkFolders(_ output: OutputFolder) throws(SiteBuildError) {
        if Self.isInside(settings.photos, output.url) {
            throw .foldersOverlap(.outputHoldsPhotos(output: output.url.path))
        }
    }

    /// Whether `path` is `folder` or inside it, symlinks resolved.
    static func isInside(_ path: URL, _ folder: URL) -> Bool {
        (path.resolvingSymlinksInPath().path + "/").hasPrefix(
            folder.resolvingSymlinksInPath().path + "/")
    }

    private func displayPath(_ url: URL) -> String { PathText.displayed(url.path) }
}
