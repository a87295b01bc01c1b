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

    /// Files a theme made for an earlier version may lack: the built-in one is used instead,
    /// with a warning naming the missing file (see ``warnings``).
    public static let optionalFileNames = ["item.html", "strings.json"]

    /// The placeholders each file may use (documented in `Templates/README.md`).
    static let placeholders: [String: Set<String>] = [
        "page.html": [
            "title", "description", "stylesheet", "layoutStylesheet", "pageStyle", "sections",
            "pagination", "pageNumber", "pageCount", "photoCount", "generator", "lang", "dir",
            "canonical", "intro", "logo", "favicon", "menu", "skipLink", "madeWith",
            "backToTop", "photoCountText", "pageOf", "sharing", "pageTitle", "heading", "home",
            "homeLogo", "links", "preload",
        ],
        "section.html": [
            "id", "title", "photoCount", "tiles", "footer", "countText", "continued",
        ],
        "tile.html": [
            "style", "href", "src", "width", "height", "alt", "title", "caption", "price",
            "loading", "fetchpriority", "external", "captioned", "srcset", "sizes", "picture", "id",
            "badge", "soldOut", "availability", "compareAt", "priceWas",
        ],
        "pagination.html": [
            "previous", "next", "pageNumber", "pageCount", "pageLinks", "previousWord",
            "nextWord", "label",
        ],
        "item.html": [
            "lang", "dir", "title", "name", "description", "canonical", "stylesheet", "favicon",
            "generator", "siteTitle", "home", "section", "sectionHref", "breadcrumbLabel", "src",
            "srcset", "sizes", "width", "height", "alt", "caption", "price", "badge", "soldOut",
            "availability", "compareAt", "priceWas",
            "unavailable",
            "link", "callToAction", "original", "downloadOriginal", "back", "backToGallery",
            "previous", "previousName", "previousWord", "next", "nextName", "nextWord",
            "neighboursLabel", "picture", "sharing", "tags", "tagsLabel", "variants", "all", "logo",
            "links",
        ],
        "waterfall.css": [],
    ]

    let page: Template
    let section: Template
    let tile: Template
    let pagination: Template
    let item: Template
    /// The theme's `strings.json` as it is: interface words per language, which the builder reads.
    public let stringsJSON: String
    /// What the theme lacks and what is used instead, one sentence each.
    public let warnings: [String]
    /// The theme's stylesheet, copied to the site as it is.
    public let stylesheet: String
    /// Whether the stylesheet is the built-in one, whose item-page geometry ``ItemImageSizes``
    /// follows.
    public let hasBuiltInStylesheet: Bool
    /// A stable hash of every file of the theme (see ``SiteRenderer/fingerprint(of:salt:)``).
    public let digest: UInt64

    /// The built-in theme's `strings.json`, where a user theme's table lacks a language.
    public static var builtInStringsJSON: String { EmbeddedTheme.files["strings.json"] ?? "{}" }

    /// The built-in theme.
    public static func builtIn() throws(ThemeError) -> Theme {
        try Theme { name throws(ThemeError) in
            guard let text = EmbeddedTheme.files[name] else {
                throw ThemeError(file: name, line: 0, message: "missing from the built-in theme")
            }
            return (name, text)
        }
    }

    /// A user's theme folder, with every file of ``fileNames``; a file of
    /// ``optionalFileNames`` it lacks comes from the built-in theme.
    public static func load(from folder: URL) throws(ThemeError) -> Theme {
        try load(from: folder) { path throws(ThemeError) in
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ThemeError(file: path, line: 0, message: "not readable")
            }
            return data
        }
    }

    /// A user's theme folder whose files are read by `read`, which takes a file's path and
    /// returns its bytes, nil when there is no such file, or throws why it may not be read: the
    /// build reads them through its rule for input files (no link out of the folder, no FIFO).
    public static func load(
        from folder: URL, reading read: (String) throws(ThemeError) -> Data?
    ) throws(ThemeError) -> Theme {
        try Theme { name throws(ThemeError) in
            let path = folder.appending(path: name).path
            guard let data = try read(path) else {
                if optionalFileNames.contains(name), let text = EmbeddedTheme.files[name] {
                    return (builtInMarker + name, text)
                }
                throw ThemeError(
                    file: path, line: 0,
                    message:
                        "missing: a theme needs \(fileNames.joined(separator: ", ")) (copy Templates/ from waterfall-site to start)"
                )
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
        var warnings: [String] = []
        page = try template("page.html")
        section = try template("section.html")
        tile = try template("tile.html")
        pagination = try template("pagination.html")
        let itemFile = try read("item.html")
        hasher.combine(itemFile.text)
        if itemFile.shownName.hasPrefix(Self.builtInMarker) {
            warnings.append(
                "theme has no item.html; the built-in item page is used (copy Templates/item.html into the theme to change it)"
            )
            item = try Template(
                fileName: "item.html", text: itemFile.text, allowed: Self.placeholders["item.html"]!
            )
        } else {
            item = try Template(
                fileName: itemFile.shownName, text: itemFile.text,
                allowed: Self.placeholders["item.html"]!)
        }
        let stringsFile = try read("strings.json")
        hasher.combine(stringsFile.text)
        if stringsFile.shownName.hasPrefix(Self.builtInMarker) {
            warnings.append(
                "theme has no strings.json; the built-in interface words are used (copy Templates/strings.json into the theme to change them)"
            )
        }
        stringsJSON = stringsFile.text
        self.warnings = warnings
        // Parsed only to reject placeholders, which a stylesheet cannot have.
        let css = try template("waterfall.css")
        stylesheet = css.render([:])
        hasBuiltInStylesheet = stylesheet == EmbeddedTheme.files["waterfall.css"]
        digest = hasher.value
    }

    /// Starts the shown name of a file taken from the built-in theme for one a user theme lacks.
    private static let builtInMarker = "\u{0}built-in:"
}
