/// The `Content-Type` for a file, by its extension: every kind of file a static site holds.
enum MediaType {
    static let fallback = "application/octet-stream"

    static func forPath(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else {
            return fallback
        }
        return forExtension(path[path.index(after: dot)...].lowercased())
    }

    static func forExtension(_ name: String) -> String {
        switch name {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json", "map": return "application/json"
        case "xml": return "application/xml"
        case "rss": return "application/rss+xml"
        case "atom": return "application/atom+xml"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "csv": return "text/csv; charset=utf-8"
        case "webmanifest": return "application/manifest+json"
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "heic": return "image/heic"
        case "svg": return "image/svg+xml"
        case "ico": return "image/x-icon"
        case "woff": return "font/woff"
        case "woff2": return "font/woff2"
        case "ttf": return "font/ttf"
        case "otf": return "font/otf"
        case "mp4": return "video/mp4"
        case "webm": return "video/webm"
        case "pdf": return "application/pdf"
        case "wasm": return "application/wasm"
        case "zip": return "application/zip"
        default: return fallback
        }
    }
}
