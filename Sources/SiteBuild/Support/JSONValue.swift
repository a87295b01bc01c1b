import InputFiles
import PhotoRenditions

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value of a JSON document (RFC 8259) as the settings and metadata files hold it, read by
/// ``parse(_:)``. Objects keep their members in the file's order, so an error about "the first
/// bad entry" names the same entry on every run.
public enum JSONValue {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null

    /// The members of an object, nil for any other value.
    public var members: [(key: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// An object's value for `key` (keys are unique: ``parse(_:)`` refuses a key given twice).
    public subscript(key: String) -> JSONValue? {
        members?.last { $0.key == key }?.value
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var boolean: Bool? {
        if case .boolean(let flag) = self { return flag }
        return nil
    }

    /// Why a text is not JSON, with where it went wrong.
    public struct SyntaxError: Error, CustomStringConvertible {
        var line: Int
        var column: Int
        var problem: String
        /// Whether the JSON is well formed but a string holds what no setting or metadata text
        /// may (see ``ControlCharacter``), so the message does not call it invalid JSON.
        var isRefusedText = false

        public var description: String { "line \(line), column \(column): \(problem)" }
    }

    /// Why a JSON file could not be used, as a sentence for after the file's name.
    public struct FileProblem: Error, CustomStringConvertible {
        public var description: String
    }

    /// The JSON document in the file at `url`, read through `rule`: the bytes parsed are the
    /// ones the rule opened (no link out of the file's folder, no FIFO or device).
    public static func read(contentsOf url: URL, rule: InputFileRule) throws(FileProblem)
        -> JSONValue
    {
        let bytes: [UInt8]
        do {
            bytes = try rule.contents(of: url)
        } catch {
            // The message names the file already; a link on the way is named as well.
            throw FileProblem(
                description: error.path == url.path ? error.reasonText : error.description)
        }
        do {
            return try parse(bytes)
        } catch {
            throw FileProblem(
                description: error.isRefusedText ? "\(error)" : "not valid JSON (\(error))")
        }
    }

    /// Reads `bytes` (UTF-8) as one JSON value, whitespace around it allowed, and a byte order
    /// mark before it (some Windows editors write one).
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var reader = Reader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw reader.failure("text after the end of the JSON value")
        }
        return value
    }
}

/// A recursive-descent reader over the bytes; nesting is limited so a hostile file cannot
/// exhaust the stack.
private struct Reader {
    public let bytes: [UInt8]
    public var position = 0

    public static let maximumDepth = 512

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public func failure(_ problem: String, at offset: Int? = nil) -> JSONValue.SyntaxError {
        let offset = offset ?? position
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes, so they match what an editor shows.
        let column = bytes[lineStart..<min(offset, bytes.count)].reduce(1) {
            $0 + ($1 & 0xC0 == 0x80 ? 0 : 1)
        }
        return JSONValue.SyntaxError(line: line, column: column, problem: problem)
    }

    public var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    public mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    public mutating func expect(_ byte: UInt8, _ what: String) throws(JSONValue.SyntaxError) {
        guard current == byte else { throw unexpected(expecting: what) }
        position += 1
    }

    public func unexpected(expecting what: String) -> JSONValue.SyntaxError {
        guard let byte = current else { return failure("the text ends where \(what) was expected") }
        let shown =
            byte >= 0x20 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return failure("expected \(what), found \(shown)")
    }

    public mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw failure("nested more than \(Self.maximumDepth) levels deep")
        }
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try word("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try word("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            try word("null")
            return .null
        case let byte?
        where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return .number(try number())
        default: throw unexpected(expecting: "a value")
        }
    }

    public mutating func object(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        // Where each key starts, to name both lines of a key given twice: a reader that keeps
        // the last one silently loses the first entry. A few keys are searched, many hashed.
        var keyStarts: [Int] = []
        var index: [String: Int] = [:]
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw unexpected(expecting: "a key in double quotes")
            }
            let keyStart = position
            let key = try string(isKey: true)
            if members.count == 16 {
                for (number, member) in members.enumerated() { index[member.key] = number }
            }
            let earlier = members.count < 16 ? members.firstIndex { $0.key == key } : index[key]
            if let earlier {
                let first = failure("", at: keyStarts[earlier]).line
                throw failure(
                    "duplicate key '\(key)': it is also on line \(first); keep one of the two",
                    at: keyStart)
            }
            if members.count >= 16 { index[key] = members.count }
            keyStarts.append(keyStart)
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return .object(members)
        }
    }

    public mutating func array(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return .array(elements)
        }
    }

    public mutating func word(_ text: StaticString) throws(JSONValue.SyntaxError) {
        let start = position
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count,
            bytes[position..<position + expected.count].elementsEqual(expected)
        else {
            throw failure(
                "expected a value (such as \(text), a number or a string in double quotes)",
                at: start)
        }
        position += expected.count
    }

    /// A number as the grammar allows it (no leading zeros, no '+', no bare '.'), then converted.
    public mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = position
        func digits() -> Int {
            let first = position
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                position += 1
            }
            return position - first
        }
        if current == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("expected a digit", at: position) }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            throw failure("numbers do not start with 0", at: integerStart)
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)),
            value.isFinite
        else {
            throw failure("number out of range", at: start)
        }
        return value
    }

    /// A string from its opening quote, with escapes resolved and its UTF-8 checked; an escaped
    /// control character is refused as ``ControlCharacter`` says (a key as a path).
    public mutating func string(isKey: Bool = false) throws(JSONValue.SyntaxError) -> String {
        let start = position
        position += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("string not closed", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let decoded = String(validating: text, as: UTF8.self) else {
                    throw failure("string is not valid UTF-8", at: start)
                }
                return decoded
            case UInt8(ascii: "\\"):
                let escapeStart = position
                position += 1
                let count = text.count
                try escape(into: &text)
                if text.count == count + 1,
                    let problem = ControlCharacter.problem(text[count], isPath: isKey)
                {
                    var error = failure("a string \(problem)", at: escapeStart)
                    error.isRefusedText = true
                    throw error
                }
            case 0..<0x20:
                throw failure("control character in a string (write it as an escape such as \\n)")
            default:
                text.append(byte)
                position += 1
            }
        }
    }

    public mutating func escape(into text: inout [UInt8]) throws(JSONValue.SyntaxError) {
        guard let byte = current else { throw failure("string not closed") }
        position += 1
        let replacement: UInt8?
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): replacement = byte
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        default: replacement = nil
        }
        if let replacement {
            text.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw failure("unknown escape '\\\(Character(Unicode.Scalar(byte)))'", at: position - 2)
        }
        var scalar = try hexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by its low half.
            guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else {
                throw failure(
                    "lone surrogate \\u\(String(scalar, radix: 16)) in a string", at: position - 6)
            }
            position += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
                throw failure("lone surrogate in a string", at: position - 12)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw failure(
                "lone surrogate \\u\(String(scalar, radix: 16)) in a string", at: position - 6)
        }
        UTF8.encode(Unicode.Scalar(scalar).unsafelyUnwrapped) { text.append($0) }
    }

    public mutating func hexQuad() throws(JSONValue.SyntaxError) -> UInt32 {
        guard bytes.count - position >= 4 else {
            throw failure("expected four hex digits after \\u")
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
