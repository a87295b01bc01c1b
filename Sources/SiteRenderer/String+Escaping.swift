/// The one place where text becomes HTML or a URL. Every value a template shows passes through
/// here; only markup the renderer built itself is inserted raw.
extension String {
    /// Escapes `& < > " '`, which makes the text safe both between tags and inside quoted
    /// attribute values.
    public var htmlEscaped: String {
        // Most values (paths, numbers, plain titles) need nothing: return them without copying.
        let needsEscaping = utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }
        guard needsEscaping else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A relative path (`/`-separated) as a URL path: each segment percent-encoded as UTF-8, only
    /// RFC 3986 unreserved characters left as they are, so `#`, `?`, `%` and spaces in file names
    /// cannot end or alter the link.
    public var percentEncodedPath: String {
        split(separator: "/", omittingEmptySubsequences: false)
            .map { Self.percentEncodedSegment($0) }
            .joined(separator: "/")
    }

    private static func percentEncodedSegment(_ segment: Substring) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
