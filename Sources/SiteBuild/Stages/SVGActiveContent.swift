#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds what would make an SVG logo or favicon more than a picture: a script, an event
/// attribute, a `javascript:` URL, HTML in a `<foreignObject>`, or a reference to another file.
/// The file is published on the site's own address, so opened directly it would run there with
/// the shop's cookies; a plain drawing needs none of these.
///
/// Character references (`&#106;`) are decoded and tabs and line breaks dropped before looking,
/// as a browser would read `java&#x09;script:` as `javascript:`.
enum SVGActiveContent {
    /// What was found first, worded for a message ("a <script> element"), or nil for a plain SVG.
    static func first(in data: Data) -> String? {
        let text = normalised(Array(data))
        for (needle, found) in [
            ("<script", "a <script> element"),
            ("<foreignobject", "a <foreignObject> element"),
            ("javascript:", "a javascript: URL"),
            ("vbscript:", "a vbscript: URL"),
        ] where contains(text, Array(needle.utf8)) {
            return found
        }
        if let attribute = eventAttribute(in: text) {
            return "the event attribute \(attribute)="
        }
        if let reference = externalReference(in: text) {
            return "a reference to another file (href=\"\(reference)\")"
        }
        return nil
    }

    /// The text lowercased (ASCII), numeric character references decoded, tabs and line breaks
    /// dropped.
    private static func normalised(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), index + 2 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "#"),
                let (scalar, end) = reference(bytes, from: index + 2)
            {
                if scalar < 0x80 && !isDropped(UInt8(scalar)) {
                    result.append(lowercased(UInt8(scalar)))
                }
                index = end
                continue
            }
            if !isDropped(byte) { result.append(lowercased(byte)) }
            index += 1
        }
        return result
    }

    /// A character reference's value after `&#` at `start`, and where it ends (after its `;`
    /// when it has one).
    private static func reference(_ bytes: [UInt8], from start: Int) -> (UInt32, Int)? {
        var index = start
        let hex = index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "x")
        if hex { index += 1 }
        var value: UInt32 = 0
        let digitsStart = index
        while index < bytes.count, index - digitsStart < 8,
            let digit = hexDigit(bytes[index]), hex || digit < 10
        {
            value = value * (hex ? 16 : 10) + UInt32(digit)
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < bytes.count && bytes[index] == UInt8(ascii: ";") { index += 1 }
        return (value, index)
    }

    /// Tabs and line breaks, which a browser drops inside a URL's scheme.
    private static func isDropped(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    private static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        guard text.count >= needle.count else { return false }
        return (0...(text.count - needle.count)).contains {
            text[$0..<$0 + needle.count].elementsEqual(needle)
        }
    }

    /// The first attribute named `on…` (onload, onclick…), found by a space, `/` or quote before
    /// it and `=` after its letters.
    private static func eventAttribute(in text: [UInt8]) -> String? {
        var index = 1
        while index + 2 < text.count {
            defer { index += 1 }
            guard text[index] == UInt8(ascii: "o"), text[index + 1] == UInt8(ascii: "n"),
                [UInt8(ascii: " "), UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "'")]
                    .contains(text[index - 1])
            else { continue }
            var end = index + 2
            while end < text.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(text[end]) {
                end += 1
            }
            var equals = end
            while equals < text.count && text[equals] == UInt8(ascii: " ") { equals += 1 }
            if end > index + 2, equals < text.count, text[equals] == UInt8(ascii: "=") {
                return String(decoding: text[index..<end], as: UTF8.self)
            }
        }
        return nil
    }

    /// The first `href` (or `xlink:href`) value that is neither a fragment of the same file
    /// (`#shape`) nor an embedded image (`data:image/…`).
    private static func externalReference(in text: [UInt8]) -> String? {
        let name = Array("href".utf8)
        var index = 0
        while index + name.count < text.count {
            defer { index += 1 }
            guard text[index..<index + name.count].elementsEqual(name) else { continue }
            var cursor = index + name.count
            while cursor < text.count && text[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard cursor < text.count, text[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            while cursor < text.count && text[cursor] == UInt8(ascii: " ") { cursor += 1 }
            if cursor < text.count,
                text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'")
            {
                cursor += 1
            }
            let value = text[cursor...].prefix {
                $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: " ")
                    && $0 != UInt8(ascii: ">")
            }
            if value.first == UInt8(ascii: "#") || value.starts(with: Array("data:image/".utf8)) {
                continue
            }
            return String(decoding: value.prefix(80), as: UTF8.self)
        }
        return nil
    }
}
