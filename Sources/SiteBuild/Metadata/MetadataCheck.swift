import MasonryLayout
import SiteRenderer

/// What the metadata says that the site would show wrongly, or not at all, though the build
/// goes on: a priced photo with no title, a row naming no photo, a top-level row's title. Both
/// `check` and `build` ask it, so the two always list the same warnings; `build --strict` stops
/// on any of them.
///
/// Each check is one entry of ``rules``, reading the metadata and the photos found; a check of
/// rows that group into one product (a product whose rows disagree) is one more rule.
public struct MetadataCheck {
    public let metadata: PhotoMetadata
    /// The metadata file's path, as messages name it.
    public let file: String
    /// The scan's photos, relative to the photos folder.
    let photoPaths: [String]
    /// The folders that hold photos directly ("" for the top level): the sections the site has.
    let folders: Set<String>
    /// How many of the photos have a row, when the caller has counted them already (the
    /// catalogue does, as it looks each photo's row up); nil: counted here.
    var namedRowCount: Int?

    /// `photoPaths` are the scan's photos, relative to the photos folder.
    public init(metadata: PhotoMetadata, file: String, photoPaths: [String]) {
        self.metadata = metadata
        self.file = file
        self.photoPaths = photoPaths
        folders = Self.folders(of: photoPaths)
    }

    /// One check: the problems it finds, any order (``warnings()`` puts them in the file's).
    typealias Rule = @Sendable (MetadataCheck) -> [MetadataProblem]

    /// Every check, in the order their problems are listed for one row.
    static let rules: [Rule] = [
        { $0.rowsNamingNoPhoto() }, { $0.sectionsWithoutPhotos() }, { $0.pricedWithoutTitle() },
        { $0.pricedWithoutDescription() }, { $0.topLevelTitle() },
    ]

    /// Every warning, in the order of the file's rows (a table's rows, a JSON file's keys).
    public func warnings() -> [MetadataProblem] {
        let found = Self.rules.enumerated().flatMap { rule, check in
            check(self).map { (rule: rule, problem: $0) }
        }
        return found.sorted {
            ($0.problem.position, $0.rule, $0.problem.text)
                < ($1.problem.position, $1.rule, $1.problem.text)
        }.map(\.problem)
    }

    /// Every sale the build would refuse (a `compareAtPrice` with no price, in another currency,
    /// or not above the price), as errors; the build stops at the first (see
    /// ``PhotoMetadata/resolvePrices(currency:language:)``).
    public func saleErrors(currency: String?, language: String) -> [MetadataProblem] {
        var resolved = metadata
        return resolved.resolvePrices(currency: currency, language: language).badSales.map {
            problem(.error, photo: $0.path, field: "compareAtPrice", $0.problem)
        }.sorted { $0.position < $1.position }
    }

    /// Every section whose own `columns` or `insets` cannot fit the gallery `renderer` lays out
    /// (too many columns for its narrowest width, insets wider than the page), as errors; the
    /// build stops at the first, before the scan.
    public func sectionLayoutErrors(_ renderer: SiteRenderer) -> [MetadataProblem] {
        metadata.sections.filter(\.value.options.changesLayout).compactMap {
            folder, entry -> MetadataProblem? in
            let section = SiteSection(folder: folder, title: "", photos: [], options: entry.options)
            do throws(LayoutError) {
                _ = try renderer.layout(SitePage(number: 1, count: 1, sections: [section]))
                return nil
            } catch {
                return problem(
                    .error, section: folder,
                    field: error.option.contains(".insets") ? "insets" : "columns", error.reason)
            }
        }.sorted { ($0.position, $0.text) < ($1.position, $1.text) }
    }

    /// A row for a photo the scan did not find: a typo in the path, or a photo moved or removed.
    func rowsNamingNoPhoto() -> [MetadataProblem] {
        // The photos' paths differ, so when as many photos as rows have a row, every row names
        // a photo: a look-up per photo, where a set of the photos cost 2% of a products' rebuild.
        let named =
            namedRowCount ?? photoPaths.reduce(0) { $0 + (metadata.photos[$1] == nil ? 0 : 1) }
        guard named != metadata.photos.count else { return [] }
        let photos = Set(photoPaths)
        return metadata.photos.keys.filter { !photos.contains($0) }.map {
            problem(
                .warning, photo: $0, field: "path",
                "no photo '\($0)' was found; its entry is unused")
        }
    }

