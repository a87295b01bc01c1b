import MasonryLayout
import PhotoRenditions
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything a build needs to know, after the settings file and the command line are merged
/// (command line wins). Defaults are the ones documented in `build --help` and `docs/options.md`.
public struct BuildSettings: Sendable {
    public var photos: URL
    public var output: URL
    public var title: String?
    public var breakpoints: [Breakpoint] = BuildSettings.defaultBreakpoints
    public var columnSpacing = 16.0
    public var rowSpacing = 16.0
    public var insets = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    /// How each next photo chooses its column; right to left also mirrors the page.
    public var direction = RenderDirection.shortestFirst
    /// nil: fluid columns; otherwise every column is this wide and the gaps take the rest.
    public var itemWidth: Double?
    /// Height of the footer band of a section with footer text.
    public var footerHeight = 48.0
    /// nil: 0 without captions, `defaultCaptionHeight` when the metadata gives titles or captions.
    public var captionHeight: Double?
    public var headerHeight = 56.0
    /// The shape caps: a tile is at most `maxTall` times as tall as wide and `maxWide` times as
    /// wide as tall (0: no cap); a photo beyond them is cropped in its tile (see `TileShape`).
    public var maxTall = 2.0
    public var maxWide = 3.0
    /// nil: the row spacing. 0 turns balancing sub-ranges off.
    public var balanceTolerance: Double?
    public var pageSize = 500
    public var metadata: URL?
    /// The settings file read, if any (`serve` watches it).
    public var configFile: URL?
    public var templates: URL?
    /// The owner's own files for the site root; nil: `PHOTOS/static` when it exists.
    public var staticFolder: URL?
    /// A folder of renditions made ahead, perhaps on other machines (`waterfall-site renditions
    /// --shard I/N --store DIR`): the build links what it has and encodes only the rest.
    public var renditionStore: URL?
    /// Whether the build writes `_headers` for hosts that read it (`--no-host-files` turns it off).
    public var hostFiles = true
    public var strict = false
    public var quiet = false
    /// Replace an output folder that is not a previous build; only ever for an output given on
    /// the command line (see ``outputSettingsFile``).
    public var force = false
    /// The settings file that chose the output folder, nil when the command line did (or the
    /// default): a settings file in a shared photos folder must not be able to aim `--force`
    /// at an unrelated folder.
    public var outputSettingsFile: URL?
    /// Whether the previous build's cache may spare header reads (`--no-cache` turns it off).
    public var usesCache = true
    /// Follow symbolic links that lead outside the photos folder (`--follow-symlinks`).
    public var followsSymlinks = false
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Resized copies of every photo, offered through `srcset`.
    public var renditions = true
    /// JPEG quality of the renditions.
    public var quality = RenditionOptions.defaultQuality
    /// WebP renditions beside the JPEG or PNG ones, kept per photo where smaller (`--no-webp`
    /// turns them off).
    public var webp = true
    /// AVIF renditions beside them (`--avif`).
    public var avif = false
    /// The AV1 encoder's speed (`--avif-speed`).
    public var avifSpeed = RenditionOptions.defaultAVIFSpeed
    /// Photos with more stored pixels are not decoded (their tiles show the original).
    public var maximumPixels = RenditionOptions.defaultMaximumPixels
    /// Bytes the decodes of all jobs may hold at once (`--decode-memory`); nil for a quarter of
    /// the machine's memory (``DecodeMemoryBudget/defaultCapacity``).
    public var decodeMemory: UInt64?
    /// Whether `layout.json` and `layout/` are written (`--layout-files`): every tile's frame
    /// at every width, for tools and the browser tests; off by default, since no shopper reads
    /// them and a large shop's run to hundreds of megabytes.
    public var writesLayoutFiles = false
    /// Whether the originals are published (`--publish-originals`): item pages then offer them
    /// for download. Off by default, as originals carry their EXIF data, GPS position included.
    public var linksOriginals = false
    /// The site's language: `<html lang>` and the interface words (the theme's `strings.json`).
    public var language = "en"
    /// `<meta name=description>` of the gallery pages; the title when nil.
    public var description: String?
    /// A paragraph under the site's title.
    public var intro: String?
    /// The text of an item page's button to its `link`; the language's own words when nil.
    public var callToAction: String?
    /// Image files copied into `assets/`: the logo beside the title, and the favicon.
    public var logo: URL?
    public var favicon: URL?
    /// Where the site is published (`--base-url`): canonical links, share cards, structured data,
    /// the sitemap and the feed need it; without it none of them is written.
    public var baseURL: SiteAddress?
    /// The photo (path in the photos folder) every gallery page shares; nil: each page's first.
    public var shareImage: String?
    /// The ISO 4217 currency of prices written without one (`24.50`).
    public var currency: String?
    /// `sitemap.xml` and `robots.txt` (`--no-sitemap` turns them off), with `--base-url`.
    public var sitemap = true
    /// `feed.xml` (`--no-feed` turns it off), with `--base-url`.
    public var feed = true
    /// The photos' licence fields where their metadata gives none.
    public var rights = ImageRights()
    /// How photos follow each other after the metadata's `order` (`--sort`).
    public var sort = CatalogueOrder.Sort.name
    /// The header's links on every page, in order (`links` in the settings file).
    public var links: [SiteLink] = []
    /// The shop's words in place of the theme's, by `strings.json` key (`strings` in the
    /// settings file), for the site's language.
    public var strings: [String: String] = [:]
    /// The "Made with waterfall-site" line in the gallery pages' footer (`--no-credit` drops it).
    public var credit = true

