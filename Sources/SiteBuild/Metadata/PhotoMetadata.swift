import InputFiles
import MasonryLayout
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The optional metadata file (`metadata.json` in the photos folder): shop data per photo and
/// titles per section, keyed by path relative to the photos folder.
///
/// ```json
/// {
///   "photos": {
///     "Ceramics/blue-bowl.jpg": {
///       "title": "Blue bowl", "alt": "A deep blue glazed bowl on linen",
///       "caption": "Stoneware, 18 cm", "link": "https://shop.example/blue-bowl",
///       "price": "€24"
///     }
///   },
///   "sections": {
///     "Ceramics": { "title": "Hand-made ceramics", "footer": "Fired in our own kiln",
///                   "columns": "0:2,1024:3", "insets": "16,32" }
///   }
/// }
/// ```
/// Every field is optional. Unknown keys are errors naming the key.
public struct PhotoMetadata: Sendable {
    /// A folder's section: its header title, and what ``SectionOptions`` it lays out with.
    public struct SectionEntry: Sendable, Equatable {
        var title: String?
        var options = SectionOptions()
        /// The owner's place for the section, as a photo's `order` (see ``CatalogueOrder``).
        var order: Double?

        static let keys = ["title", "footer", "columns", "insets", "order"]

        /// Sets `key` from its text, as a JSON string or number or a CSV cell gives it; returns
        /// what is wrong with the value, or nil. The one parser of section fields, so every
        /// metadata format accepts the same values.
        mutating func set(_ key: String, to text: String) -> String? {
            switch key {
            case "title": title = text
            case "footer": options.footer = text
            case "columns":
                // The same ranges as --breakpoints: a count of 1e9 columns is no layout.
                if let count = NumericSetting.breakpointColumns.value(text) {
                    options.columns = [Breakpoint(minimumWidth: 0, columns: Int(count))]
                } else if let breakpoints = SettingText.breakpoints(text) {
                    options.columns = breakpoints
                } else {
                    return
                        "must be a column count or a list like \"0:1,1024:2\" (gallery width:columns; \(SettingText.breakpointsRanges)), got '\(text)'"
                }
            case "insets":
                guard let insets = SettingText.insets(text) else {
                    return
                        "must be PX or \"top,right,bottom,left\", each \(NumericSetting.insets.rangeText), got '\(text)'"
                }
                options.insets = insets
            case "order":
                guard let number = CatalogueOrder.number(text) else {
                    return CatalogueOrder.problem(text)
                }
                order = number
            default: return "is unknown (known: \(Self.keys.joined(separator: ", ")))"
            }
            return nil
        }
    }

    public var photos: [String: Entry] = [:]
    public var sections: [String: SectionEntry] = [:]
    /// Where each entry is in a `metadata.csv`, for messages that name its row and column; nil
    /// for JSON, whose entries are named by their keys.
    var tablePlaces: MetadataTable.Places?
    /// Whether any photo or section has an `order`, which the site's order then follows.
    public internal(set) var hasOrder = false
    /// Whether any photo names a `product`, which the catalogue then groups by.
    public internal(set) var hasProducts = false
    /// Each entry's key as the file spells it and its place among the entries, by its normalised
    /// path: `a.jpg` and `./a.jpg` name one photo, and the second must be an error naming both,
    /// not silently win; `sort metadata` follows the places. (Internal for ``MetadataRecord``,
    /// which keeps them in the build cache.)
    var givenKeys: [String: (path: String, position: Int)] = [:]

    public static let photoKeys: Set<String> = [
        "title", "alt", "caption", "link", "price", "compareAtPrice", "badge", "availability",
        "tags", "currency",
        "creator", "creditText", "copyrightNotice", "license", "acquireLicensePage", "focus",
        "order", "slug", "product", "position", "variant",
    ]

    /// The structured-data fields.
    public static let structuredDataKeys = ["currency"] + ImageRights.keys

    /// The fields rarely set per photo (a cropped tile's `focus`, a sale's `compareAtPrice`, an
    /// `order`, the structured-data fields): a table may have them as columns, but `init`'s
    /// starter table leaves them out.
    public static let occasionalKeys =
        ["focus", "compareAtPrice", "order", "slug", "product", "position", "variant"]
        + structuredDataKeys

    /// Other spellings of a key, as other shop systems write it (Shopify's `compare_at_price`).
    static let keyAliases = ["compare_at_price": "compareAtPrice"]

    /// Whether any photo shows text under its image, which turns the caption band on.
    public var hasCaptions: Bool { photos.values.contains { $0.hasCaptionText } }

