/// The one place where text becomes HTML or a URL. Every value a template shows passes through
/// here; only markup the renderer built itself is inserted raw.
extension String {
    /// Escapes `& < > " '`, which makes the text safe both between tags and inside quoted
    /// attribute values.
    public var htmlEscaped: String {
        // Most values (paths, numbers, plain titles) need nothing: return them without copying.
        // Checked on the contiguous bytes: a dozen values per photo come through here.
        func needsEscaping(_ bytes: some Collection<UInt8>) -> Bool {
            bytes.contains { byte in
                byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                    || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            }
        }
        guard utf8.withContiguousStorageIfAvailable(needsEscaping) ?? needsEscaping(utf8) else {
            return self
        }
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
        // Most paths need no encoding at all: returned as they are, with no split and join.
        func isPlain(_ bytes: some Collection<UInt8>) -> Bool {
            bytes.allSatisfy { byte in byte == UInt8(ascii: "/") || Self.isUnreserved(byte) }
        }
        if utf8.withContiguousStorageIfAvailable(isPlain) ?? isPlain(utf8) { return self }
        return split(separator: "/", omittingEmptySubsequences: false)
            .map { Self.percentEncodedSegment($0) }
            .joined(separator: "/")
    }

    private static func percentEncodedSegment(_ segment: Substring) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986 unreserved: `A–Z a–z 0–9 - . _ ~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Escapes `& < > " '` for XML text and attribute values.
    public var xmlEscaped: String {
        // URLs and most titles need nothing: a sitemap has one per item page. (0xEF leads
        // U+FFFE and U+FFFF, which XML cannot carry, so text that may hold them is checked.)
        func isPlain(_ bytes: some Collection<UInt8>) -> Bool {
            bytes.allSatisfy { byte in
                byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
                    && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"")
                    && byte != UInt8(ascii: "'") && byte != 0xEF
            }
        }
        if utf8.withContiguousStorageIfAvailable(isPlain) ?? isPlain(utf8) { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // Characters XML 1.0 cannot carry at all are left out.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r"
                    || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                {
                    continue
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
