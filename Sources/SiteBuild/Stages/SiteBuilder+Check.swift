import PhotoScanner
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `check`: the build's reading of the photos and the metadata, without building. It scans the
/// photos' headers (no renditions, nothing written, no lock taken) and lists every problem the
/// build would stop on or warn about.
extension SiteBuilder {
    /// What `check` found: every problem, photos' and metadata's, in the order to print them.
    public struct CheckReport: Sendable {
        /// One line per problem, each starting "error: ", "warning: " or "skipped: ".
        public var lines: [String] = []
        public var errorCount = 0
        public var warningCount = 0
        public var photoCount = 0
        /// The metadata file read, if any.
        public var metadataFile: String?
    }

    /// Reads the photos and the metadata as ``build()`` does and lists what is wrong: a bad
    /// metadata entry (every one, not just the first), a sale the build refuses, a photo the
    /// scan skipped or warned about, and the ``MetadataCheck`` warnings. Throws only for what
    /// stops it from looking at all: no photos folder, metadata that cannot be read.
    public func check() throws(SiteBuildError) -> CheckReport {
        var isDirectory = false
        guard
            FileManager.default.fileExists(atPath: settings.photos.path, isDirectory: &isDirectory),
            isDirectory
        else {
            throw .missingFolder(.photos, path: settings.photos.path)
        }
        var report = CheckReport()
        var readErrors: [String] = []
        let (url, metadata) = try loadMetadata { readErrors.append($0) }
        report.metadataFile = url?.path
        let scan = try scanPhotos(
            excluding: [settings.output] + [
                settings.staticFolder ?? settings.photos.appending(path: "static")
            ],
            progress: reporter.progress(quiet: settings.quiet))
        report.photoCount = scan.photos.count
        var problems = readErrors.map { MetadataProblem(readError: $0) }
        if let url {
            let paths = scan.photos.map(\.relativePath)
            problems += MetadataCheck(metadata: metadata, file: url.path, photoPaths: paths)
                .productConflicts(jobs: settings.jobs)
            // The other checks read each row as the build does: with its product's fields.
            let check = MetadataCheck(
                metadata: ProductRows.merged(metadata, jobs: settings.jobs), file: url.path,
                photoPaths: paths)
            problems += check.saleErrors(currency: settings.currency, language: settings.language)
            problems += try sectionLayoutErrors(check)
            problems += check.warnings()
        }
        report.lines = problems.map(\.line) + scan.diagnostics.map(Diagnostics.line(for:))
        report.errorCount = problems.filter { $0.severity == .error }.count
        report.warningCount = report.lines.count - report.errorCount
        if scan.photos.isEmpty {
            // The build stops here; there is no site without a photo.
            report.lines.append(
                "error: no photos (JPEG, PNG, HEIC, AVIF or WebP) found in '\(settings.photos.path)'"
            )
            report.errorCount += 1
        }
        return report
    }

    /// The sections whose own layout the build would refuse, laid out in the settings' gallery
    /// as the build lays them out (the theme never changes a layout, so the built-in one does).
    private func sectionLayoutErrors(_ check: MetadataCheck) throws(SiteBuildError)
        -> [MetadataProblem]
    {
        let options = SiteOptions(
            title: "", layout: layoutOptions(check.metadata),
            captionHeight: settings.captionHeight ?? 0, headerHeight: settings.headerHeight,
            footerHeight: settings.footerHeight, language: settings.language)
        let theme: Theme
        do {
            theme = try Theme.builtIn()
        } catch {
            throw .unreadableTheme(reason: error.description)
        }
        do {
            return check.sectionLayoutErrors(try SiteRenderer(theme: theme, options: options))
        } catch {
            // The build's own words for gallery options that cannot lay out (a usage error there).
            throw .invalidLayoutOptions(reason: error.description, hint: "", command: "check")
        }
    }
}
