/// What a page's tile markup says about one photo, whether its image is a plain `<img>` or a
/// `<picture>` with WebP/AVIF `<source>`s before the `<img>`.
enum TileMarkup {
    /// Whether the tile linking to `href` shows an `<img>` whose `src` starts with `srcPrefix`
    /// (after its placeholder colours' `style`, when it has them).
    static func shows(_ html: String, href: String, srcPrefix: String) -> Bool {
        for part in html.components(separatedBy: "<a href=\"\(href)\">").dropFirst() {
            var rest = Substring(part)
            if rest.hasPrefix("<picture>") {
                rest = rest.dropFirst("<picture>".count)
                while rest.hasPrefix("<source "), let end = rest.firstIndex(of: ">") {
                    rest = rest[rest.index(after: end)...]
                }
            }
            // The placeholder colours' `style` (see SiteRenderer's pictureHTML) comes before `src`.
            if rest.hasPrefix("<img style=\""), let end = rest.dropFirst(12).firstIndex(of: "\"") {
                rest = "<img" + rest[rest.index(after: end)...]
            }
            if rest.hasPrefix("<img src=\"\(srcPrefix)") { return true }
        }
        return false
    }
}
