import PhotoScanner

/// Names for people made from file and folder names: `blue-bowl_2.jpg` → "Blue bowl 2",
/// `Travel/japan_2019` → "Travel / Japan 2019".
public enum Humanised {
    public static func fileName(_ path: String) -> String {
        // Decoded once, never again: a name's own bytes may read like an escape.
        wordsOfName(shown(path) ?? path)
    }

    private static func wordsOfName(_ path: String) -> String {
        var path = path
        // Every photo without an alt text comes through here: work on the contiguous bytes.
        let ascii: String? = path.withUTF8 { bytes in
            var start = bytes.count
            while start > 0 && bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var end = bytes.count
            var dot = end
            while dot > start && bytes[dot - 1] != UInt8(ascii: ".") { dot -= 1 }
            // A leading dot (".hidden") is part of the name, not an extension.
            if dot > start + 1 { end = dot - 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
            return asciiWords(name).map { $0 ?? String(decoding: name, as: UTF8.self) }
        }
        if let ascii { return ascii }
        var name = path[
            (path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) }
                ?? path.startIndex)...]
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex {
            name = name[..<dot]
        }
        return words(name)
    }

    /// Prefixes cameras and phones give their files' names (`IMG_1234`, `DSC01234`, `PXL_…`).
    private static let cameraPrefixes = [
        "IMG", "DSC", "DSCN", "DSCF", "PXL", "MVIMG", "VID", "_MG", "GOPR", "DJI", "P", "SAM",
    ]

    /// Whether the file name of `path` is camera or file-system noise that must never be shown
    /// as a title: pure numbers (and separators), or a camera prefix followed by numbers, with
    /// at most a few letters among them (`PXL_20240312_101530123.MP`).
    public static func isCameraName(_ path: String) -> Bool {
        let readable = shown(path) ?? path
        // Asked once a photo on every build: most names are ASCII, and reading their bytes
        // gives the same answer about ten times faster than Characters do.
        if readable.utf8.allSatisfy({ $0 < 0x80 }) {
            return isASCIICameraName(Array(readable.utf8))
        }
        return isCameraNameByCharacter(readable)
    }

    /// ``isCameraName(_:)`` of a readable path, Character by Character: right for any script.
    static func isCameraNameByCharacter(_ readable: String) -> Bool {
        let name = readable.split(separator: "/").last ?? ""
        let stem =
            name.lastIndex(of: ".").map { $0 == name.startIndex ? name : name[..<$0] } ?? name
        let upper = stem.uppercased()
        func isSeparator(_ character: Character) -> Bool {
            character == "_" || character == "-" || character == " " || character == "."
        }
        func isNumbers(_ text: Substring) -> Bool {
            let digits = text.filter(\.isASCIIDigit).count
            let letters = text.filter(\.isLetter).count
            let others = text.count - digits - letters
            return digits >= 3 && letters <= 4
                && others == text.filter(isSeparator).count
        }
        if !upper.isEmpty && upper.allSatisfy({ $0.isASCIIDigit || isSeparator($0) }) {
            return upper.contains(where: \.isASCIIDigit)
        }
        for prefix in cameraPrefixes where upper.hasPrefix(prefix) {
            let rest = upper.dropFirst(prefix.count)
            if let first = rest.first, first.isASCIIDigit || isSeparator(first), isNumbers(rest) {
                return true
            }
        }
        return false
    }

    /// ``isCameraName(_:)`` of an ASCII path, byte by byte.
    static func isASCIICameraName(_ path: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        var end = path.endIndex
        while end > path.startIndex && path[end - 1] == slash { end -= 1 }
        var start = end
        while start > path.startIndex && path[start - 1] != slash { start -= 1 }
        var stemEnd = end
        if let dot = path[start..<end].lastIndex(of: UInt8(ascii: ".")), dot != start {
            stemEnd = dot
        }
        let upper = path[start..<stemEnd].map {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) ? $0 - 32 : $0
        }
        func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        func isSeparator(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: ".")
        }
        if !upper.isEmpty && upper.allSatisfy({ isDigit($0) || isSeparator($0) }) {
            return upper.contains(where: isDigit)
        }
        for prefix in cameraPrefixes where upper.starts(with: prefix.utf8) {
            let rest = upper[prefix.utf8.count...]
            guard let first = rest.first, isDigit(first) || isSeparator(first) else { continue }
            var digits = 0
            var letters = 0
            guard
                rest.allSatisfy({ byte in
                    if isDigit(byte) { digits += 1 } else if isLetter(byte) { letters += 1 }
                    return isDigit(byte) || isLetter(byte) || isSeparator(byte)
                })
            else { continue }
            if digits >= 3 && letters <= 4 { return true }
        }
        return false
    }

    public static func folder(_ path: String) -> String {
        (shown(path) ?? path).split(separator: "/").map { words($0) }.joined(separator: " / ")
    }

    /// An escaped path (a name that is not UTF-8, see `FileNameText`) as people should read it:
    /// its own bytes, what is not UTF-8 shown as U+FFFD, not the escapes; nil for other paths.
    private static func shown(_ path: String) -> String? {
        guard path.utf8.contains(UInt8(ascii: "%")), FileNameText.isEscaped(path) else {
            return nil
        }
        return String(decoding: FileNameText.bytes(of: path), as: UTF8.self)
    }

    /// Separators (`-`, `_`, space, `.`) become single spaces, trimmed; the first letter is
    /// upper-cased. ASCII text takes a byte path.
    public static func words(_ text: Substring) -> String {
        var text = text
        if let ascii = text.withUTF8({ asciiWords($0) }) { return ascii ?? String(text) }
        return unicodeWords(text)
    }

    /// `words` of ASCII bytes: nil for text that is not ASCII; .some(nil) when it is only
    /// separators (the caller keeps the text as it is).
    private static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        var length = 0
        var pendingSpace = false
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if isSeparator(byte) {
                pendingSpace = length > 0
            } else {
                length += pendingSpace ? 2 : 1
                pendingSpace = false
            }
        }
        guard length > 0 else { return .some(nil) }
        return String(unsafeUninitializedCapacity: length) { out in
            var count = 0
            pendingSpace = false
            for byte in bytes {
                if isSeparator(byte) {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    out[count] = UInt8(ascii: " ")
                    count += 1
                    pendingSpace = false
                }
                out[count] =
                    count == 0 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    ? byte - 32 : byte
                count += 1
            }
            return count
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ")
            || byte == UInt8(ascii: ".")
    }

    private static func unicodeWords(_ text: Substring) -> String {
        var result = ""
        for character in text {
            let isSeparator =
                character == "-" || character == "_" || character == " " || character == "."
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

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
