/// A streaming JSON writer with keys in the order written, so output is byte-identical across
/// runs (Foundation's encoders reorder or are slow on 100,000 records).
public struct JSONText: Sendable {
    /// The document so far, as UTF-8 bytes: appending bytes is several times cheaper than
    /// appending to a `String` piece by piece, which matters at 100,000 records.
    public private(set) var bytes: [UInt8] = []
    /// The document so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    private var needsComma: [Bool] = [false]
    private let indentUnit: String?
    private var indents: [[UInt8]] = []

    /// `pretty` writes one member per line with two-space indentation.
    public init(pretty: Bool = true) {
        indentUnit = pretty ? "  " : nil
    }

    /// Hands over the bytes written so far and starts again from empty, still inside the open
    /// containers: a large document can go out in pieces, with runs of elements written by others
    /// between them (see ``elementsWrittenElsewhere()``), and is never joined into one buffer.
    public mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    /// Records that elements of the innermost open container went out between two pieces taken
    /// with ``takeBytes()``, so the next element here starts with a comma.
    public mutating func elementsWrittenElsewhere() {
        needsComma[needsComma.count - 1] = true
    }

    public mutating func beginObject(_ key: String? = nil) { open(key, "{") }
    public mutating func endObject() { close("}") }
    public mutating func beginArray(_ key: String? = nil) { open(key, "[") }
    public mutating func endArray() { close("]") }

    public mutating func string(_ key: String?, _ value: String) {
        prefix(key)
        if Self.isPlain(value) {
            // Most values (paths, formats, names) need no escaping: no intermediate string.
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes.append(contentsOf: Self.quoted(value).utf8)
        }
    }
    public mutating func integer(_ key: String?, _ value: Int) { integer(key, Int64(value)) }

    /// Digits straight into the bytes: `scan --json` writes six numbers per photo.
    public mutating func integer(_ key: String?, _ value: Int64) {
        prefix(key)
        Self.appendDigits(of: value, to: &bytes)
    }

    /// The decimal digits of `value`, formed in a small buffer and appended in one piece.
    public static func appendDigits(of value: Int64, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumDigits) { digits in
            let count = writeDigits(of: value, to: digits.baseAddress.unsafelyUnwrapped)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }

    /// The most bytes ``writeDigits(of:to:)`` writes: a sign and 19 digits.
    public static let maximumDigits = 20

    /// Writes the decimal digits of `value` (with a `-` when negative) at `destination`, which has
    /// room for ``maximumDigits`` bytes, and returns how many it wrote. For writers that fill a
    /// buffer of their own.
    public static func writeDigits(of value: Int64, to destination: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        var count = 0
        if value < 0 {
            destination[0] = UInt8(ascii: "-")
            count = 1
        }
        var rest = value.magnitude
        var digits = 1
        var scale: UInt64 = 10
        while digits < 20 && rest >= scale {
            digits += 1
            scale = scale &* 10
        }
        var position = count + digits
        repeat {
            position -= 1
            destination[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        return count + digits
    }

    public mutating func number(_ key: String?, _ value: Double, decimals: Int = 4) {
        prefix(key)
        NumberText.appendDecimal(value, decimals: decimals, to: &bytes)
    }
    public mutating func bool(_ key: String?, _ value: Bool) {
        member(key, value ? "true" : "false")
    }
    public mutating func null(_ key: String?) { member(key, "null") }

    /// `value` as a JSON string literal, escaping what RFC 8259 requires (and `<`, `>`, `&` so the
    /// text can also sit inside HTML without breaking out).
    public static func quoted(_ value: String) -> String {
        // Paths, formats and most names need no escaping: copy them in one piece.
        if isPlain(value) { return "\"" + value + "\"" }
        var result = "\""
        result.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether `value` can go between quotes as it is.
    public static func isPlain(_ value: String) -> Bool {
        // On the contiguous bytes: iterating a String's UTF-8 view byte by byte costs several
        // times more, and every key and value of a 100,000-record document comes through here.
        value.utf8.withContiguousStorageIfAvailable(isPlain) ?? isPlain(Array(value.utf8))
    }

    private static func isPlain(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { byte in
            byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "<")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&") && byte < 0xE2
        }
    }

    private mutating func prefix(_ key: String?) {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        if indentUnit != nil, needsComma.count > 1 { appendIndentation(needsComma.count - 1) }
        guard let key else { return }
        if Self.isPlain(key) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: key.utf8)
            bytes.append(contentsOf: (indentUnit == nil ? "\":" : "\": ").utf8)
        } else {
            bytes.append(contentsOf: Self.quoted(key).utf8)
            bytes.append(contentsOf: (indentUnit == nil ? ":" : ": ").utf8)
        }
    }

    /// A new line and `depth` indents (made once per depth).
    private mutating func appendIndentation(_ depth: Int) {
        while indents.count <= depth {
            indents.append(
                Array(("\n" + String(repeating: indentUnit ?? "", count: indents.count)).utf8))
        }
        bytes.append(contentsOf: indents[depth])
    }

    private mutating func member(_ key: String?, _ literal: String) {
        prefix(key)
        bytes.append(contentsOf: literal.utf8)
    }

    private mutating func open(_ key: String?, _ bracket: String) {
        prefix(key)
        bytes.append(contentsOf: bracket.utf8)
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        let hadMembers = needsComma.removeLast()
        if indentUnit != nil, hadMembers { appendIndentation(needsComma.count - 1) }
        bytes.append(contentsOf: bracket.utf8)
        if needsComma.count == 1 && indentUnit != nil { bytes.append(UInt8(ascii: "\n")) }
    }
}
