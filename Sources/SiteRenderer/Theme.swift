#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The look of the site: four HTML templates and a stylesheet, either the built-in theme
/// (compiled from `Templates/` into the binary) or a user's copy passed with `--templates`.
///
/// Both load through the same code, so "copy `Templates/` and edit it" always works.
public struct Theme: Sendable {
    /// The files a theme consists of; a user theme must have all of them.
    public static let fileNames = [
        "page.html", "section.html", "tile.html", "pagination.html", "waterfall.css",
    ]

    /// The placeholders each file may use (documented in `Templates/README.md`).
    static let placeholders: [String: Set<String>] = [
        "page.html": [
            "title", "description", "stylesheet", "layoutStylesheet", "pageStyle", "sections",
            "pagination", "pageNumber", "pageCount", "photoCount", "generator", "lang", "dir",
        ],
        "section.html": ["id", "title", "photoCount", "tiles", "footer"],
        "tile.html": [
            "style", "href", "src", "width", "height", "alt", "title", "caption", "price",
            "loading", "external", "captioned", "srcset", "sizes", "picture",
        ],
        "pagination.html": ["previous", "next", "pageNumber", "pageCount", "pageLinks"],
        "waterfall.css": [],
    ]

    let page: Template
    let section: Template
    let tile: Template
    let pagination: Template
    /// The theme's stylesheet, copied to the site as it is.
    public let stylesheet: String
    /// A stable hash of every file of the theme (see ``SiteRenderer/fingerprint(of:salt:)``).
    public let digest: UInt64

    /// The built-in theme.
    public static func builtIn() throws(ThemeError) -> Theme {
        try Theme { name throws(ThemeError) in
            guard let text = EmbeddedTheme.files[name] else {
                throw ThemeError(file: name, line: 0, message: "missing from the built-in theme")
            }
            return (name, text)
        }
    }

    /// A user's theme folder, with every file of ``fileNames``.
    public static func load(from folder: URL) throws(ThemeError) -> Theme {
        try Theme { name throws(ThemeError) in
            let url = folder.appending(path: name)
            let path = url.path
            guard FileManager.default.fileExists(atPath: path) else {
                throw ThemeError(
                    file: path, line: 0,
                    message:
                        "missing: a theme needs \(fileNames.joined(separator: ", ")) (copy Templates/ from waterfall-site to start)"
                )
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ThemeError(file: path, line: 0, message: "not readable")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ThemeError(file: path, line: 0, message: "not UTF-8 text")
            }
            return (path, text)
        }
    }

    /// `read` returns the name to show in errors (the full path for a user theme) and the text.
    private init(read: (String) throws(ThemeError) -> (shownName: String, text: String))
        throws(ThemeError)
    {
        var hasher = StableHasher()
        func template(_ name: String) throws(ThemeError) -> Template {
            let file = try read(name)
            hasher.combine(name)
            hasher.combine(file.text)
            return try Template(
                fileName: file.shownName, text: file.text, allowed: Self.placeholders[name] ?? [])
        }
        page = try template("page.html")
        section = try template("section.html")
        tile = try template("tile.html")
        pagination = try template("pagination.html")
        // Parsed only to reject placeholders, which a stylesheet cannot have.
        let css = try template("waterfall.css")
        stylesheet = css.render([:])
        digest = hasher.value
    }
}
