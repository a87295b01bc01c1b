import Foundation
import Testing

@testable import SiteRenderer

@Suite("Templates and themes")
struct TemplateTests {
    @Test("Values are escaped, markup is inserted as it is, blocks render only with a value")
    func rendering() throws {
        let template = try Template(
            fileName: "t.html",
            text: "<p title=\"{{name}}\">{{body}}{{#note}} ({{note}}){{/note}}</p>",
            allowed: ["name", "body", "note"])
        #expect(
            template.render(["name": .text("a\"b"), "body": .markup("<b>x</b>"), "note": .text("")])
                == "<p title=\"a&quot;b\"><b>x</b></p>")
        #expect(
            template.render(["name": "n", "body": .text("<i>"), "note": "<n>"])
                == "<p title=\"n\">&lt;i&gt; (&lt;n&gt;)</p>")
    }

    @Test("An unknown placeholder names the file, the line and the names it could use")
    func unknownPlaceholder() {
        #expect(
            throws: ThemeError(
                file: "tile.html", line: 3,
                message: "unknown placeholder '{{titel}}' (this file can use: alt, title)")
        ) {
            try Template(
                fileName: "tile.html", text: "<li>\n<b>\n{{titel}}</b>", allowed: ["title", "alt"])
        }
    }

    @Test(
        "Unbalanced blocks and unclosed braces are errors with a line",
        arguments: [
            ("{{#a}}open", 1, "'{{#a}}' is never closed with '{{/a}}'"),
            ("x\n{{/a}}", 2, "'{{/a}}' closes no open '{{#a}}'"),
            ("x\ny\n{{a", 3, "'{{' is never closed with '}}'"),
        ])
    func malformed(text: String, line: Int, message: String) {
        #expect(throws: ThemeError(file: "f.html", line: line, message: message)) {
            try Template(fileName: "f.html", text: text, allowed: ["a"])
        }
    }

    @Test("The built-in theme is compiled in and parses")
    func builtInTheme() throws {
        let theme = try Theme.builtIn()
        #expect(theme.stylesheet.contains("prefers-color-scheme: dark"))
        #expect(!theme.page.render([:]).contains("<script"))
    }

    @Test("A user theme with the same file names loads; a missing file is named with the fix")
    func userTheme() throws {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in Theme.fileNames {
            try Data((EmbeddedTheme.files[name] ?? "").utf8).write(to: folder.appending(path: name))
        }
        try Data("body{color:red}".utf8).write(to: folder.appending(path: "waterfall.css"))
        #expect(try Theme.load(from: folder).stylesheet == "body{color:red}")

        try FileManager.default.removeItem(at: folder.appending(path: "tile.html"))
        let error = #expect(throws: ThemeError.self) { try Theme.load(from: folder) }
        #expect(error?.file.hasSuffix("/tile.html") == true)
        #expect(error?.message.contains("copy Templates/") == true)
    }
}
