import Foundation
import PhotoScanner
import SiteRenderer
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

@Suite("Command line")
struct CommandLineTests {
    @Test(
        "--help and --version print to standard output and exit 0",
        arguments: [
            ["--help"], ["build", "--help"], ["serve", "--help"], ["init", "--help"],
            ["scan", "--help"], ["help", "build"], ["--version"],
        ])
    func help(arguments: [String]) {
        let run = CapturedRun(arguments)
        #expect(run.exitCode == .success)
        #expect(!run.output.isEmpty)
        #expect(run.error.isEmpty)
    }

    @Test(
        "Usage errors exit 64 and say what was wrong",
        arguments: [
            ([], "no command given"),
            (["publish"], "unknown command 'publish'"),
            (["build"], "build needs the folder of photos"),
            (["build", "a", "b"], "build takes one folder of photos, got 2"),
            (["build", "photos", "--colums", "3"], "unknown option '--colums'"),
            (
                ["build", "photos", "--breakpoints", "wide"],
                "option '--breakpoints' expects WIDTH:COLUMNS pairs"
            ),
            (
                ["build", "photos", "--row-spacing", "-4"],
                "option '--row-spacing' expects a length in px from 0 to 10,000, got '-4'"
            ),
            (
                ["build", "photos", "--insets", "1,2,3"],
                "option '--insets' expects PX or TOP,RIGHT,BOTTOM,LEFT"
            ),
            (
                ["build", "photos", "--page-size", "0"],
                "option '--page-size' expects a whole number from 1"
            ),
            (["build", "photos", "--title"], "option '--title' needs a value"),
            (["scan"], "scan needs the folder of photos"),
            (["scan", "x", "--jobs", "many"], "option '--jobs' expects a whole number"),
            (["scan", "x", "--json=yes"], "option '--json' takes no value"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let run = CapturedRun(arguments)
        #expect(run.exitCode == .usage)
        #expect(run.error.contains("error: " + message), "stderr was: \(run.error)")
        #expect(run.error.contains("Usage: waterfall-site"))
        #expect(run.output.isEmpty || arguments.isEmpty == false)
    }

    @Test(
        "Misspelt options and commands suggest the nearest; an option where a value should be is a missing value",
        arguments: [
            (
                ["build", "photos", "--titel", "x"],
                "unknown option '--titel' (did you mean '--title'?)"
            ),
            (
                ["build", "photos", "--no-renditons"],
                "unknown option '--no-renditons' (did you mean '--no-renditions'?)"
            ),
            (
                ["serv", "photos"],
                "unknown command 'serv' (did you mean 'serve'? commands: build, check, serve, init, scan, renditions)"
            ),
            (["build", "photos", "--title", "--output", "out"], "option '--title' needs a value"),
            (["build", "photos", "--title", "-o", "out"], "option '--title' needs a value"),
            (["build", "photos", "--xyzzy"], "unknown option '--xyzzy'\n"),
        ])
    func suggestions(arguments: [String], message: String) {
        let run = CapturedRun(arguments)
        #expect(run.exitCode == .usage)
        #expect(run.error.contains("error: " + message), "stderr was: \(run.error)")
    }

    @Test("A value that only looks like an option is still a value")
    func dashValue() throws {
        let list = try ArgumentList(
            ["photos", "--title", "-5 %", "--metadata", "--"], options: BuildCommand.options,
            command: "build")
        #expect(list.value("--title") == "-5 %")
        #expect(list.value("--metadata") == "--")
    }

    @Test("Without a folder, build and serve use the current folder when it holds a waterfall.json")
    func currentFolder() throws {
        let photos = try TemporaryFolder()
        let none = CapturedRun(["build"])
        #expect(
            none.error.contains(
                "build needs the folder of photos (or run it in a folder that holds a waterfall.json)"
            ))
        try photos.write("a.jpg", Repository.samplePhoto())
        try photos.write("waterfall.json", #"{"title": "Here"}"#)
        let binary = try #require(Repository.binary)
        let run = try ProcessRun(binary, ["build", "--no-renditions"], in: photos.url)
        #expect(run.status == 0, "\(run.error)")
        let page = try String(
            contentsOf: photos.url.appending(path: "_site/index.html"), encoding: .utf8)
        #expect(page.contains("Here"))
    }

    @Test(
        "Every --help ends with example lines",
        arguments: [["--help"], ["build", "--help"], ["serve", "--help"], ["init", "--help"]])
    func helpExamples(arguments: [String]) {
        let run = CapturedRun(arguments)
        #expect(run.exitCode == .success)
        let examples = run.output.components(separatedBy: "EXAMPLES\n").last ?? ""
        #expect(run.output.contains("EXAMPLES\n"))
        #expect(examples.components(separatedBy: "waterfall-site ").count - 1 >= 2, "\(run.output)")
    }

    @Test("Invalid layout options are usage errors naming the option")
    func invalidLayout() throws {
        let photos = try TemporaryFolder()
        let run = CapturedRun([
            "build", photos.path, "--breakpoints", "0:2,0:3", "-o",
            photos.url.appending(path: "out").path,
        ])
        #expect(run.exitCode == .usage)
        #expect(run.error.contains("layout options:"))
        #expect(run.error.contains("breakpoints"))
    }

    @Test("A missing photos folder fails with its path")
    func missingPhotos() {
        let run = CapturedRun(["build", "/nonexistent/photos"])
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("photos folder '/nonexistent/photos' does not exist"))
        let scan = CapturedRun(["scan", "/nonexistent/photos"])
        #expect(scan.exitCode == .failure)
        #expect(scan.error.contains("/nonexistent/photos"))
    }

    @Test("Settings: defaults, then waterfall.json, then flags")
    func settingsPrecedence() throws {
        let photos = try TemporaryFolder()
        try photos.write(
            "waterfall.json",
            #"{"title": "From file", "columnSpacing": 8, "rowSpacing": 4, "breakpoints": "0:1,800:2", "insets": "1,2,3,4", "pageSize": 20, "output": "../site", "balanceTolerance": 3}"#
        )
        let list = try ArgumentList(
            [photos.path, "--row-spacing", "6", "--balance-tolerance", "0"],
            options: BuildCommand.options, command: "build")
        let settings = try BuildCommand.settings(from: list)
        #expect(settings.title == "From file")
        #expect(settings.columnSpacing == 8)
        #expect(settings.rowSpacing == 6)
        #expect(settings.breakpoints.map(\.columns) == [1, 2])
        #expect(
            settings.insets.top == 1 && settings.insets.right == 2 && settings.insets.bottom == 3
                && settings.insets.left == 4)
        #expect(settings.pageSize == 20)
        #expect(settings.balanceTolerance == 0)
        #expect(
            settings.output.path
                == photos.url.deletingLastPathComponent().appending(path: "site")
                .standardizedFileURL.path)
    }

    @Test("Settings files take 0 and 1 as numbers and true/false as switches")
    func settingsNumbersAndSwitches() throws {
        let photos = try TemporaryFolder()
        try photos.write(
            "waterfall.json",
            #"{"rowSpacing": 0, "pageSize": 1, "columnSpacing": 1, "renditions": false, "quality": 90, "originalLinks": false}"#
        )
        let list = try ArgumentList([photos.path], options: BuildCommand.options, command: "build")
        let settings = try BuildCommand.settings(from: list)
        #expect(settings.rowSpacing == 0 && settings.pageSize == 1 && settings.columnSpacing == 1)
        #expect(
            settings.renditions == false && settings.quality == 90
                && settings.linksOriginals == false)
    }

    @Test(
        "Settings files reject unknown keys and bad values, naming the key",
        arguments: [
            (#"{"colums": 3}"#, "unknown key 'colums'"),
            (
                #"{"rowSpacing": "wide"}"#,
                #"key 'rowSpacing' must be a length in px from 0 to 10,000, got the string "wide""#
            ),
            (
                #"{"rowSpacing": true}"#,
                "key 'rowSpacing' must be a length in px from 0 to 10,000, got true"
            ),
            (#"{"renditions": 1}"#, "key 'renditions' must be true or false"),
            (#"{"quality": 101}"#, "key 'quality' must be a whole number from 1 to 100"),
            (
                #"{"pageSize": 2.5}"#,
                "key 'pageSize' must be a whole number from 1 to 1,000,000, got 2.5"
            ),
            (
                #"{"breakpoints": [1, 2]}"#,
                "key 'breakpoints' must be a string of WIDTH:COLUMNS pairs like 0:2,640:3,1024:4"
            ),
            (#"[1, 2]"#, "expected a JSON object"),
            (#"{"title": "#, "not valid JSON"),
        ])
    func badSettings(json: String, message: String) throws {
        let photos = try TemporaryFolder()
        try photos.write("waterfall.json", json)
        let run = CapturedRun(["build", photos.path, "-o", photos.url.appending(path: "out").path])
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("waterfall.json"))
        #expect(run.error.contains(message), "stderr was: \(run.error)")
    }

    @Test(
        "Metadata files reject unknown keys, script links and bad section layouts, naming the photo or folder and key",
        arguments: [
            (#"{"photos": {"a.jpg": {"titel": "x"}}}"#, "photo 'a.jpg' has unknown key 'titel'"),
            (
                #"{"photos": {"a.jpg": {"link": "javascript:alert(1)"}}}"#,
                "photo 'a.jpg' key 'link' must be an http(s) URL"
            ),
            (
                #"{"photos": {"a.jpg": {"price": 12}}}"#,
                "photo 'a.jpg' key 'price' must be a string"
            ),
            (#"{"products": {}}"#, "key 'products' is unknown"),
            (#"{"sections": {"A": {"name": "x"}}}"#, "section 'A' has unknown key 'name'"),
            (
                #"{"sections": {"A": {"columns": "many"}}}"#,
                "section 'A' key 'columns' must be a column count or a list"
            ),
            (
                #"{"sections": {"A": {"columns": 99999999999}}}"#,
                "section 'A' key 'columns' must be a column count or a list"
            ),
            (
                #"{"sections": {"A": {"columns": "0:2,640:1e19"}}}"#,
                "columns a whole number from 1 to 1,000), got '0:2,640:1e19'"
            ),
            (
                #"{"sections": {"A": {"insets": "1e300"}}}"#,
                "section 'A' key 'insets' must be PX or \"top,right,bottom,left\", each a length in px from 0 to 10,000, got '1e300'"
            ),
            (
                #"{"sections": {"A": {"insets": "1,2,3"}}}"#,
                "section 'A' key 'insets' must be PX or"
            ),
            (
                #"{"sections": {"A": {"footer": true}}}"#,
                "section 'A' key 'footer' must be a string or a number"
            ),
            (#"{"sections": {"A": {"columns": 40}}}"#, "section 'A' key 'columns': 40 columns are"),
            (#"{"sections": {"A": {"insets": "0,400"}}}"#, "section 'A' key 'insets': "),
        ])
    func badMetadata(json: String, message: String) throws {
        let photos = try TemporaryFolder()
        try photos.write("metadata.json", json)
        let run = CapturedRun(["build", photos.path, "-o", photos.url.appending(path: "out").path])
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("metadata.json"))
        #expect(run.error.contains(message), "stderr was: \(run.error)")
    }

    @Test(
        "Product links: web and relative links are accepted, other schemes refused",
        arguments: [
            ("https://shop.example/a", true), ("http://x", true), ("products/a.html", true),
            ("../a?b=c:d", true),
            ("javascript:alert(1)", false), ("JAVASCRIPT:x", false), ("data:text/html,x", false),
            ("", false),
        ])
    func links(link: String, accepted: Bool) {
        #expect(LinkText.isAcceptable(link) == accepted)
    }

    @Test(
        "Names for people",
        arguments: [
            ("Travel/harbour at dusk.jpg", "Harbour at dusk"), ("blue-bowl_2.JPG", "Blue bowl 2"),
            (".hidden", "Hidden"),
            ("a/--red__bowl--.png", "Red bowl"), ("x/___.jpg", "___"),
            ("éclair-au-café.jpg", "Éclair au café"),
            ("Ceramics/tasse à café.png", "Tasse à café"),
            ("2019-05-01 12.30.jpg", "2019 05 01 12 30"),
        ])
    func humanisedFileNames(path: String, expected: String) {
        #expect(Humanised.fileName(path) == expected)
    }

    @Test("Folder titles join humanised parts")
    func humanisedFolders() {
        #expect(Humanised.folder("travel/japan_2019") == "Travel / Japan 2019")
        // Escaped names (not UTF-8) read as their own bytes, decoded once.
        #expect(Humanised.fileName("Trips/d%E9j%E0-vu.jpg") == "D\u{FFFD}j\u{FFFD} vu")
        #expect(Humanised.fileName("sale-%2541.jpg") == "Sale %41")
        #expect(Humanised.folder("d%E9j%E0") == "D\u{FFFD}j\u{FFFD}")
    }
}

@Suite("Text and paths in settings")
struct SettingTextTests {
    @Test(
        "values lose surrounding spaces and tabs only",
        arguments: [
            (" 16 ", "16"), ("\t2.5\u{00A0}", "2.5"), ("   ", ""), ("a b", "a b"), ("\n3", "\n3"),
        ])
    func trimming(text: String, trimmed: String) {
        #expect(text.trimmed == trimmed)
    }

    @Test("a leading ~ or ~user is the home folder, as in a shell")
    func tilde() throws {
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(PathText.expandingTilde("~") == home)
        #expect(PathText.expandingTilde("~/site") == (home == "/" ? "/site" : home + "/site"))
        #expect(PathText.expandingTilde("~root/site") == "/root/site")
        #expect(PathText.expandingTilde("~no-such-user-here/site") == "~no-such-user-here/site")
        #expect(PathText.expandingTilde("site/~") == "site/~")
        #expect(
            PathText.resolve("~/site", relativeTo: URL(fileURLWithPath: "/tmp")).path
                == URL(fileURLWithPath: home + "/site").standardizedFileURL.path)
    }
}

@Suite("Background work")
struct BackgroundWorkTests {
    @Test("the value comes back, as often as it is asked for")
    func value() throws {
        let work = BackgroundWork { () throws(SiteBuildError) in (1...1000).reduce(0, +) }
        #expect(try work.wait() == 500_500)
        #expect(try work.wait() == 500_500)
    }

    @Test("the error comes back")
    func error() {
        let work = BackgroundWork { () throws(SiteBuildError) -> Int in throw .interrupted }
        #expect(throws: SiteBuildError.interrupted) { try work.wait() }
    }
}
