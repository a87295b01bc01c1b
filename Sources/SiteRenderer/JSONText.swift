/// A streaming JSON writer with keys in the order written, so output is byte-identical across
/// runs (Foundation's encoders reorder or are slow on 100,000 records).
public struct JSONText: Sendable {
    public private(set) var text = ""
    private var needsComma: [Bool] = [false]
    private let indentUnit: String?
    private var indents: [String] = []

    /// `pretty` writes one member per line with two-space indentation.
    public init(pretty: Bool = true) {
        indentUnit = pretty ? "  " : nil
    }

    public mutating func beginObject(_ key: String? = nil) { open(key, "{") }
    public mutating func endObject() { close("}") }
    public mutating func beginArray(_ key: String? = nil) { open(key, "[") }
    public mutating func endArray() { close("]") }

    public mutating func string(_ key: String?, _ value: String) { member(key, Self.quoted(value)) }
    public mutating func integer(_ key: String?, _ value: Int) { member(key, String(value)) }
    public mutating func integer(_ key: String?, _ value: Int64) { member(key, String(value)) }
    public mutating func number(_ key: String?, _ value: Double, decimals: Int = 4) {
        member(key, NumberText.decimal(value, decimals: decimals))
    }
    public mutating func bool(_ key: String?, _ value: Bool) { member(key, value ? "true" : "false") }
    public mutating func null(_ key: String?) { member(key, "null") }

    /// `value` as a JSON string literal, escaping what RFC 8259 requires (and `<`, `>`, `&` so the
    /// text can also sit inside HTML without breaking out).
    public static func quoted(_ value: String) -> String {
        // Paths, formats and most names need no escaping: copy them in one piece.
        let plain = value.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "<")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&") && byte < 0xE2
        }
        if plain { return "\"" + value + "\"" }
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

    private mutating func prefix(_ key: String?) {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
        if indentUnit != nil, needsComma.count > 1 { text += indentation(needsComma.count - 1) }
        if let key { text += Self.quoted(key) + (indentUnit == nil ? ":" : ": ") }
    }

    /// A new line and `depth` indents, made once per depth.
    private mutating func indentation(_ depth: Int) -> String {
        while indents.count <= depth { indents.append("\n" + String(repeating: indentUnit ?? "", count: indents.count)) }
        return indents[depth]
    }

    private mutating func member(_ key: String?, _ literal: String) {
        prefix(key)
        text += literal
    }

    private mutating func open(_ key: String?, _ bracket: String) {
        prefix(key)
        text += bracket
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        let hadMembers = needsComma.removeLast()
        if indentUnit != nil, hadMembers { text += indentation(needsComma.count - 1) }
        text += bracket
        if needsComma.count == 1 && indentUnit != nil { text += "\n" }
    }
}
