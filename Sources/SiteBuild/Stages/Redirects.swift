import SiteRenderer

/// The item page addresses a product had in earlier builds into the same output, each leading to
/// where its page is now, so links shared before a title or a slug changed keep working.
///
/// A redirect names the photo, not the page it leads to: a page renamed twice (`a` → `b` → `c`)
/// leaves two redirects to one photo, and both lead to `c`. A redirect whose photo is gone is
/// dropped, and so is one whose address a page of this build takes (the page wins). They are
/// kept in the build cache (``BuildCache/redirects``) from build to build.
///
/// Each becomes a small page at the old address (a `<meta http-equiv="refresh">`, a canonical
/// link and a plain link; no script) and a line of `_redirects`, the file Netlify and Cloudflare
/// Pages read (``hostFile(_:)``).
struct Redirects: Sendable, Equatable {
    static let hostFileName = "_redirects"

    /// The photo (its path in the photos folder) each old item page path leads to.
    private(set) var photoByOldPath: [String: String]

    init(_ photoByOldPath: [String: String] = [:]) {
        self.photoByOldPath = photoByOldPath
    }

    var isEmpty: Bool { photoByOldPath.isEmpty }

    /// One photo of this build: its path, its item page path and the one the previous build gave it.
    struct Move {
        var photoPath: String
        var itemPath: String?
        var previousItemPath: String?
    }

    /// The redirects after a build whose photos are `moves`, given the previous build's
    /// redirects: those still leading to a photo with a page and not taken by a page, and one
    /// for each photo whose page moved, unless a page took its old path.
    static func following(_ previous: Redirects, moves: [Move]) -> Redirects {
        let moved = moves.filter {
            $0.itemPath != nil && $0.previousItemPath != nil && $0.previousItemPath != $0.itemPath
        }
        guard !moved.isEmpty || !previous.isEmpty else { return Redirects() }
        let pages = Set(moves.compactMap(\.itemPath))
        let photosWithPages = Set(moves.filter { $0.itemPath != nil }.map(\.photoPath))
        var result = previous.photoByOldPath.filter {
            photosWithPages.contains($0.value) && !pages.contains($0.key)
        }
        for move in moved where !pages.contains(move.previousItemPath!) {
            result[move.previousItemPath!] = move.photoPath
        }
        return Redirects(result)
    }

    /// Each redirect's old path and the item page path it leads to (`itemPaths` by photo path),
    /// in path order; relative to the site's root, not percent-encoded.
    func targets(itemPaths: [String: String]) -> [(from: String, to: String)] {
        photoByOldPath.compactMap { old, photo in itemPaths[photo].map { (old, $0) } }
            .sorted { $0.from.utf8.lexicographicallyPrecedes($1.from.utf8) }
    }

    /// The page left at `from` that leads to `to` (both relative to the site's root), named
    /// `name` in `language`. Its links are relative, so it works from a file and under any
    /// sub-path; the canonical link is absolute when the site's address is known.
    static func page(from: String, to: String, name: String, language: String, site: SiteAddress?)
        -> String
    {
        let href = relativeLink(from: from, to: to).htmlEscaped
        let canonical = site?.url(of: to).htmlEscaped ?? href
        return """
            <!DOCTYPE html>
            <html lang="\(language.htmlEscaped)">
            <head>
            <meta charset="utf-8">
            <title>\(name.htmlEscaped)</title>
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(href)">
            <link rel="canonical" href="\(canonical)">
            </head>
            <body>
            <p><a href="\(href)">\(name.htmlEscaped)</a></p>
            </body>
            </html>

            """
    }

    /// The `_redirects` text for `targets` (see ``targets(itemPaths:)``): one permanent
    /// redirect a line, paths from the site's root. A site served under a sub-path needs its
    /// prefix before each path, which the build cannot know.
    static func hostFile(_ targets: [(from: String, to: String)]) -> String {
        var text = """
            # Written by waterfall-site for hosts that read _redirects (Netlify, Cloudflare Pages):
            # item pages that moved since an earlier build, each to where it is now.

            """
        for target in targets {
            text += "/\(target.from.percentEncodedPath) /\(target.to.percentEncodedPath) 301\n"
        }
        return text
    }

    /// The percent-encoded link from the page at `from` to the page at `to`, both relative to the
    /// site's root: up out of `from`'s folders that `to` does not share, then down into `to`'s.
    static func relativeLink(from: String, to: String) -> String {
        let fromFolders = from.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let toParts = to.split(separator: "/", omittingEmptySubsequences: false)
        var shared = 0
        while shared < fromFolders.count && shared < toParts.count - 1
            && fromFolders[shared] == toParts[shared]
        {
            shared += 1
        }
        let up = String(repeating: "../", count: fromFolders.count - shared)
        return up + toParts[shared...].joined(separator: "/").percentEncodedPath
    }
}
