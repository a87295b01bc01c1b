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
///   "sections": { "Ceramics": { "title": "Hand-made ceramics" } }
/// }
/// ```
/// Every field is optional. Unknown keys are errors naming the key.
struct PhotoMetadata: Sendable {
    struct Entry: Sendable, Equatable {
        var title: String?
        var alt: String?
        var caption: String?
        var link: String?
        var price: String?

        var hasCaptionText: Bool { title != nil || caption != nil || price != nil }
    }

    var photos: [String: Entry] = [:]
    var sectionTitles: [String: String] = [:]

    static let photoKeys: Set<String> = ["title", "alt", "caption", "link", "price"]

    /// Whether any photo shows text under its image, which turns the caption band on.
    var hasCaptions: Bool { photos.values.contains { $0.hasCaptionText } }

    static func load(_ url: URL) throws(CommandError) -> PhotoMetadata {
        let path = url.path
        func bad(_ where: String, _ problem: String) -> CommandError {
            .failed("metadata file '\(path)': \(`where`) \(problem)")
        }
        let document: JSONValue
        do {
            document = try JSONValue.read(contentsOf: url)
        } catch {
            throw .failed("metadata file '\(path)': \(error)")
        }
        guard let root = document.members else {
            throw bad("the top level", "must be a JSON object with \"photos\" and/or \"sections\"")
        }
        var metadata = PhotoMetadata()
        for (key, _) in root where key != "photos" && key != "sections" {
            throw bad("key '\(key)'", "is unknown (known: photos, sections)")
        }
        if let photos = document["photos"] {
            guard let photos = photos.members else { throw bad("key 'photos'", "must be an object of path → entry") }
            for (photoPath, value) in photos {
                guard let fields = value.members else {
                    throw bad("photo '\(photoPath)'", "must be an object with title, alt, caption, link or price")
                }
                var entry = Entry()
                for (key, value) in fields {
                    guard photoKeys.contains(key) else {
                        throw bad("photo '\(photoPath)'", "has unknown key '\(key)' (known: \(photoKeys.sorted().joined(separator: ", ")))")
                    }
                    guard let text = value.string else {
                        throw bad("photo '\(photoPath)' key '\(key)'", "must be a string")
                    }
                    switch key {
                    case "title": entry.title = text
                    case "alt": entry.alt = text
                    case "caption": entry.caption = text
                    case "price": entry.price = text
                    default:
                        guard LinkText.isAcceptable(text) else {
                            throw bad("photo '\(photoPath)' key 'link'", "must be an http(s) URL or a relative link, got '\(text)'")
                        }
                        entry.link = text
                    }
                }
                metadata.photos[normalised(photoPath)] = entry
            }
        }
        if let sections = document["sections"] {
            guard let sections = sections.members else { throw bad("key 'sections'", "must be an object of folder → { \"title\": … }") }
            for (folder, value) in sections {
                guard let fields = value.members else { throw bad("section '\(folder)'", "must be an object with a title") }
                for (key, value) in fields {
                    guard key == "title" else { throw bad("section '\(folder)'", "has unknown key '\(key)' (known: title)") }
                    guard let title = value.string else { throw bad("section '\(folder)' key 'title'", "must be a string") }
                    metadata.sectionTitles[normalised(folder)] = title
                }
            }
        }
        return metadata
    }

    /// Paths compare without leading `./` or trailing `/`, so hand-written keys match the scan.
    static func normalised(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

/// Which product links the site will write: web links and relative links, never `javascript:`.
enum LinkText {
    static func isAcceptable(_ link: String) -> Bool {
        let lower = link.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return true }
        // A scheme before any slash, such as javascript: or data:, is refused.
        if let colon = lower.firstIndex(of: ":") {
            let beforeColon = lower[..<colon]
            return beforeColon.contains("/") || beforeColon.contains("?") || beforeColon.contains("#")
        }
        return !link.isEmpty
    }
}