    public static let defaultBreakpoints = [
        Breakpoint(minimumWidth: 0, columns: 2), Breakpoint(minimumWidth: 640, columns: 3),
        Breakpoint(minimumWidth: 1024, columns: 4), Breakpoint(minimumWidth: 1440, columns: 5),
    ]
    public static let defaultCaptionHeight = 64.0

    public init(photos: URL, output: URL) {
        self.photos = photos
        self.output = output
    }
}

/// Parsers for the textual forms shared by flags and the settings file.
public enum SettingText {
    /// What ``breakpoints(_:)`` accepts, for messages.
    public static let breakpointsText =
        "WIDTH:COLUMNS pairs like 0:2,640:3,1024:4 (\(breakpointsRanges))"
    public static let breakpointsRanges =
        "width \(NumericSetting.breakpointWidth.rangeText), columns \(NumericSetting.breakpointColumns.rangeText)"

    /// `0:2,640:3,1024:4` → breakpoints (gallery width in px : columns).
    public static func breakpoints(_ text: String) -> [Breakpoint]? {
        var result: [Breakpoint] = []
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2,
                let width = NumericSetting.breakpointWidth.value(String(parts[0])),
                let columns = NumericSetting.breakpointColumns.value(String(parts[1]))
            else { return nil }
            result.append(Breakpoint(minimumWidth: width, columns: Int(columns)))
        }
        return result.isEmpty ? nil : result
    }

    /// `16`, `8,16` (vertical, horizontal) or `10,20,30,40` (top, right, bottom, left as in CSS).
    public static func insets(_ text: String) -> EdgeInsets? {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
            NumericSetting.insets.value(String($0))
        }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
        let v = values.map { $0! }
        switch v.count {
        case 1: return EdgeInsets(top: v[0], left: v[0], bottom: v[0], right: v[0])
        case 2: return EdgeInsets(top: v[0], left: v[1], bottom: v[0], right: v[1])
        case 4: return EdgeInsets(top: v[0], left: v[3], bottom: v[2], right: v[1])
        default: return nil
        }
    }

    /// `shortest`, `left-to-right` or `right-to-left`.
    public static func direction(_ text: String) -> RenderDirection? {
        directions.first { $0.name == text.trimmed }?.direction
    }

    public static let directions: [(name: String, direction: RenderDirection)] = [
        ("shortest", .shortestFirst), ("left-to-right", .leftToRight),
        ("right-to-left", .rightToLeft),
    ]
    public static let directionNames = directions.map(\.name).joined(separator: ", ")

    /// A BCP 47 language tag as `lang` takes it: letters, digits and hyphens, starting with 2–8
    /// letters (`en`, `de-CH`, `pt-BR`, `zh-Hant`).
    public static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count)
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (line breaks are kept, as in a value they are
    /// an error to report, not padding).
    public var trimmed: String {
        let isPadding: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = firstIndex(where: { !isPadding($0) }),
            let last = lastIndex(where: { !isPadding($0) })
        else { return "" }
        return String(self[first...last])
    }
}

/// Paths given as text (flags, settings files).
public enum PathText {
    /// `path` as a message shows it: relative to the current folder when inside it.
    public static func displayed(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    /// `path` as a file URL: absolute paths as they are, `~/` expanded, others inside `folder`.
    public static func resolve(_ path: String, relativeTo folder: URL) -> URL {
        let expanded = expandingTilde(path)
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        return folder.appending(path: expanded).standardizedFileURL
    }

    /// `path` with a leading `~` (the user's home) or `~name` (that user's home) replaced, as a
    /// shell does; unchanged when there is no such user.
    public static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let slash = path.firstIndex(of: "/") ?? path.endIndex
        let user = path[path.index(after: path.startIndex)..<slash]
        let home: String?
        if user.isEmpty {
            home =
                getenv("HOME").map { String(cString: $0) }
                ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) }
        } else {
            home = getpwnam(String(user)).map { String(cString: $0.pointee.pw_dir) }
        }
        guard let home, !home.isEmpty else { return path }
        let rest = path[slash...]
        return home.hasSuffix("/") && rest.hasPrefix("/") ? home + rest.dropFirst() : home + rest
    }
}
