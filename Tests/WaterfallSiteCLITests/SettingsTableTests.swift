import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// The one table of options against everything that is read from it or must agree with it: the
/// command line, the settings file, `--help`, `init`'s starter file and `docs/options.md`.
@Suite("The settings table", .serialized)
struct SettingsTableTests {
    /// A value for every option that takes one, unlike its default; a path is relative to the
    /// photos folder (the settings file's folder).
    static let examples: [String: String] = [
        "--output": "out", "--title": "Spring", "--description": "A shop", "--intro": "Hello",
        "--logo": "logo.png", "--favicon": "icon.png", "--language": "de",
        "--call-to-action": "Buy", "--base-url": "https://shop.example/gallery/",
        "--share-image": "a.jpg", "--currency": "EUR", "--creator": "Ann",
        "--credit-text": "Photo: Ann", "--copyright-notice": "© Ann",
        "--license": "https://shop.example/licence",
        "--acquire-license-page": "https://shop.example/buy",
        "--breakpoints": "0:1,600:2", "--column-spacing": "8", "--row-spacing": "9",
        "--insets": "8,16", "--direction": "left-to-right", "--item-width": "200",
        "--caption-height": "30", "--header-height": "40", "--footer-height": "30",
        "--balance-tolerance": "4", "--max-tall": "1.5", "--max-wide": "2.5", "--page-size": "100",
        "--quality": "70", "--avif-speed": "3", "--rendition-store": "store",
        "--max-pixels": "5000", "--decode-memory": "512MB", "--metadata": "metadata.json",
        "--templates": "theme", "--static": "own", "--sort": "price",
    ]

    /// The settings of a build of `photos` with `arguments`, without the fields that say where
    /// they came from, as text to compare.
    static func settings(_ arguments: [String], photos: TemporaryFolder) throws -> String {
        let list = try ArgumentList(
            [photos.path] + arguments, options: BuildCommand.options, command: "build")
        var settings = try BuildCommand.settings(from: list)
        settings.configFile = nil
        settings.outputSettingsFile = nil
        return String(describing: settings)
    }

    @Test("Every option with a key reads from the command line and the settings file alike")
    func commandLineAndFileAgree() throws {
        let photos = try TemporaryFolder()
        let defaults = try Self.settings([], photos: photos)
        for declaration in SettingsTable.buildOptions {
            for flag in declaration.flags {
                // A key only the settings file has (`links`) is tested on its own.
                guard let key = flag.key, let name = flag.names.first else { continue }
                let arguments: [String]
                let json: String
                switch declaration.kind {
                case .switch:
                    arguments = [name]
                    json = name.hasPrefix("--no-") ? "false" : "true"
                case .number:
                    let example = try #require(Self.examples[name], "no example for \(name)")
                    arguments = [name, example]
                    json = example
                case .path:
                    let example = try #require(Self.examples[name], "no example for \(name)")
                    arguments = [name, photos.url.appending(path: example).path]
                    json = "\"\(example)\""
                default:
                    let example = try #require(Self.examples[name], "no example for \(name)")
                    arguments = [name, example]
                    json = "\"\(example)\""
                }
                let fromFlag = try Self.settings(arguments, photos: photos)
                try photos.write("waterfall.json", #"{"\#(key)": \#(json)}"#)
                defer {
                    try? FileManager.default.removeItem(
                        at: photos.url.appending(path: "waterfall.json"))
                }
                let fromFile = try Self.settings([], photos: photos)
                #expect(fromFlag == fromFile, "\(name) and \"\(key)\" differ")
                if case .switch = declaration.kind { continue }
                #expect(fromFlag != defaults, "\(name) \(arguments[1]) changed nothing")
            }
        }
    }

    /// The rows of `docs/options.md`'s table that follows the `occurrence`th options table heading.
    static func readmeRows(_ occurrence: Int) throws -> [String] {
        let readme = try LayoutModeCommandTests.document("docs/options.md")
        let table = readme.components(
            separatedBy: "| option | default | range | meaning |\n|---|---|---|---|\n")[
                occurrence
            ].components(separatedBy: "\n\n")[0]
        return table.split(separator: "\n").map(String.init)
    }

    @Test("docs/options.md's options tables are the settings table's rows")
    func readmeTables() throws {
        for (occurrence, serve) in [(1, false), (2, true)] {
            let generated = SettingsTable.readmeRows(serve: serve)
            #expect(
                try Self.readmeRows(occurrence) == generated,
                "docs/options.md's table differs from SettingsTable; its rows are:\n\(generated.joined(separator: "\n"))"
            )
        }
    }

    @Test("--help of build and serve names every flag of every option")
    func helpListsEveryOption() {
        for declaration in SettingsTable.buildOptions + SettingsTable.serveOptions {
            for name in declaration.flags.flatMap(\.names) {
                let shown = name.hasPrefix("--") ? name : "\(name), "
                if declaration.group != .server {
                    #expect(HelpText.build.contains(shown), "build --help lacks \(name)")
                }
                #expect(HelpText.serve.contains(shown), "serve --help lacks \(name)")
            }
        }
    }

    @Test("init's waterfall.json reads back as the defaults, with the folder's title")
    func starterFileIsTheDefaults() throws {
        let photos = try TemporaryFolder()
        var defaults = try ArgumentList(
            [photos.path], options: BuildCommand.options, command: "build"
        )
        .settingsTitled("Spring Shoes")
        try photos.write("waterfall.json", StarterFiles.defaultSettings(title: "Spring Shoes"))
        defaults.configFile = nil
        let list = try ArgumentList([photos.path], options: BuildCommand.options, command: "build")
        var read = try BuildCommand.settings(from: list)
        read.configFile = nil
        #expect(String(describing: read) == String(describing: defaults))
    }
}

extension ArgumentList {
    /// The settings these arguments give, with `title` as a starter file sets it.
    fileprivate func settingsTitled(_ title: String) throws -> BuildSettings {
        var settings = try BuildCommand.settings(from: self)
        settings.title = title
        return settings
    }
}
