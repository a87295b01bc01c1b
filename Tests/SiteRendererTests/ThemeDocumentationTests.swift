import Foundation
import Testing

@testable import SiteRenderer

/// `Templates/README.md` is the theme author's reference: its placeholder table must name exactly
/// what ``Theme`` lets each file use, or a documented placeholder fails at build time and an
/// undocumented one is never found.
@Suite("The theme's documentation")
struct ThemeDocumentationTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(
            path: "Templates/README.md")

    /// The README's "Placeholders" table: file name → the `code` names in its second column (a
    /// name followed by a parenthesised note is still one placeholder).
    static func documentedPlaceholders() throws -> [String: Set<String>] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "## Placeholders") else { return [:] }
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var table: [String: Set<String>] = [:]
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3 else { continue }
            let file = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            table[file] = Set(codeSpans(outsideParentheses: cells[2]))
        }
        return table
    }

    /// The `code` spans of `cell` that are not inside a parenthesised note.
    static func codeSpans(outsideParentheses cell: String) -> [String] {
        var names: [String] = []
        var depth = 0
        var current: String?
        for character in cell {
            switch character {
            case "(" where current == nil: depth += 1
            case ")" where current == nil: depth -= 1
            case "`":
                if let name = current {
                    if depth == 0 { names.append(name) }
                    current = nil
                } else {
                    current = ""
                }
            default:
                current?.append(character)
            }
        }
        return names
    }

    @Test("Templates/README.md lists exactly the placeholders each file may use")
    func placeholderTableMatchesTheme() throws {
        let documented = try Self.documentedPlaceholders()
        let allowed = Theme.placeholders.filter { !$0.value.isEmpty }
        #expect(Set(documented.keys) == Set(allowed.keys))
        for (file, names) in allowed {
            #expect(
                documented[file] == names,
                "\(file): README lists \(documented[file]?.sorted() ?? []), Theme allows \(names.sorted())"
            )
        }
    }

    @Test("Every file of a theme is in the README's file table")
    func fileTableMatchesTheme() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        for name in Theme.fileNames {
            #expect(
                text.contains("| `\(name)` |"), "\(name) is not described in Templates/README.md")
        }
    }
}
