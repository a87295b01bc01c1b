/// Where the site is published (`--base-url`), the root every absolute URL derives from.
///
/// The pages themselves link relatively either way, so a site still works from `file://` and any
/// sub-path; only what a crawler or a chat preview reads from elsewhere (canonical links, share
/// cards, structured data, the sitemap and the feed) needs the address.
public struct SiteAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address, ending in `/`: `https://shop.example/gallery/`.
    public let text: String

    /// What ``init(_:)`` accepts, for messages.
    public static let expected =
        "an absolute http:// or https:// URL with a host, like https://shop.example/gallery/"

    /// `text` as an address: `http` or `https` (any case, written lower case), a host (lower
    /// case) with an optional port, and a path of URL characters with no query or fragment; a
    /// missing final `/` is added. Nil for anything else, so no value can break out of an
    /// attribute, a `<loc>` or a JSON string.
    public init?(_ text: String) {
        let lower = text.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") {
            scheme = "https://"
        } else if lower.hasPrefix("http://") {
            scheme = "http://"
        } else {
            return nil
        }
        let rest = text.utf8.dropFirst(scheme.utf8.count)
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        let authority = rest[..<slash]
        var path = Array(rest[slash...])
        guard Self.isHost(authority), path.allSatisfy(Self.isPathByte),
            Self.hasValidEscapes(path)
        else { return nil }
        if path.last != UInt8(ascii: "/") { path.append(UInt8(ascii: "/")) }
        self.text =
            scheme + String(decoding: authority, as: UTF8.self).lowercased()
            + String(decoding: path, as: UTF8.self)
    }

    public var description: String { text }

    /// The absolute URL of `path`, a path inside the site relative to its root (not yet
    /// percent-encoded); `index.html` at the top is the address itself, as hosts serve it.
    public func url(of path: String) -> String {
        if path == "index.html" { return text }
        return text + path.percentEncodedPath
    }

    /// The absolute URL of a path that is URL-safe already (the renditions' names).
    public func url(ofEncoded path: String) -> String { text + path }

    /// A product link as an absolute URL: an `http(s)` link as it is, `/path` on the site's host,
    /// and a relative link from the site's root (as the pages resolve it); nil for a fragment.
    public func resolve(_ link: String) -> String? {
        let lower = link.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return link }
        if link.hasPrefix("#") || link.isEmpty { return nil }
        if link.hasPrefix("/") {
            let afterScheme = text.index(text.startIndex, offsetBy: text.hasPrefix("https") ? 8 : 7)
            let hostEnd = text[afterScheme...].firstIndex(of: "/") ?? text.endIndex
            return String(text[..<hostEnd]) + link
        }
        return text + link
    }

    /// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port.
    private static func isHost(_ authority: Substring.UTF8View.SubSequence) -> Bool {
        var host = authority
        var port = authority[authority.endIndex...]
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            port = host[host.index(after: close)...]
            host = host[...close]
            guard host.count > 2,
                host.dropFirst().dropLast().allSatisfy({ byte in
                    isHexDigit(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
                })
            else { return false }
        } else {
            if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
                port = host[colon...]
                host = host[..<colon]
            }
            guard let first = host.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-"),
                host.allSatisfy({ byte in
                    isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                })
            else { return false }
        }
        guard !port.isEmpty else { return true }
        let digits = port.dropFirst()
        return port.first == UInt8(ascii: ":") && (1...5).contains(digits.count)
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// RFC 3986 path characters but the apostrophe: unreserved, `%`, `/` and
    /// `! $ & ( ) * + , ; = : @`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        if isLetterOrDigit(byte) { return true }
        return "-._~%/!$&()*+,;=:@".utf8.contains(byte)
    }

    /// Every `%` starts a two-digit escape.
    private static func hasValidEscapes(_ path: [UInt8]) -> Bool {
        var index = 0
        while index < path.count {
            guard path[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            guard index + 2 < path.count, isHexDigit(path[index + 1]), isHexDigit(path[index + 2])
            else { return false }
            index += 3
        }
        return true
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