    /// The files looked for in the photos folder when no `--metadata` is given; both at once
    /// is an error, so it is never a guess which one the site shows.
    public static let defaultNames = ["metadata.json", "metadata.csv"]

    /// Reads a metadata file through `rule` (no link out of its folder, no FIFO): CSV when its
    /// name ends in `.csv` (see ``MetadataTable``), JSON otherwise. With `collecting`, a bad
    /// entry (a photo, a section, a table row) is handed to it and left out rather than thrown,
    /// so `check` lists them all; a file that cannot be read at all still throws.
    public static func load(
        _ url: URL, rule: InputFileRule, collecting: ((String) -> Void)? = nil
    ) throws(SiteBuildError) -> PhotoMetadata {
        if url.pathExtension.lowercased() == "csv" {
            return try MetadataTable.load(url, rule: rule, collecting: collecting)
        }
        func report(_ error: SiteBuildError) throws(SiteBuildError) {
            guard let collecting, case .invalidMetadata(let path, let reason) = error else {
                throw error
            }
            // The line `check` lists, as MetadataTable words a bad row.
            collecting("metadata file '\(path)': \(reason)")
        }
        let path = url.path
        func bad(_ where: String, _ problem: String) -> SiteBuildError {
            .invalidMetadata(path: path, reason: "\(`where`) \(problem)")
        }
        let document: JSONValue
        do {
            document = try JSONValue.read(contentsOf: url, rule: rule)
        } catch {
            throw .invalidMetadata(path: path, reason: "\(error)")
        }
        guard let root = document.members else {
            throw bad("the top level", "must be a JSON object with \"photos\" and/or \"sections\"")
        }
        var metadata = PhotoMetadata()
        for (key, _) in root where key != "photos" && key != "sections" {
            throw bad("key '\(key)'", "is unknown (known: photos, sections)")
        }
        if let photos = document["photos"] {
            guard let photos = photos.members else {
                throw bad("key 'photos'", "must be an object of path → entry")
            }
            metadata.photos.reserveCapacity(photos.count)
            for (photoPath, value) in photos {
                guard let fields = value.members else {
                    try report(
                        bad(
                            "photo '\(photoPath)'",
                            "must be an object with \(photoKeys.sorted().joined(separator: ", "))"))
                    continue
                }
                do {
                    try metadata.addPhoto(photoPath, fields)
                } catch {
                    try report(
                        bad(
                            "photo '\(photoPath)'" + (error.key.map { " key '\($0)'" } ?? ""),
                            error.problem))
                }
            }
        }
        if let sections = document["sections"] {
            guard let sections = sections.members else {
                throw bad("key 'sections'", "must be an object of folder → { \"title\": … }")
            }
            for (folder, value) in sections {
                guard let fields = value.members else {
                    try report(
                        bad(
                            "section '\(folder)'",
                            "must be an object with \(SectionEntry.keys.joined(separator: ", "))"))
                    continue
                }
                do {
                    try metadata.addSection(folder, fields)
                } catch {
                    try report(
                        bad(
                            "section '\(folder)'" + (error.key.map { " key '\($0)'" } ?? ""),
                            error.problem))
                }
            }
        }
        return metadata
    }

    public static var sectionKeys: Set<String> { Set(SectionEntry.keys) }

    /// Where the photo at `path` (normalised) is among the file's entries: its row in a table,
    /// its key's place in JSON; nil without an entry.
    func rowPosition(ofPhoto path: String) -> Int? { givenKeys["p:" + path]?.position }

    /// Where the section of `folder` (normalised, "" for the top level) is among the entries.
    func rowPosition(ofSection folder: String) -> Int? { givenKeys["s:" + folder]?.position }

    /// What is wrong with one field of an entry (`key` nil: with the entry as a whole); the
    /// JSON and CSV readers each say where.
    public struct FieldProblem: Error {
        var key: String?
        var problem: String
    }

