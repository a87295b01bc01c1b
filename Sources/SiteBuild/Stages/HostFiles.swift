/// The hints a build leaves for static hosts: `_headers`, in the syntax Netlify and Cloudflare
/// Pages read, saying how long browsers and caches may keep each kind of file.
///
/// Renditions and stylesheets are named by a hash of their bytes, so a changed file always gets a
/// new name and each name may be cached for a year without asking again. Pages, `layout.json`,
/// the pages' layout files and the originals keep their names across builds, so they are revalidated on every visit (a
/// conditional request that costs a `304` when nothing changed). No two rules match the same
/// path: both hosts would join the values of two matching rules into one header.
enum HostFiles {
    static let headersName = "_headers"

    static let immutable = "public, max-age=31536000, immutable"
    static let revalidated = "public, max-age=0, must-revalidate"

    /// The `_headers` text for a site with these folders: `assets` always, `layout` with
    /// `--layout-files`, `renditions` and the
    /// originals' folder when the build wrote them, the folders of the category and tag pages
    /// (see ``PageKind``), and the folders of the owner's static files.
    /// A placeholder matches one path segment, so `/:page` is every file at the top (pages,
    /// `layout.json`, the owner's own files), and `/` is the index a host serves for the bare folder.
    static func headers(
        assetsFolder: String, layoutFolder: String?, renditionsFolder: String?,
        originalsFolder: String?,
        ownFolders: [String], itemsFolder: String? = nil, pageFolders: [String] = []
    ) -> String {
        var text = """
            # Written by waterfall-site for hosts that read _headers (Netlify, Cloudflare Pages).
            # Files named by a hash of their bytes never change: cached for a year. Everything
            # else keeps its name across builds: revalidated on every visit.

            """
        func rule(_ path: String, _ cacheControl: String) {
            text += "\(path)\n  Cache-Control: \(cacheControl)\n"
        }
        if let renditionsFolder { rule("/\(renditionsFolder)/*", immutable) }
        rule("/\(assetsFolder)/*", immutable)
        rule("/", revalidated)
        rule("/:page", revalidated)
        if let layoutFolder { rule("/\(layoutFolder)/*", revalidated) }
        if let originalsFolder { rule("/\(originalsFolder)/*", revalidated) }
        if let itemsFolder { rule("/\(itemsFolder)/*", revalidated) }
        for folder in pageFolders + ownFolders { rule("/\(folder)/*", revalidated) }
        return text
    }
}
