import PhotoScanner
import SiteRenderer

/// The build's share of `--base-url` (see ``DiscoveryFiles``): the options the pages need, the
/// gallery's share image, the site files and the summary's hint.
extension SiteBuilder {
    /// Sets what the pages need from `--base-url`; reads the prices for structured data and
    /// warns, naming the photo, about each one it cannot read.
    func prepareDiscovery(
        _ options: inout SiteOptions, metadata: inout PhotoMetadata, metadataFile: String
    ) throws(SiteBuildError) {
        let problems = metadata.resolvePrices(
            currency: settings.currency, language: settings.language)
        if let bad = problems.badSales.first {
            throw .invalidSale(
                file: metadataFile, photo: bad.path, reason: bad.problem,
                others: problems.badSales.count - 1)
        }
        let unreadable = problems.unreadable
        guard let site = settings.baseURL else {
            if let shareImage = settings.shareImage {
                reporter.warning(
                    "warning: share image '\(TerminalText.safe(shareImage))' is used only with --base-url (share cards need absolute URLs); add --base-url URL, or leave out --share-image"
                )
            }
            return
        }
        options.baseURL = site
        options.hasFeed = settings.feed
        options.rights = settings.rights
        for path in unreadable {
            reporter.warning(
                "warning: \(metadataFile): photo '\(TerminalText.safe(path))': price '\(TerminalText.safe(metadata.photos[path]?.price ?? ""))' has no amount and currency to offer in structured data"
                    + " (write it like \"€24\" or \"24.50 EUR\", or give a currency with --currency); it is shown as written, without a Product offer"
            )
        }
    }

    /// The `shareImage` setting's photo, as every gallery page's share image, once its
    /// renditions are known; nil without the setting or `--base-url`.
    func settingsShareImage(_ catalogue: Catalogue, renderer: SiteRenderer) throws(SiteBuildError)
        -> SiteRenderer.ShareImage?
    {
        guard settings.baseURL != nil, let path = settings.shareImage else { return nil }
        let wanted = PhotoMetadata.normalised(path)
        guard let photo = catalogue.photos.first(where: { $0.path == wanted }),
            let image = renderer.shareImage(of: photo)
        else {
            throw .shareImageNotAPhoto(path: path, photos: settings.photos.path)
        }
        return image
    }

    /// Writes `sitemap.xml`, `robots.txt` and `feed.xml` as the settings ask; `collectionPages`
    /// are the page kinds' pages (see ``PageKindWriter/Outcome/paths``).
    func writeDiscoveryFiles(
        _ catalogue: Catalogue, collectionPages: [String], renderer: SiteRenderer,
        staticFolder: StaticFolder?, to publisher: SitePublisher
    ) throws(SiteBuildError) {
        guard let site = settings.baseURL, settings.sitemap || settings.feed else { return }
        let dates = settings.feed ? photoDates(catalogue) : []
        var files = DiscoveryFiles(site: site, renderer: renderer, publisher: publisher)
        files.collectionPages = collectionPages
        try files.write(
            catalogue, dates: dates, sitemap: settings.sitemap, feed: settings.feed,
            ownRobots: staticFolder?.files.contains(Sitemap.robotsFileName) == true)
    }

    /// Each photo's date in seconds: when it was taken, or else when its file was last modified.
    private func photoDates(_ catalogue: Catalogue) -> [Int64] {
        catalogue.photos.indices.map { index in
            let scanned = catalogue.scanned(index)
            return scanned.dateTaken ?? (scanned.identity.map { $0.modified / 1_000_000_000 } ?? 0)
        }
    }

    /// The summary's line on what `--base-url` would add, for a build without it.
    var discoveryHint: String? {
        guard settings.baseURL == nil else { return nil }
        return
            "--base-url URL would add canonical URLs, share cards, structured data, sitemap.xml, robots.txt and feed.xml"
    }
}
