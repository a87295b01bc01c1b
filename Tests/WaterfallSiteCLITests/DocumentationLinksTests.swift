import Foundation
import Testing

/// The README and `docs/` link to each other by relative paths and anchors; a section moved or
/// renamed must not leave a link behind that leads nowhere.
@Suite("Links between the README and docs/")
struct DocumentationLinksTests {
    static let documents: [String] = {
        let docs = Repository.root.appending(path: "docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test(
        "Every relative link leads to a file, and its anchor to a heading there",
        arguments: documents)
    func linksResolve(_ path: String) throws {
        let document = try MarkdownDocument(path: path)
        let folder = Repository.root.appending(path: path).deletingLastPathComponent()
        for link in document.links where !link.contains(":") {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = String(parts[0])
            let target =
                file.isEmpty ? Repository.root.appending(path: path) : folder.appending(path: file)
            #expect(
                FileManager.default.fileExists(atPath: target.standardizedFileURL.path),
                "\(path): '\(link)' leads to no file")
            guard parts.count == 2, target.pathExtension == "md" else { continue }
            let relative = String(
                target.standardizedFileURL.path.dropFirst(
                    Repository.root.standardizedFileURL.path.count + 1))
            let anchors = try MarkdownDocument(path: relative).anchors
            #expect(anchors.contains(String(parts[1])), "\(path): '\(link)' names no heading")
        }
    }

    @Test("The docs are there to link to")
    func documentsFound() {
        #expect(Self.documents.count >= 8)
    }
}
