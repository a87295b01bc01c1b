import Foundation
import TestSupport
import Testing

@testable import SiteBuild

/// The README promises that its commands work as written after the set-up; these tests run them,
/// with the built binary as `waterfall-site`, on a copy of the sample in a temporary folder.
@Suite("The README's commands", .serialized)
struct ReadmeCommandsTests {
    /// The README's shell blocks, each marked `run` or `skip (reason)` by the comment before it.
    static func shellBlocks() throws -> [MarkdownDocument.CodeBlock] {
        try MarkdownDocument(path: "README.md").codeBlocks.filter { $0.language == "sh" }
    }

    /// The commands of the blocks marked `run`, one a line, a line ending in `\` joined with the
    /// next; blank lines are left out (the shell reads the comments itself).
    static func commands() throws -> [String] {
        var commands: [String] = []
        for block in try shellBlocks() where block.marker == "run" {
            var pending = ""
            for line in block.text.split(separator: "\n") {
                if line.hasSuffix("\\") {
                    pending += line.dropLast() + " "
                } else {
                    commands.append(pending + line)
                    pending = ""
                }
            }
        }
        return commands.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test("Every shell block of the README is marked to run, or skipped with a reason")
    func everyBlockMarked() throws {
        let blocks = try Self.shellBlocks()
        for block in blocks {
            let marker = block.marker ?? ""
            let skipped = marker.hasPrefix("skip (") && marker.hasSuffix(")") && marker.count > 8
            #expect(marker == "run" || skipped, "unmarked or unexplained block:\n\(block.text)")
        }
        #expect(try Self.commands().count >= 4, "the README runs too few commands to test")
    }

    @Test("The README's commands run on a copy of the sample, each exiting 0")
    func commandsRun() throws {
        let binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "SampleImages"))
        // `waterfall-site` on the PATH is the binary under test, as an installed one would be.
        try FileManager.default.createDirectory(
            at: work.url.appending(path: "bin"), withIntermediateDirectories: true)
        try work.link("bin/waterfall-site", to: binary.path)
        let path =
            work.url.appending(path: "bin").path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for command in try Self.commands() {
            let run = try ProcessRun(
                URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: work.url,
                environment: ["PATH": path])
            try #require(run.status == 0, "'\(command)' exited \(run.status): \(run.error)")
        }
        // What the commands promise: a site from the photos, with what --base-url adds.
        for file in ["_site/index.html", "_site/sitemap.xml", "photos/metadata.csv"] {
            #expect(FileManager.default.fileExists(atPath: work.url.appending(path: file).path))
        }
    }

    @Test("The README's metadata table names every column a metadata file may have")
    func metadataColumns() throws {
        let readme = try String(
            contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
        let table = try #require(
            readme.components(separatedBy: "| column | for | what it holds |\n").dropFirst().first
        ).components(separatedBy: "\n\n")[0]
        let documented = Set(
            table.split(separator: "\n").compactMap { $0.split(separator: "|").first }
                .flatMap { LayoutModeCommandTests.matches(#"`([A-Za-z_]+)`"#, in: String($0)) })
        let columns = PhotoMetadata.photoKeys.union(PhotoMetadata.sectionKeys)
            .union(PhotoMetadata.keyAliases.keys).union(["path"])
        #expect(documented == columns)
    }
}