    /// A section row for a folder without photos of its own (its photos are in subfolders, or
    /// it is misspelt).
    func sectionsWithoutPhotos() -> [MetadataProblem] {
        metadata.sections.keys.filter { !folders.contains($0) }.map {
            problem(
                .warning, section: $0, field: "path",
                "no photos in folder '\($0.isEmpty ? "." : $0)'; its section entry is unused")
        }
    }

    /// A priced photo without a title is sold under its file name or a number ("Ceramics 9").
    func pricedWithoutTitle() -> [MetadataProblem] {
        pricedPhotos { $0.title == nil }.map {
            problem(
                .warning, photo: $0, field: "title",
                "has a price but no title, so the shop shows it as its file name or a number; give it a title"
            )
        }
    }

    /// A priced photo with neither alt text nor a title: nothing the owner wrote describes its
    /// image to a screen reader or a search engine.
    func pricedWithoutDescription() -> [MetadataProblem] {
        pricedPhotos { $0.title == nil && $0.alt == nil }.map {
            problem(
                .warning, photo: $0, field: "alt",
                "has a price but no alt text and no title, so its image has no description; give it alt text"
            )
        }
    }

    /// The top-level row's title: the top-level photos have no section header (the site's title
    /// heads them), so the build drops it; its footer, columns, insets and order are used.
    func topLevelTitle() -> [MetadataProblem] {
        guard let entry = metadata.sections[""], entry.title != nil, folders.contains("") else {
            return []
        }
        return [
            problem(
                .warning, section: "", field: "title",
                "the top-level photos have no section header, so this title is never shown; to head them, make it the site's title (\"title\" in waterfall.json, or --title) or move them into a folder of that name (a footer on this row is shown)"
            )
        ]
    }

    /// The priced photos the scan found whose entry is `lacking`, in path order.
    private func pricedPhotos(_ lacking: (PhotoMetadata.Entry) -> Bool) -> [String] {
        // Only a priced entry lacking something needs the set of photos: most rows have no price.
        let candidates = metadata.photos.indices.filter {
            metadata.photos.values[$0].price != nil && lacking(metadata.photos.values[$0])
        }
        guard !candidates.isEmpty else { return [] }
        let photos = Set(photoPaths)
        return candidates.map { metadata.photos.keys[$0] }.filter { photos.contains($0) }.sorted()
    }

    /// The folders of `paths`, each found once per run of paths in one folder (a scan lists a
    /// folder's photos together) rather than cut out of every path.
    private static func folders(of paths: [String]) -> Set<String> {
        var folders: Set<String> = []
        var current: String?
        for path in paths {
            if let current, Catalogue.isInFolder(path, current) { continue }
            let folder = Catalogue.folder(of: path)
            folders.insert(folder)
            current = folder
        }
        return folders
    }

    func problem(
        _ severity: MetadataProblem.Severity, photo path: String, field: String?,
        _ message: String
    ) -> MetadataProblem {
        var found = MetadataProblem(
            severity, file: file,
            place: place(slot: "p:" + path, named: "photo '\(path)'", field: field), entry: path,
            field: field, message)
        found.position = metadata.rowPosition(ofPhoto: path) ?? Int.max
        return found
    }

    private func problem(
        _ severity: MetadataProblem.Severity, section folder: String, field: String?,
        _ message: String
    ) -> MetadataProblem {
        var found = MetadataProblem(
            severity, file: file,
            place: place(
                slot: "s:" + folder, named: "section '\(folder.isEmpty ? "." : folder)'",
                field: field),
            entry: folder, field: field, message)
        found.position = metadata.rowPosition(ofSection: folder) ?? Int.max
        return found
    }

    /// "row 3 (line 3), column B ('title')" in a table; "photo 'a.jpg' key 'title'" in JSON,
    /// where a problem with the entry's path names the entry alone.
    func place(slot: String, named name: String, field: String?) -> String {
        if let table = metadata.tablePlaces, let row = table.row(slot) {
            return row + (field.map { ", " + table.column($0) } ?? "")
        }
        guard let field, field != "path" else { return name }
        return "\(name) key '\(field)'"
    }
}
