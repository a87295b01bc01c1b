/// A parsed theme file: literal text with `{{name}}` placeholders and `{{#name}}…{{/name}}`
/// blocks that render only when `name` has a value.
///
/// Parsing checks every placeholder against the names the renderer provides for this file, so a
/// typo in a user's theme is an error naming the file and line, never a silently empty page.
public struct Template: Sendable {
    enum Segment: Sendable {
        case literal(String)
        case value(String)
        case block(String, [Segment])
    }

    public let fileName: String
    let segments: [Segment]

    /// Parses `text`, accepting only the placeholder names in `allowed`.
    public init(fileName: String, text: String, allowed: Set<String>) throws(ThemeError) {
        self.fileName = fileName
        var parser = Parser(fileName: fileName, text: text, allowed: allowed)
        segments = try parser.parse()
    }

    /// Fills the placeholders; `values` must cover every name the template uses (checked by the
    /// renderer's tests, so a missing one is a programming error and renders as empty).
    public func render(_ values: [String: TemplateValue]) -> String {
        var output = ""
        Self.render(segments, values, into: &output)
        return output
    }

    private static func render(
        _ segments: [Segment], _ values: [String: TemplateValue], into output: inout String
    ) {
        for segment in segments {
            switch segment {
            case .literal(let text):
                output += text
            case .value(let name):
                values[name]?.write(into: &output)
            case .block(let name, let body):
                if let value = values[name], !value.isEmpty {
                    render(body, values, into: &output)
                }
            }
        }
    }
}

/// A value for a placeholder. Text is escaped on insertion; markup is the renderer's own HTML.
public enum TemplateValue: Sendable, ExpressibleByStringLiteral {
    case text(String)
    case markup(String)

    public init(stringLiteral value: String) { self = .text(value) }

    var isEmpty: Bool {
        switch self {
        case .text(let text), .markup(let text): return text.isEmpty
        }
    }

    func write(into output: inout String) {
        switch self {
        case .text(let text): output += text.htmlEscaped
        case .markup(let html): output += html
        }
    }
}

private struct Parser {
    let fileName: String
    let text: String
    let allowed: Set<String>
    var line = 1

    init(fileName: String, text: String, allowed: Set<String>) {
        self.fileName = fileName
        self.text = text
        self.allowed = allowed
    }

    mutating func parse() throws(ThemeError) -> [Template.Segment] {
        var index = text.startIndex
        let segments = try parseSegments(&index, closing: nil)
        return segments
    }

    private mutating func parseSegments(
        _ index: inout String.Index, closing: (name: String, line: Int)?
    ) throws(ThemeError) -> [Template.Segment] {
        var segments: [Template.Segment] = []
        while index < text.endIndex {
            guard let open = text[index...].firstRange(of: "{{") else {
                appendLiteral(text[index...], to: &segments)
                index = text.endIndex
                break
            }
            appendLiteral(text[index..<open.lowerBound], to: &segments)
            guard let close = text[open.upperBound...].firstRange(of: "}}") else {
                throw ThemeError(
                    file: fileName, line: line, message: "'{{' is never closed with '}}'")
            }
            let tag = text[open.upperBound..<close.lowerBound].trimmingSpaces()
            index = close.upperBound
            if tag.hasPrefix("#") {
                let name = try checked(String(tag.dropFirst()))
                let body = try parseSegments(&index, closing: (name, line))
                segments.append(.block(name, body))
            } else if tag.hasPrefix("/") {
                let name = String(tag.dropFirst())
                guard let closing, closing.name == name else {
                    throw ThemeError(
                        file: fileName, line: line,
                        message: "'{{/\(name)}}' closes no open '{{#\(name)}}'")
                }
                return segments
            } else {
                segments.append(.value(try checked(tag)))
            }
        }
        if let closing {
            throw ThemeError(
                file: fileName, line: closing.line,
                message: "'{{#\(closing.name)}}' is never closed with '{{/\(closing.name)}}'")
        }
        return segments
    }

    private func checked(_ name: String) throws(ThemeError) -> String {
        guard allowed.contains(name) else {
            let known = allowed.sorted().joined(separator: ", ")
            throw ThemeError(
                file: fileName, line: line,
                message: "unknown placeholder '{{\(name)}}' (this file can use: \(known))")
        }
        return name
    }

    private mutating func appendLiteral(_ literal: Substring, to segments: inout [Template.Segment])
    {
        line += literal.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count
        if !literal.isEmpty { segments.append(.literal(String(literal))) }
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }

}