    /// Adds the photo at `photoPath` from its fields: the one reading of a photo entry that
    /// JSON objects and CSV rows share.
    public mutating func addPhoto(_ photoPath: String, _ fields: [(key: String, value: JSONValue)])
        throws(FieldProblem)
    {
        guard !photoPath.hasSuffix("/") else {
            throw FieldProblem(
                problem:
                    "is a photo's path ending in '/'; remove the '/' (a folder's title and layout go under \"sections\")"
            )
        }
        let normalisedPath = try claim(photoPath, kind: "photo")
        var entry = Entry()
        var badgeSaysSoldOut = false
        for (givenKey, value) in fields {
            let key = Self.keyAliases[givenKey] ?? givenKey
            guard Self.photoKeys.contains(key) else {
                throw FieldProblem(
                    problem:
                        "has unknown key '\(key)' (known: \(Self.photoKeys.sorted().joined(separator: ", ")))"
                )
            }
            if key == "tags" {
                entry.tags = try TagList.tags(value)
                continue
            }
            if key == "order" || key == "position" {
                let number = try Self.orderNumber(value, key: key)
                if key == "order" {
                    entry.order = number
                    hasOrder = true
                } else {
                    entry.position = number
                }
                continue
            }
            guard let text = value.string else {
                throw FieldProblem(key: key, problem: "must be a string")
            }
            switch key {
            case "title": entry.title = text
            case "alt": entry.alt = text
            case "caption": entry.caption = text
            case "price": entry.price = text
            case "product":
                entry.product = text
                hasProducts = true
            case "variant": entry.variant = text
            case "compareAtPrice": entry.compareAtPrice = text
            case "slug":
                if let problem = Self.slugProblem(text) {
                    throw FieldProblem(key: key, problem: problem)
                }
                entry.slug = text
            case "focus":
                guard let point = FocusPoint(text) else {
                    throw FieldProblem(key: key, problem: FocusPoint.problem(text))
                }
                entry.focus = point.css
            case "currency":
                guard PriceText.isCurrencyCode(text) else {
                    throw FieldProblem(
                        key: key,
                        problem: "must be an ISO 4217 code like EUR, USD or CHF, got '\(text)'")
                }
                entry.currency = text
            case "creator", "creditText", "copyrightNotice", "license", "acquireLicensePage":
                var rights = entry.rights ?? ImageRights()
                rights[key] = text
                entry.rights = rights
            case "badge":
                // A badge saying "Sold out" is the sold-out state, stated in the site's language.
                if Availability(words: text) == .soldOut {
                    badgeSaysSoldOut = true
                } else {
                    entry.badge = text
                }
            case "availability":
                guard let availability = Availability(words: text) else {
                    throw FieldProblem(
                        key: key,
                        problem: "must be one of \(Availability.acceptedWords), got '\(text)'")
                }
                entry.availability = availability
            default:
                guard LinkText.isAcceptable(text) else {
                    throw FieldProblem(
                        key: key,
                        problem: "must be an http(s) URL or a relative link, got '\(text)'")
                }
                if let web = LinkText.webAddressWithoutScheme(text) {
                    throw FieldProblem(
                        key: key,
                        problem:
                            "'\(text)' is a web address without https://, which the site would take for a file of its own; write '\(web)'"
                    )
                }
                entry.link = text
            }
        }
        if badgeSaysSoldOut {
            if let stated = entry.availability, !stated.isUnavailable {
                throw FieldProblem(
                    key: "badge",
                    problem:
                        "says \"Sold out\" while availability says \"\(stated.spellings[0])\"; keep one of the two (availability \"sold out\" shows the badge in the site's language)"
                )
            }
            entry.availability = entry.availability ?? .soldOut
        }
        photos[normalisedPath] = entry
    }

    /// Adds the section of `folder` from its fields, shared by JSON and CSV like ``addPhoto(_:_:)``;
    /// numbers are taken as their text, as a CSV cell gives them.
    public mutating func addSection(_ folder: String, _ fields: [(key: String, value: JSONValue)])
        throws(FieldProblem)
    {
        let normalisedFolder = try claim(folder, kind: "folder")
        var entry = SectionEntry()
        for (key, value) in fields {
            guard SectionEntry.keys.contains(key) else {
                throw FieldProblem(
                    problem:
                        "has unknown key '\(key)' (known: \(SectionEntry.keys.joined(separator: ", ")))"
                )
            }
            guard
                let text = value.string ?? value.number.map({ NumberText.decimal($0, decimals: 6) })
            else {
                throw FieldProblem(key: key, problem: "must be a string or a number")
            }
            if let problem = entry.set(key, to: text) {
                throw FieldProblem(key: key, problem: problem)
            }
        }
        if entry.order != nil { hasOrder = true }
        sections[normalisedFolder] = entry
    }

