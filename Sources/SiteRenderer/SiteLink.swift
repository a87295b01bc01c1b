/// A link of the site's header (the `links` setting: "About", "Instagram"), shown on every page.
/// Its URL is either an address on another site (http or https, marked as external) or a path
/// relative to the site's root (`about.html`), which each page reaches from its own folder.
public struct SiteLink: Sendable, Hashable {
    public let label: String
    public let url: String

    /// A link; `url` must pass ``problem(url:)``, which the caller checks to name its source.
    public init(label: String, url: String) {
        self.label = label
        self.url = url
    }

    /// Whether the link leaves the site (`https://…`): the page marks it as such.
    public var isExternal: Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The link's `href` on a page `root` (`../`, `../../`) below the site's root: an external
    /// URL as it is, a path of the site with the way up in front.
    public func href(root: String) -> String { isExternal ? url : root + url }

    /// Why `url` cannot be a header link, with the fix; nil when it can. An absolute http(s)
    /// URL, or a path relative to the site's root: not `/about.html`, which breaks a site
    /// published below a host's root, and no other scheme (`javascript:`), which a shop's page
    /// must not run.
    public static func problem(url: String) -> String? {
        if url.isEmpty || url.contains(where: { $0.isWhitespace }) {
            return "must be a URL without spaces, like \"about.html\" or \"https://example.com/\""
        }
        let lower = url.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let host = url.dropFirst(lower.hasPrefix("https") ? 8 : 7).prefix { $0 != "/" }
            return host.isEmpty ? "must name a host, like \"https://example.com/\"" : nil
        }
        if url.hasPrefix("/") || url.hasPrefix("\\") {
            return
                "must be relative to the site's root (\"\(url.drop { $0 == "/" || $0 == "\\" })\"), so the site works in any folder of its host"
        }
        // A colon before the first `/`, `?` or `#` starts a scheme.
        let beforePath = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if beforePath.contains(":") {
            return
                "must be an http(s) address or a path relative to the site's root, like \"about.html\""
        }
        return nil
    }
}
