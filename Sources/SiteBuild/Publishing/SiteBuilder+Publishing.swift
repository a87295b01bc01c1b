import PhotoRenditions
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SiteBuilder {
    /// The owner's files for the site root, listed before the scan: the `--static` folder (or
    /// `staticFolder` setting), else `PHOTOS/static` when it exists. It may not hold the photos
    /// (the scan leaves it out) nor be inside the output or hold it (each build replaces the output).
    func loadStaticFolder(_ output: OutputFolder) throws(SiteBuildError) -> StaticFolder? {
        let url = settings.staticFolder ?? settings.photos.appending(path: "static")
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
            isDirectory
        else {
            guard settings.staticFolder == nil else {
                throw .missingFolder(.staticFiles, path: url.path)
            }
            return nil
        }
        if Self.isInside(settings.photos, url) {
            throw .foldersOverlap(.staticHoldsPhotos(staticFolder: url.path))
        }
        if Self.isInside(url, output.url) || Self.isInside(output.url, url) {
            throw .foldersOverlap(.staticAndOutput(staticFolder: url.path, output: output.url.path))
        }
        let folder = try StaticFolder(url, followsLinks: settings.followsSymlinks)
        for warning in folder.warnings { reporter.warning(warning) }
        return folder
    }

    /// Every file at the top of the site that the build writes, for ``StaticFolder/checkClashes(generated:folders:)``.
    func generatedFiles(_ catalogue: Catalogue, staticFolder: StaticFolder?) -> Set<String> {
        var names: Set<String> = [OutputFolder.markerName]
        if settings.writesLayoutFiles { names.insert(LayoutDocument.indexFileName) }
        for number in 1...max(1, catalogue.pageCount) { names.insert(SitePage.fileName(number)) }
        if writesHeaders(staticFolder) { names.insert(HostFiles.headersName) }
        names.formUnion(DiscoveryFiles.names(settings, staticFolder: staticFolder))
        return names
    }

    /// The folders the build fills, and those the staging folder holds while it runs.
    func generatedFolders(_ renderer: SiteRenderer) -> Set<String> {
        let folders =
            [
                SiteRenderer.assetsFolder, renderer.options.photosFolder,
                RenditionWriter.folderName, SiteRenderer.itemsFolder,
            ] + (settings.writesLayoutFiles ? [LayoutDocument.folderName] : [])
        return Set(folders + folders.map(CarriedFolder.incomingName(of:)))
    }

    /// Places the owner's static files and writes `_headers`, after everything else of the site,
    /// so its rules follow the folders this build wrote.
    func writeHostFiles(
        _ catalogue: Catalogue, draft: BuildCache.Draft, renderer: SiteRenderer,
        staticFolder: StaticFolder?, to publisher: SitePublisher
    ) throws(SiteBuildError) {
        if let staticFolder { try publisher.publish(staticFolder) }
        guard writesHeaders(staticFolder) else { return }
        let headers = HostFiles.headers(
            assetsFolder: SiteRenderer.assetsFolder,
            layoutFolder: settings.writesLayoutFiles ? LayoutDocument.folderName : nil,
            renditionsFolder: catalogue.photos.contains { $0.image != nil }
                ? RenditionWriter.folderName : nil,
            originalsFolder: catalogue.scanIndices.contains { draft.publishedOriginals[$0] }
                ? renderer.options.photosFolder : nil,
            ownFolders: staticFolder?.topFolders ?? [],
            itemsFolder: catalogue.photos.contains { $0.itemPath != nil }
                ? SiteRenderer.itemsFolder : nil,
            pageFolders: Set(PageKinds.registered.flatMap { $0.folders(of: catalogue) }).sorted())
        try publisher.publish(headers, at: HostFiles.headersName)
    }

    /// Whether this build writes `_headers`: unless turned off, or the owner brings their own.
    private func writesHeaders(_ staticFolder: StaticFolder?) -> Bool {
        settings.hostFiles && staticFolder?.hasHeaders != true
    }
}