    /// The gallery's breakpoints with every section breakpoint's width added (at the gallery's
    /// column count there), so each section's columns change exactly where its list says; a
    /// width the gallery never has (below `minimum`, from `maximum` up) is left out.
    public func galleryBreakpoints(_ gallery: [Breakpoint], minimum: Double, maximum: Double)
        -> [Breakpoint]
    {
        // An unsorted list is left as it is, for the engine's error to name it.
        guard zip(gallery, gallery.dropFirst()).allSatisfy({ $0.minimumWidth < $1.minimumWidth })
        else { return gallery }
        var widths = Set(gallery.map(\.minimumWidth))
        for entry in sections.values {
            for breakpoint in entry.options.columns ?? []
            where breakpoint.minimumWidth > minimum
                && breakpoint.minimumWidth < maximum
            {
                widths.insert(breakpoint.minimumWidth)
            }
        }
        guard widths.count > gallery.count else { return gallery }
        return widths.sorted().map { width in
            Breakpoint(
                minimumWidth: width,
                columns: (gallery.last { $0.minimumWidth <= width } ?? gallery[0]).columns)
        }
    }

    /// Paths compare without leading `./` or trailing `/`, so hand-written keys match the scan;
    /// `.` is the photos folder itself (its section is the photos at the top level).
    public static func normalised(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasSuffix("/") { path = path.dropLast() }
        return path == "." ? "" : String(path)
    }
}

extension PhotoMetadata {
    /// The normalised form of `path`, recorded as given; refuses a path that names the same
    /// photo or folder as one given before.
    fileprivate mutating func claim(_ path: String, kind: String) throws(FieldProblem) -> String {
        let normalisedPath = Self.normalised(path)
        let slot = (kind == "photo" ? "p:" : "s:") + normalisedPath
        if let earlier = givenKeys[slot] {
            throw FieldProblem(
                problem:
                    "names the same \(kind) as '\(earlier.path)' (paths compare without './' and a trailing '/'); keep one of the two entries"
            )
        }
        givenKeys[slot] = (path, givenKeys.count)
        return normalisedPath
    }

    /// What is wrong with `slug` as the name of a page, with the slug to write instead; nil when
    /// it is one: lower-case letters and digits (of any script) joined by single hyphens, the
    /// form ``Slug`` gives every name in the site's paths.
    static func slugProblem(_ slug: String) -> String? {
        let fixed = Slug.make(slug, empty: "")
        guard fixed != slug || slug.isEmpty else { return nil }
        let fix =
            fixed.isEmpty
            ? "use letters or digits, such as 'everyday-mug'" : "write '\(fixed)'"
        return
            "must be lower-case letters, digits and single hyphens (it names the photo's page), got '\(slug)'; \(fix)"
    }

    /// An `order` or a `position` as a JSON number or as text (a CSV cell, a JSON string).
    fileprivate static func orderNumber(_ value: JSONValue, key: String) throws(FieldProblem)
        -> Double
    {
        if let number = value.number { return number }
        guard let text = value.string else {
            throw FieldProblem(key: key, problem: "must be a number")
        }
        guard let number = CatalogueOrder.number(text) else {
            throw FieldProblem(key: key, problem: CatalogueOrder.problem(text))
        }
        return number
    }
}

/// Which product links the site will write: web links and relative links, never `javascript:`.
public enum LinkText {
    /// `link` with `https://` in front when it is a web address written without it
    /// (`www.etsy.com/listing/123`, `shop.example/mug`), which a page would resolve as a path
    /// of its own site; nil for a URL with a scheme and for a relative link (`about.html`,
    /// `../prints/`). A name counts as a host when it starts with `www.` or a dotted name is
    /// followed by a `/` and ends in letters that are not a file's extension.
    public static func webAddressWithoutScheme(_ link: String) -> String? {
        let lower = link.lowercased()
        guard !lower.contains("://"), !lower.hasPrefix("/"), !lower.hasPrefix(".") else {
            return nil
        }
        let host = lower.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return nil }
        let last = labels.last!
        let looksLikeHost =
            host.hasPrefix("www.")
            || (host.count < lower.count && last.count >= 2 && last.allSatisfy(\.isLetter)
                && !fileExtensions.contains(String(last)))
        return looksLikeHost ? "https://" + link : nil
    }

    /// Extensions of files a relative link may name in its first segment (`about.html/#team`
    /// is rare, but `page.html?ref=1` is not).
    private static let fileExtensions: Set<String> = [
        "html", "htm", "php", "asp", "aspx", "jsp", "xml", "json", "txt", "pdf", "jpg", "jpeg",
        "png", "gif", "webp", "avif", "svg",
    ]

    public static func isAcceptable(_ link: String) -> Bool {
        let lower = link.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return true }
        // A scheme before any slash, such as javascript: or data:, is refused.
        if let colon = lower.firstIndex(of: ":") {
            let beforeColon = lower[..<colon]
            return beforeColon.contains("/") || beforeColon.contains("?")
                || beforeColon.contains("#")
        }
        return !link.isEmpty
    }
}
