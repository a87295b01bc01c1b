/// Names for people made from file and folder names: `blue-bowl_2.jpg` → "Blue bowl 2",
/// `Travel/japan_2019` → "Travel / Japan 2019".
enum Humanised {
    static func fileName(_ path: String) -> String {
        var name = path[(path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex)...]
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex { name = name[..<dot] }
        return words(name)
    }

    static func folder(_ path: String) -> String {
        path.split(separator: "/").map { words($0) }.joined(separator: " / ")
    }

    /// Separators (`-`, `_`, space, `.`) become single spaces, trimmed; the first letter is
    /// upper-cased. Every photo gets its alt text from here, so ASCII names take a byte path.
    static func words(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte >= 0x80 { return unicodeWords(text) }
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: ".") {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(UInt8(ascii: " ")) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        guard let first = bytes.first else { return String(text) }
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) { bytes[0] = first - 32 }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func unicodeWords(_ text: Substring) -> String {
        var result = ""
        for character in text {
            let isSeparator = character == "-" || character == "_" || character == " " || character == "."
            if isSeparator {
                if !result.isEmpty && !result.hasSuffix(" ") { result.append(" ") }
            } else {
                result.append(character)
            }
        }
        while result.hasSuffix(" ") { result.removeLast() }
        guard let first = result.first else { return String(text) }
        return first.uppercased() + result.dropFirst()
    }
}
