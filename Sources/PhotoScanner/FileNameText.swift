/// File names are bytes; a `String` must be valid UTF-8. A path whose bytes are not valid UTF-8
/// is written as text with its invalid bytes percent-encoded (`\xFF` → `%FF`), and every `%` of
/// it as `%25`, so the text is safe to publish and to print, two names never give the same text,
/// and ``bytes(of:)`` gives the exact bytes back. A valid path is its own text, unless it holds
/// something that reads as an escape (`%` and two hex digits): it is then escaped the same way,
/// so no valid name can be mistaken for an escaped one.
///
/// A script reading `scan --json` gets the file's bytes back by percent-decoding a path flagged
/// `"escaped": true` (Python: `urllib.parse.unquote_to_bytes`).
public enum FileNameText {
    /// `bytes` as text (see the type's rules).
    public static func text(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        if !mayNeedEscaping(bytes) || (isValidUTF8(bytes) && !containsEscape(bytes)) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return escaped(bytes)
    }

    /// The bytes `text` (made by ``text(of:)``) stands for.
    public static func bytes(of text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { utf8 in
            guard containsEscape(utf8) else { return Array(utf8) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            var index = 0
            while index < utf8.count {
                if utf8[index] == percent, index + 2 < utf8.count,
                    let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
                {
                    bytes.append(high << 4 | low)
                    index += 3
                } else {
                    bytes.append(utf8[index])
                    index += 1
                }
            }
            return bytes
        }
    }

    /// Whether `text` is an escaped form (its bytes differ from its UTF-8).
    public static func isEscaped(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { containsEscape($0) }
    }

    /// Whether `bytes` could need escaping at all: only a `%` or a byte past ASCII can. The check
    /// the scanner makes for every name, so a plain loop over the bytes.
    static func mayNeedEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var found: UInt8 = 0
        for byte in bytes { found |= (byte & 0x80) | (byte == percent ? 0x80 : 0) }
        return found != 0
    }

    private static let percent = UInt8(ascii: "%")

    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        func escape(_ byte: UInt8) {
            result.append(percent)
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 15)])
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == percent {
                escape(byte)
                index += 1
            } else if byte < 0x80 {
                result.append(byte)
                index += 1
            } else if let length = sequenceLength(bytes, at: index) {
                result.append(contentsOf: bytes[index..<index + length])
                index += length
            } else {
                escape(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (a byte ≥ 0x80), nil when
    /// it is not one (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte >= (offset == 1 ? low : 0x80), byte <= (offset == 1 ? high : 0xBF) else {
                return nil
            }
        }
        return length
    }

    private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
            } else if let length = sequenceLength(bytes, at: index) {
                index += length
            } else {
                return false
            }
        }
        return true
    }

    /// Whether `bytes` hold `%` followed by two hex digits.
    private static func containsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2) where bytes[index] == percent {
            if hexValue(bytes[index + 1]) != nil && hexValue(bytes[index + 2]) != nil {
                return true
            }
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
