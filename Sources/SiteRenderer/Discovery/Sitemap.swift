/// `sitemap.xml` (the sitemaps.org protocol, with Google's image extension) and `robots.txt`
/// naming it.
///
/// One file holds every gallery page and item page, each item page with an `image:image` entry
/// for its photo; past ``Limits/urls`` URLs or ``Limits/bytes`` bytes (the protocol's 50,000
/// and 50 MB) the URLs go into `sitemap-1.xml`, `sitemap-2.xml`, … and `sitemap.xml` is the index
/// of them.
public enum Sitemap {
    /// One page of the site.
    public struct Entry: Sendable, Hashable {
        /// The page's absolute URL.
        public var url: String
        /// The absolute URLs of the images it shows that crawlers should know.
        public var images: [String]

        public init(url: String, images: [String] = []) {
            self.url = url
            self.images = images
        }
    }

    /// The most a single sitemap file may hold; tests give small ones.
    public struct Limits: Sendable, Hashable {
        public var urls: Int
        public var bytes: Int

        public init(urls: Int = 50_000, bytes: Int = 52_428_800) {
            self.urls = urls
            self.bytes = bytes
        }
    }

    public static let fileName = "sitemap.xml"
    public static let robotsFileName = "robots.txt"

    /// The file a part of a split sitemap goes to: `sitemap-1.xml`.
    public static func partName(_ number: Int) -> String { "sitemap-\(number).xml" }

    /// The sitemap's files, named and in order (the index first when split), for a site at `site`.
    /// `note` gives a line to put after each file's XML declaration, from the number of files
    /// (the builder's record of what they were made from); its length must not depend on it.
    public static func files(
        _ entries: [Entry], site: SiteAddress, limits: Limits = Limits(),
        note: (Int) -> String = { _ in "" }
    ) -> [(name: String, text: String)] {
        let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let opening =
            "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n"
        let closing = "</urlset>\n"
        let fixedBytes = declaration.utf8.count + note(1).utf8.count + closing.utf8.count
        var parts: [String] = []
        var current = opening
        var count = 0
        for entry in entries {
            var url = "<url><loc>\(entry.url.xmlEscaped)</loc>"
            for image in entry.images {
                url += "<image:image><image:loc>\(image.xmlEscaped)</image:loc></image:image>"
            }
            url += "</url>\n"
            if count > 0
                && (count == limits.urls
                    || fixedBytes + current.utf8.count + url.utf8.count > limits.bytes)
            {
                parts.append(current + closing)
                current = opening
                count = 0
            }
            current += url
            count += 1
        }
        parts.append(current + closing)
        let total = parts.count == 1 ? 1 : parts.count + 1
        let head = declaration + note(total)
        if parts.count == 1 { return [(fileName, head + parts[0])] }
        var index = head + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for number in 1...parts.count {
            index += "<sitemap><loc>\(site.url(of: partName(number)).xmlEscaped)</loc></sitemap>\n"
        }
        index += "</sitemapindex>\n"
        return [(fileName, index)] + parts.enumerated().map { (partName($0 + 1), head + $1) }
    }

    /// `robots.txt`: everything may be crawled, and where the sitemap is.
    public static func robots(site: SiteAddress, sitemap: Bool) -> String {
        var text = "# Written by waterfall-site.\nUser-agent: *\nAllow: /\n"
        if sitemap { text += "\nSitemap: \(site.url(of: fileName))\n" }
        return text
    }
}
