import SiteRenderer

/// Where each section's category pages go: its folders as readable slugs at the site's top
/// (`Ceramics/Large Bowls` → `ceramics/large-bowls/`, then `index.html`, `page-2.html`).
///
/// A path depends on the folder's own name, so adding a folder leaves the others' pages where
/// they are. A first slug that is one of the site's own folders (`items`, `assets`, `tags`, the
/// owner's static folders) gets `-2`, and so does a folder whose slugs another earlier one has
/// (`Prints` and `prints!`), so no two categories and nothing else of the site share a path.
enum CategoryPaths {
    /// The folder of each of `folders`' category pages, ending in `/`, by folder.
    static func folders(for folders: [String], reserved: Set<String>) -> [String: String] {
        var taken = reserved
        var result: [String: String] = [:]
        for folder in folders {
            var slugs = folder.split(separator: "/").map {
                // Room for a `-2` and more.
                NameLength.fitted(
                    Slug.make(String($0), empty: "folder"), suffix: "",
                    limit: NameLength.nameLimit - 8)
            }
            guard !slugs.isEmpty else { continue }
            if reserved.contains(slugs[0]) { slugs[0] += "-2" }
            result[folder] = Slug.unique(slugs.joined(separator: "/"), in: &taken) + "/"
        }
        return result
    }
}
