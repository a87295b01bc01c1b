import InputFiles
import PhotoScanner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SiteBuilder {
    /// The metadata file, what it says with each product's rows merged, and its record for the
    /// next build. When the previous build's records (`previous`, waited for only when there is
    /// a file to look up) hold the same file unchanged, its merged metadata comes from there:
    /// the file is neither parsed nor merged again (see ``MetadataRecord``).
    func mergedMetadata(previous: () -> BuildCache?) throws(SiteBuildError) -> (
        url: URL?, metadata: PhotoMetadata, record: MetadataRecord?
    ) {
        guard let url = try metadataURL() else { return (nil, PhotoMetadata(), nil) }
        // Taken before the file is read: a file saved meanwhile is recorded under its older
        // identity, and read again by the next build.
        let key = MetadataRecord.Key(file: url, followsLinks: settings.followsSymlinks)
        if let key, let record = previous()?.metadata, record.key == key,
            let metadata = record.metadata()
        {
            return (url, metadata, record)
        }
        let loaded = try PhotoMetadata.load(
            url, rule: InputFileRule(followsLinks: settings.followsSymlinks))
        let merged = try mergingProducts(loaded, metadataURL: url)
        return (url, merged, key.flatMap { MetadataRecord(key: $0, metadata: merged) })
    }

    /// `metadata` with each product's rows merged (see ``ProductRows``); rows of one product
    /// that disagree fail before the scan, naming both (`check` lists them all).
    private func mergingProducts(_ metadata: PhotoMetadata, metadataURL: URL?)
        throws(SiteBuildError) -> PhotoMetadata
    {
        guard metadata.hasProducts else { return metadata }
        let check = MetadataCheck(
            metadata: metadata, file: metadataURL?.path ?? "metadata", photoPaths: [])
        // The products are found once for both.
        let products = ProductRows.productRows(in: metadata)
        if let first = check.productConflicts(products, jobs: settings.jobs).first {
            throw .metadataConflict(first)
        }
        return ProductRows.merged(metadata, products: products, jobs: settings.jobs)
    }

    /// Prints the warnings `check` lists about the metadata (see ``MetadataCheck``); with
    /// `--strict` any of them stops the build, as a scan warning does. `namedRowCount`: how many
    /// of `photos` have a row, when the caller has counted them (see ``MetadataCheck``).
    func warnAboutMetadata(
        _ metadata: PhotoMetadata, file: URL?, photos: [ScannedPhoto], namedRowCount: Int? = nil
    ) throws(SiteBuildError) {
        guard let file else { return }
        var check = MetadataCheck(
            metadata: metadata, file: file.path, photoPaths: photos.map(\.relativePath))
        check.namedRowCount = namedRowCount
        let warnings = check.warnings()
        for warning in warnings { reporter.warning(warning.line) }
        if settings.strict && !warnings.isEmpty {
            throw .strictRefusal(.metadataWarnings(warnings.count))
        }
    }

    /// The metadata file (`--metadata`, else the photos folder's own) and what it says; empty
    /// without one. With `collecting`, bad entries go to it instead of failing (see
    /// ``PhotoMetadata/load(_:rule:collecting:)``).
    func loadMetadata(collecting: ((String) -> Void)? = nil) throws(SiteBuildError) -> (
        url: URL?, metadata: PhotoMetadata
    ) {
        guard let url = try metadataURL() else { return (nil, PhotoMetadata()) }
        return (
            url,
            try PhotoMetadata.load(
                url, rule: InputFileRule(followsLinks: settings.followsSymlinks),
                collecting: collecting)
        )
    }

    /// The metadata file: `--metadata`, else the photos folder's own; nil without one.
    private func metadataURL() throws(SiteBuildError) -> URL? {
        if let given = settings.metadata { return given }
        return try defaultMetadataURL()
    }

    /// `metadata.json` or `metadata.csv` in the photos folder; both is an error, as the site
    /// would show one of them while the shop edits the other.
    private func defaultMetadataURL() throws(SiteBuildError) -> URL? {
        let found = PhotoMetadata.defaultNames.map { settings.photos.appending(path: $0) }.filter {
            FileManager.default.fileExists(atPath: $0.path)
        }
        guard found.count <= 1 else {
            throw .ambiguousMetadata(
                folder: settings.photos.path, names: PhotoMetadata.defaultNames)
        }
        return found.first
    }
}
