import Foundation

/// A Markdown file of the repository read as far as the documentation tests need: its fenced code
/// blocks with the marker before each, its links outside code and the anchors of its headings.
struct MarkdownDocument {
    /// A fenced code block: its info string (`sh`), its text, and the `readme-commands` marker of
    /// the HTML comment just before it, if any.
    struct CodeBlock {
        var language: String
        var text: String
        var marker: String?
    }

    /// The path from the repository root (`docs/options.md`).
    let path: String
    private(set) var codeBlocks: [CodeBlock] = []
    /// Every link and image target outside code (`docs/layouts.md#x`, `https://…`), in order.
    private(set) var links: [String] = []
    /// The GitHub anchor of every heading (`## The owner's order` → `the-owners-order`).
    private(set) var anchors: Set<String> = []

    init(path: String) throws {
        self.path = path
        let text = try String(
            contentsOf: Repository.root.appending(path: path), encoding: .utf8)
        var open: CodeBlock?
        var lastLine = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let block = open {
                    codeBlocks.append(block)
                    open = nil
                } else {
                    open = CodeBlock(
                        language: String(trimmed.dropFirst(3)), text: "",
                        marker: Self.marker(in: lastLine))
                }
            } else if open != nil {
                open?.text += line + "\n"
            } else {
                if line.hasPrefix("#") { anchors.insert(Self.anchor(ofHeading: line)) }
                links += Self.targets(in: line)
            }
            if !trimmed.isEmpty { lastLine = trimmed }
        }
    }

    /// The word after `readme-commands:` in an HTML comment line (`run`, `skip (reason)`).
    private static func marker(in line: String) -> String? {
        let prefix = "<!-- readme-commands: "
        guard line.hasPrefix(prefix), line.hasSuffix(" -->") else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(4))
    }

    /// GitHub's anchor for a heading: lower case, spaces to hyphens, other punctuation dropped.
    static func anchor(ofHeading line: String) -> String {
        let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(
            title.compactMap { character -> Character? in
                if character == " " { return "-" }
                if character.isLetter || character.isNumber || character == "-" || character == "_"
                {
                    return character
                }
                return nil
            })
    }

    /// The targets of the `[text](target)` links and images of a line outside inline code.
    private static func targets(in line: String) -> [String] {
        // Inline code may hold brackets and parentheses that are no link.
        let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
        var found: [String] = []
        var rest = Substring(prose)
        while let start = rest.range(of: "](") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: ")") else { break }
            found.append(String(after[..<end]))
            rest = after[end...]
        }
        return found
    }
}
