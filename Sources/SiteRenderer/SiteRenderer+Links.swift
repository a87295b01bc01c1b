extension SiteRenderer {
    /// The header's links (``SiteOptions/links``) as a `<nav>` for a page `root` below the
    /// site's root; empty without links. An external link says so to screen readers and shows
    /// an arrow, and opens without handing the other site this page (`rel="noopener"`).
    func linksHTML(root: String) -> String {
        guard !options.links.isEmpty else { return "" }
        var html = "<nav class=\"site-links\" aria-label=\"\(strings["links"].htmlEscaped)\"><ul>"
        for link in options.links {
            let href = link.href(root: root).htmlEscaped
            if link.isExternal {
                html +=
                    "<li><a href=\"\(href)\" rel=\"external noopener\">\(link.label.htmlEscaped)"
                    + "<span class=\"wf-sr\"> \(strings["external"].htmlEscaped)</span>"
                    + "<span class=\"site-link-arrow\" aria-hidden=\"true\">↗</span></a></li>"
            } else {
                html += "<li><a href=\"\(href)\">\(link.label.htmlEscaped)</a></li>"
            }
        }
        return html + "</ul></nav>"
    }
}
