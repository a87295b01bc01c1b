import PhotoScanner
import SiteRenderer

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

/// The files that let a site be found, written with `--base-url`: `sitemap.xml` (split into an
/// index and parts when large), `robots.txt` naming it, and `feed.xml`, the Atom feed of the
/// newest items.
///
/// The sitemap follows from the pages' paths and share images alone: its second line notes a
/// digest of them, and a rebuild where they are unchanged keeps the previous files unread, so
/// 100,000 item pages cost a warm rebuild one pass over the paths. The feed (50 entries) is made every time,
/// since a touched photo can be the newest; its bytes decide whether the file is kept. Neither
/// is an input of any page, so a feed change renders no page again.
struct DiscoveryFiles {
    let site: SiteAddress
    let renderer: SiteRenderer
    let publisher: SitePublisher
    var limits = Sitemap.Limits()
    /// The pages of the page kinds (category and tag pages), listed after the gallery's.
    var collectionPages: [String] = []

    /// The names this build writes, for the clash check with the owner's static files.
    static func names(_ settings: BuildSettings, staticFolder: StaticFolder?) -> Set<String> {
        guard settings.baseURL != nil else { return [] }
        var names: Set<String> = []
        if settings.sitemap { names.insert(Sitemap.fileName) }
        if settings.sitemap && staticFolder?.files.contains(Sitemap.robotsFileName) != true {
            names.insert(Sitemap.robotsFileName)
        }
        if settings.feed { names.insert(AtomFeed.fileName) }
        return names
    }

    /// Writes the sitemap and `robots.txt` (unless `sitemap` is false; `robots.txt` also when
    /// the owner's static files hold their own) and the feed (unless `feed` is false).
    func write(
        _ catalogue: Catalogue, dates: [Int64], sitemap: Bool, feed: Bool, ownRobots: Bool
    ) throws(SiteBuildError) {
        if sitemap {
            try writeSitemap(catalogue)
            if !ownRobots {
                try publisher.publish(
                    Sitemap.robots(site: site, sitemap: true), at: Sitemap.robotsFileName)
            }
        }
        if feed {
            try publisher.publish(feedDocument(catalogue, dates: dates), at: AtomFeed.fileName)
        }
    }

    /// The sitemap's entries: every gallery page, then every item page with its image.
    func sitemapEntries(_ catalogue: Catalogue) -> [Sitemap.Entry] {
        var entries = (1...max(1, catalogue.pageCount)).map {
            Sitemap.Entry(url: site.url(of: SitePage.fileName($0)))
        }
        entries += collectionPages.map { Sitemap.Entry(url: site.url(of: $0)) }
        entries.reserveCapacity(entries.count + catalogue.photos.count)
        for photo in catalogue.photos {
            guard let itemPath = photo.itemPath else { continue }
            let image = renderer.shareImage(of: photo).map { site.url(ofEncoded: $0.path) }
            entries.append(
                Sitemap.Entry(url: site.url(of: itemPath), images: image.map { [$0] } ?? []))
        }
        return entries
    }

    private func writeSitemap(_ catalogue: Catalogue) throws(SiteBuildError) {
        // Everything the sitemap shows, and the program's version (not its build: the note is
        // part of the site, which must be the same bytes from every build of one version).
        var hasher = StableHasher()
        hasher.combine(ProgramVersion.current)
        hasher.combine(site.text)
        hasher.combine(limits.urls)
        hasher.combine(limits.bytes)
        hasher.combine(catalogue.pageCount)
        hasher.combine(collectionPages.count)
        for path in collectionPages { hasher.combine(path) }
        for photo in catalogue.photos {
            hasher.combine(photo.itemPath)
            hasher.combine(photo.image?.candidates.last?.path ?? photo.path)
        }
        let key = hasher.value
        let digest = String(key, radix: 16)
        // The previous sitemap's note says how many files it has: with the same digest, the
        // publisher keeps them all by their key in its manifest.
        let kept = keptSitemap(digest: digest)
        var made: [(name: String, text: String)] = []
        // The count of files goes into the note too (six digits, so the note's length is fixed),
        // and a kept sitemap keeps all its parts.
        let note = { (files: Int) in
            let digits = String(files)
            return "<!-- waterfall-site: pages \(digest), "
                + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + " files -->\n"
        }
        func make() -> [(name: String, text: String)] {
            Sitemap.files(sitemapEntries(catalogue), site: site, limits: limits, note: note)
        }
        if let kept {
            let wasKept = try publisher.publish(kept, key: key) { () throws(SiteBuildError) in
                made = make()
                guard made.map(\.name) == kept else {
                    throw .sitemapChanged
                }
                return made.map { Data($0.text.utf8) }
            }
            if wasKept { return }
        }
        made = make()
        try publisher.publish(made.map(\.name), key: key, mayKeep: false) {
            made.map { Data($0.text.utf8) }
        }
    }

    /// The previous site's sitemap files, when its note names the same pages.
    private func keptSitemap(digest: String) -> [String]? {
        let descriptor = open(
            publisher.output.url.path + "/" + Sitemap.fileName, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 200)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let start = String(decoding: bytes[..<count], as: UTF8.self)
        let prefix = "<!-- waterfall-site: pages \(digest), "
        guard let line = start.split(separator: "\n").dropFirst().first, line.hasPrefix(prefix),
            let files = Int(line.dropFirst(prefix.count).prefix { $0.isNumber }), files >= 1
        else { return nil }
        return [Sitemap.fileName] + (files == 1 ? [] : (1...files - 1).map(Sitemap.partName))
    }

    /// The Atom feed of the newest ``AtomFeed/length`` items by date.
    func feedDocument(_ catalogue: Catalogue, dates: [Int64]) -> String {
        let entries = AtomFeed.newest(dates).map { index in
            let photo = catalogue.photos[index]
            let image = renderer.shareImage(of: photo)
            return AtomFeed.Entry(
                title: photo.name ?? photo.title ?? photo.alt,
                url: photo.itemPath.map(site.url(of:))
                    ?? site.url(of: SitePage.fileName(catalogue.pageNumber(ofPosition: index))),
                imageURL: image.map { site.url(ofEncoded: $0.path) }, imageType: image?.type,
                caption: photo.caption, price: photo.price, date: dates[index])
        }
        return AtomFeed.document(
            title: renderer.options.title, site: site, entries: entries, generator: "waterfall-site"
        )
    }
}
