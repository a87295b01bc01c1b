import Foundation
import InputFiles
import MasonryLayout
import SiteRenderer
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// The layout modes from the command line, the settings file and the metadata, and the one
/// table of flags and settings keys.
@Suite("Layout modes from the command line", .serialized)
struct LayoutModeCommandTests {
    static func settings(_ arguments: [String], file: String? = nil) throws -> BuildSettings {
        let photos = try TemporaryFolder()
        if let file { try photos.write("waterfall.json", file) }
        let list = try ArgumentList(
            [photos.path] + arguments, options: BuildCommand.options, command: "build")
        return try BuildCommand.settings(from: list)
    }

    /// A documentation file, by its path from the repository root (`docs/options.md`).
    static func document(_ path: String) throws -> String {
        try String(contentsOf: Repository.root.appending(path: path), encoding: .utf8)
    }

    @Test("Every settings key is a flag's, and a bad value under any key is an error naming it")
    func everyKeyIsRead() throws {
        #expect(
            BuildCommand.settingKeys.isSuperset(of: ["direction", "itemWidth", "footerHeight"]))
        for key in BuildCommand.settingKeys.sorted() {
            let photos = try TemporaryFolder()
            let file = try photos.write("waterfall.json", #"{"\#(key)": {"not": "a value"}}"#)
            var settings = BuildSettings(
                photos: photos.url, output: photos.url.appending(path: "out"))
            #expect(throws: SiteBuildError.self, "key '\(key)' accepted an object") {
                try SettingsFile.apply(file, to: &settings, keys: BuildCommand.settingKeys)
            }
            do {
                try SettingsFile.apply(file, to: &settings, keys: BuildCommand.settingKeys)
            } catch {
                #expect(error.message.contains("key '\(key)'"), "\(error.message)")
            }
        }
    }

    @Test(
        "docs/options.md's options table, its settings example and --help list exactly the flags and keys"
    )
    func documentedOptions() throws {
        let readme = try Self.document("docs/options.md")
        let table = readme.components(separatedBy: "| option | default | range | meaning |")[1]
            .components(separatedBy: "\n\n")[0]
        let documented = Set(
            table.split(separator: "\n").compactMap { $0.split(separator: "|").first }
                .flatMap { LayoutModeCommandTests.matches(#"(--[a-z][a-z-]*)"#, in: String($0)) })
        let flags = Set(
            BuildCommand.options.flatMap(\.names).filter { $0.hasPrefix("--") && $0 != "--help" })
        #expect(documented == flags)
        let example = readme.components(separatedBy: "### Settings file")[1].components(
            separatedBy: "```")[1]
        // The keys of a link (`"label"`, `"url"`) are inside the `links` value, not settings.
        #expect(
            Set(Self.matches(#""([A-Za-z]+)":"#, in: example)).subtracting(["label", "url"])
                == BuildCommand.settingKeys)
        for flag in flags { #expect(HelpText.build.contains(flag), "--help lacks \(flag)") }
    }

    @Test("--direction, --item-width and --footer-height, from flags and from the settings file")
    func modeSettings() throws {
        let defaults = try Self.settings([])
        #expect(
            defaults.direction == .shortestFirst && defaults.itemWidth == nil
                && defaults.footerHeight == 48)
        let flags = try Self.settings([
            "--direction", "right-to-left", "--item-width", "240", "--footer-height", "30",
        ])
        #expect(
            flags.direction == .rightToLeft && flags.itemWidth == 240 && flags.footerHeight == 30)
        let file = try Self.settings(
            ["--direction=shortest"],
            file: #"{"direction": "left-to-right", "itemWidth": 180.5, "footerHeight": 0}"#)
        #expect(file.direction == .shortestFirst, "the command line wins")
        #expect(file.itemWidth == 180.5 && file.footerHeight == 0)
        #expect(
            try Self.settings([], file: #"{"direction": "left-to-right"}"#).direction
                == .leftToRight)
    }

    @Test(
        "Bad mode values are errors that name the flag or key and the choices",
        arguments: [
            (
                ["--direction", "rtl"], nil,
                "option '--direction' expects shortest, left-to-right, right-to-left, got 'rtl'"
            ),
            (
                ["--item-width", "0.5"], nil,
                "option '--item-width' expects a length in px from 1 to 10,000, got '0.5'"
            ),
            (
                ["--footer-height", "tall"], nil,
                "option '--footer-height' expects a length in px from 0 to 10,000, got 'tall'"
            ),
            (
                [], #"{"direction": "up"}"#,
                "key 'direction' must be one of shortest, left-to-right, right-to-left"
            ),
            (
                [], #"{"itemWidth": 0}"#,
                "key 'itemWidth' must be a length in px from 1 to 10,000, got 0.0"
            ),
        ] as [([String], String?, String)])
    func badModeValues(arguments: [String], file: String?, message: String) throws {
        #expect {
            try Self.settings(arguments, file: file)
        } throws: { error in
            (error as? CommandError)?.description.contains(message) == true
        }
    }

    @Test(
        "A fixed item width that leaves no room for a breakpoint's columns is a usage error saying what to change"
    )
    func itemWidthTooWide() throws {
        let photos = try TemporaryFolder()
        let run = CapturedRun([
            "build", photos.path, "--item-width", "240", "-o",
            photos.url.appending(path: "out").path,
        ])
        #expect(run.exitCode == .usage)
        #expect(
            run.error.contains(
                "'breakpoints[0].columns': 2 columns of 240.0 px with gaps of at least 16.0"),
            "\(run.error)")
        #expect(run.error.contains("give it fewer in --breakpoints, or use a smaller --item-width"))
    }

    @Test(
        "Section entries: footer, columns as a count or a list, insets; one parser for every format"
    )
    func sectionEntries() throws {
        var entry = PhotoMetadata.SectionEntry()
        #expect(entry.set("footer", to: "Fired in our kiln") == nil)
        #expect(entry.set("columns", to: "3") == nil)
        #expect(entry.options.columns == [Breakpoint(minimumWidth: 0, columns: 3)])
        #expect(entry.set("columns", to: "0:1, 800:2") == nil)
        #expect(
            entry.options.columns == [
                Breakpoint(minimumWidth: 0, columns: 1), Breakpoint(minimumWidth: 800, columns: 2),
            ])
        #expect(entry.set("insets", to: "8,24") == nil)
        #expect(entry.options.insets == EdgeInsets(top: 8, left: 24, bottom: 8, right: 24))
        #expect(entry.options.footer == "Fired in our kiln" && entry.options.changesLayout)
        #expect(entry.set("columns", to: "0") != nil)
        #expect(entry.set("insets", to: "-1") != nil)
        #expect(
            entry.set("colour", to: "red")?.contains("known: title, footer, columns, insets")
                == true)

        let photos = try TemporaryFolder()
        let file = try photos.write(
            "metadata.json",
            #"{"sections": {"A/": {"title": "A", "footer": "F", "columns": 2, "insets": 4}, "B": {"columns": "0:1,900:3"}}}"#
        )
        let metadata = try PhotoMetadata.load(file, rule: InputFileRule(followsLinks: false))
        #expect(
            metadata.sections["A"]?.options
                == SectionOptions(
                    footer: "F", columns: [Breakpoint(minimumWidth: 0, columns: 2)],
                    insets: EdgeInsets(all: 4)))
        #expect(metadata.sections["A"]?.title == "A")
        #expect(
            try PhotoMetadata.load(
                photos.write("root.json", #"{"sections": {".": {"footer": "Top"}}}"#),
                rule: InputFileRule(followsLinks: false)
            ).sections[""]?.options.footer == "Top")
        let merged = metadata.galleryBreakpoints(
            BuildSettings.defaultBreakpoints, minimum: 320, maximum: 2560)
        #expect(
            merged.map(\.minimumWidth) == [0, 640, 900, 1024, 1440],
            "B's 900 joins the gallery's widths")
        #expect(merged.map(\.columns) == [2, 3, 3, 4, 5])
        // Widths the gallery never has are left out: at most the narrowest, at least the widest.
        var edges = PhotoMetadata()
        edges.sections["C"] = PhotoMetadata.SectionEntry(
            options: SectionOptions(columns: [
                Breakpoint(minimumWidth: 0, columns: 1), Breakpoint(minimumWidth: 320, columns: 2),
                Breakpoint(minimumWidth: 2560, columns: 3),
            ]))
        #expect(
            edges.galleryBreakpoints(BuildSettings.defaultBreakpoints, minimum: 320, maximum: 2560)
                == BuildSettings.defaultBreakpoints)
    }

    @Test("A section entry for a folder without photos is a warning, and the build goes on")
    func unusedSectionEntry() throws {
        let photos = try TemporaryFolder()
        try photos.write("Bowls/blue.jpg", Repository.samplePhoto())
        try photos.write(
            "metadata.json",
            #"{"sections": {"Bowls": {"footer": "F"}, "Cups": {"columns": 2}, ".": {"footer": "Top"}}}"#
        )
        let run = CapturedRun([
            "build", photos.path, "-o", photos.url.appending(path: "out").path, "--no-renditions",
            "--quiet",
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        #expect(run.error.contains("no photos in folder 'Cups'; its section entry is unused"))
        #expect(run.error.contains("no photos in folder '.'; its section entry is unused"))
        #expect(!run.error.contains("'Bowls'"))
    }

    @Test("docs/layouts.md shows every mode that the browser test checks")
    func readmeModes() throws {
        let readme = try Self.document("docs/layouts.md")
        let modes = try String(
            contentsOf: Repository.root.appending(path: "docs/layouts/modes.txt"), encoding: .utf8)
        for line in modes.split(separator: "\n") {
            let arguments = line.split(separator: " ", maxSplits: 1)[1]
            #expect(
                readme.contains("waterfall-site build SampleImages \(arguments)"),
                "docs/layouts.md lacks \(line)")
        }
    }

    @Test("Each mode builds the sample gallery end to end, byte for byte the same twice")
    func modesEndToEnd() throws {
        let binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
        let work = try TemporaryFolder()
        let modes = try String(
            contentsOf: Repository.root.appending(path: "docs/layouts/modes.txt"), encoding: .utf8)
        for line in modes.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            let site = work.url.appending(path: words[0])
            // Renditions only where sections change the column widths (the slow part of a build).
            let renditions = words[0] == "sections" ? [] : ["--no-renditions"]
            let run = try ProcessRun(
                binary,
                ["build", "SampleImages", "-o", site.path, "--quiet", "--layout-files"] + renditions
                    + words.dropFirst(), in: Repository.root)
            #expect(run.status == 0, "\(line): \(run.error)")
            let html = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
            let layout = try EndToEndTests.layout(of: site)
            let options = try #require(layout["options"] as? [String: Any])
            let page = try #require((layout["pages"] as? [[String: Any]])?.first)
            let ranges = try #require(page["breakpoints"] as? [[String: Any]])
            switch words[0] {
            case "right-to-left":
                // Mirrored tiles, English text: no page-wide dir="rtl" to garble it.
                #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
                #expect(options["direction"] as? String == "rightToLeft")
            case "left-to-right":
                #expect(!html.contains("dir=\"rtl\""))
                #expect(options["direction"] as? String == "leftToRight")
            case "fixed-item-width":
                #expect(options["itemWidth"] as? Double == 220)
                for range in ranges {
                    for item in try #require(range["items"] as? [[Double]]) {
                        #expect(item[6] == 0 && item[7] == 220)
                    }
                }
            default:
                #expect(
                    html.contains(
                        "<footer class=\"wf-section-footer\"><p dir=\"auto\">Every piece is thrown and glazed in our studio</p></footer>"
                    ))
                #expect(options["footerHeight"] as? Double == 44)
                // Ceramics' 800 and 1200 joined the gallery's breakpoints.
                let widths = try #require(layout["breakpoints"] as? [[String: Any]]).compactMap {
                    $0["minWidth"] as? Double
                }
                #expect(widths == [0, 640, 800, 1024, 1200, 1440])
                let sections = try #require(ranges.first?["sections"] as? [[String: Any]])
                #expect(sections.map { $0["columns"] as? Int } == [2, 1, 4, 2])
                #expect(sections.map { $0["footer"] is NSNull } == [true, false, false, false])
                #expect(
                    html.contains(
                        #"(min-width: 2560px) 810.667px, (min-width: 1217px) calc((100vw - 128px) / 3), "#
                    ), "Ceramics' own sizes")
                let again = try ProcessRun(
                    binary,
                    [
                        "build", "SampleImages", "-o", site.path + "-again", "--quiet",
                        "--layout-files",
                    ]
                        + words.dropFirst(), in: Repository.root)
                #expect(again.status == 0)
                #expect(
                    try EndToEndTests.tree(site)
                        == EndToEndTests.tree(work.url.appending(path: "sections-again")))
            }
        }
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
