import Foundation
import TestSupport
import Testing

/// One rule for every input path, through the built binary on hostile folders: a file outside the
/// photos, static or theme folder never reaches the site through a link or a settings file, a
/// FIFO never hangs a build, and an SVG logo cannot carry a script.
@Suite("Input paths: nothing outside its folder reaches the site", .serialized)
struct InputPathsEndToEndTests {
    let binary: URL
    let work: TemporaryFolder
    /// A file outside every input folder that must never be published.
    let secret: URL
    static let secretText = "root:x:0:0:the secret\n"

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
        work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        secret = try work.write("outside/passwd.txt", Self.secretText)
    }

    private func build(_ extra: [String] = []) throws -> ProcessRun {
        try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-renditions"] + extra, in: work.url)
    }

    private func link(_ relativePath: String, to destination: String) throws {
        let url = work.url.appending(path: relativePath)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: url.path, withDestinationPath: destination)
    }

    /// Whether any file of the site holds the secret's text.
    private func siteHoldsSecret() throws -> Bool {
        let site = work.url.appending(path: "site")
        guard let files = FileManager.default.enumerator(atPath: site.path) else { return false }
        for case let file as String in files {
            if let data = FileManager.default.contents(atPath: site.path + "/" + file),
                String(decoding: data, as: UTF8.self).contains("the secret")
            {
                return true
            }
        }
        return false
    }

    private func exists(_ sitePath: String) -> Bool {
        FileManager.default.fileExists(atPath: work.url.appending(path: "site/" + sitePath).path)
    }

    @Test(
        "A static link to a file or a folder outside is not published, with a warning naming it and --follow-symlinks"
    )
    func staticLinksOutside() throws {
        try work.write("photos/static/CNAME", "shop.example\n")
        try link("photos/static/passwd.txt", to: secret.path)
        try link("photos/static/etc", to: work.url.appending(path: "outside").path)
        try work.write("photos/static/own/readme.txt", "mine\n")
        try link("photos/static/alias.txt", to: "own/readme.txt")
        let run = try build()
        #expect(run.status == 0, "\(run.error)")
        #expect(exists("CNAME"))
        #expect(!exists("passwd.txt"), "a link to a file outside is not published")
        #expect(!exists("etc/passwd.txt"), "a link to a folder outside is not entered")
        #expect(!(try siteHoldsSecret()))
        #expect(exists("alias.txt"), "a link that stays inside the static folder is followed")
        for name in ["passwd.txt", "etc"] {
            #expect(
                run.error.contains(
                    "warning: static folder: '\(work.path)/photos/static/\(name)': symbolic link to"
                ),
                "\(name): \(run.error)")
        }
        #expect(run.error.contains("leads outside the static folder"), "\(run.error)")
        #expect(run.error.contains("add --follow-symlinks"), "\(run.error)")

        // The owner says so: links anywhere are followed.
        let following = try build(["--follow-symlinks"])
        #expect(following.status == 0, "\(following.error)")
        #expect(exists("passwd.txt") && exists("etc/passwd.txt"))
    }

    @Test(
        "A FIFO in the static folder, or a link to one, is skipped with a warning under --follow-symlinks, and never hangs the build"
    )
    func fifoInStaticFolder() throws {
        try work.write("photos/static/CNAME", "shop.example\n")
        let outsideFIFO = work.url.appending(path: "outside/pipe").path
        try #require(mkfifo(outsideFIFO, 0o644) == 0)
        try #require(mkfifo(work.url.appending(path: "photos/static/pipe.txt").path, 0o644) == 0)
        try link("photos/static/to-pipe.txt", to: outsideFIFO)
        try link("photos/static/null.txt", to: "/dev/null")
        let run = try build(["--follow-symlinks"])
        #expect(run.status == 0, "\(run.error)")
        #expect(exists("CNAME"))
        for name in ["pipe.txt", "to-pipe.txt"] {
            #expect(!exists(name))
            #expect(
                run.error.contains(
                    "static folder: '\(work.path)/photos/static/\(name)': not a regular file (a FIFO); not published"
                ), "\(name): \(run.error)")
        }
        #expect(!exists("null.txt"))
        #expect(
            run.error.contains("null.txt': not a regular file (a character device)"), "\(run.error)"
        )
    }

    @Test(
        "Paths in waterfall.json must stay inside its folder: absolute, '..' and through a link are errors naming the key and the file",
        arguments: [
            ("staticFolder", "ABSOLUTE/outside", "is an absolute path", "--static"),
            (
                "staticFolder", "../outside",
                "leads out of the settings file's folder through '..'", "--static"
            ),
            (
                "templates", "../outside", "leads out of the settings file's folder through '..'",
                "--templates"
            ),
            (
                "logo", "sub/../../outside/logo.png",
                "leads out of the settings file's folder through '..'", "--logo"
            ),
            ("favicon", "/etc/passwd.png", "is an absolute path", "--favicon"),
            ("metadata", "~/metadata.json", "is an absolute path", "--metadata"),
            ("logo", "brand/logo.png", "leads through a symbolic link to", "--logo"),
            ("templates", "brand", "leads through a symbolic link to", "--templates"),
        ])
    func settingsPathsStayInside(key: String, value: String, reason: String, flag: String) throws {
        try work.write("outside/logo.png", try Repository.samplePhoto("Ceramics/espresso-cup.png"))
        try link("photos/brand", to: work.url.appending(path: "outside").path)
        let value = value.replacingOccurrences(of: "ABSOLUTE", with: work.path)
        try work.write("photos/waterfall.json", #"{ "\#(key)": "\#(value)" }"#)
        let run = try build()
        #expect(run.status == 1, "\(key): \(run.error)")
        #expect(
            run.error.contains(
                "settings file '\(work.path)/photos/waterfall.json': key '\(key)' ('\(value)') \(reason)"
            ), "\(key): \(run.error)")
        #expect(run.error.contains(flag), "the fix names the command-line option: \(run.error)")
        #expect(!(try siteHoldsSecret()))
    }

    @Test(
        "A path inside the settings file's folder works, and the command line may name any folder")
    func settingsPathsInside() throws {
        try work.write("photos/public/CNAME", "inside.example\n")
        try work.write("photos/waterfall.json", #"{ "staticFolder": "./public" }"#)
        let inside = try build()
        #expect(inside.status == 0, "\(inside.error)")
        #expect(
            try String(contentsOf: work.url.appending(path: "site/CNAME"), encoding: .utf8)
                == "inside.example\n")
        let typed = try build(["--static", work.url.appending(path: "outside").path])
        #expect(typed.status == 0, "\(typed.error)")
        #expect(exists("passwd.txt"), "the user typed the folder: it is theirs to publish")
    }

    @Test(
        "A theme file that is a link out of the theme folder is refused by name, unless --follow-symlinks"
    )
    func themeLinkOutside() throws {
        let templates = Repository.root.appending(path: "Templates")
        try FileManager.default.copyItem(at: templates, to: work.url.appending(path: "theme"))
        let css = work.url.appending(path: "theme/waterfall.css")
        try FileManager.default.removeItem(at: css)
        try work.write("outside/waterfall.css", "/* the secret */ body { color: red }\n")
        try link("theme/waterfall.css", to: work.url.appending(path: "outside/waterfall.css").path)
        let run = try build(["--templates", "theme"])
        #expect(run.status == 1, "\(run.error)")
        #expect(
            run.error.contains("theme: \(work.path)/theme/waterfall.css: symbolic link to"),
            "\(run.error)")
        #expect(run.error.contains("add --follow-symlinks"), "\(run.error)")
        #expect(!exists("index.html"))
        let following = try build(["--templates", "theme", "--follow-symlinks"])
        #expect(following.status == 0, "\(following.error)")
        #expect(try siteHoldsSecret(), "followed on the owner's word")
    }

    @Test("A logo that is a link to a file outside its folder is refused, naming it")
    func logoLinkOutside() throws {
        try link("brand/logo.png", to: secret.path)
        let run = try build(["--logo", "brand/logo.png"])
        #expect(run.status == 1, "\(run.error)")
        #expect(
            run.error.contains("--logo '\(work.path)/brand/logo.png': symbolic link to"),
            "\(run.error)")
        #expect(!(try siteHoldsSecret()))
    }

    @Test("A metadata file that is a link out of the photos folder is refused")
    func metadataLinkOutside() throws {
        try work.write("outside/metadata.json", "{}")
        try link("photos/metadata.json", to: work.url.appending(path: "outside/metadata.json").path)
        let run = try build()
        #expect(run.status == 1, "\(run.error)")
        #expect(
            run.error.contains(
                "metadata file '\(work.path)/photos/metadata.json': symbolic link to"),
            "\(run.error)")
    }

    @Test(
        "A settings file or a CSV metadata file that is a link out of the photos folder is refused, and read with --follow-symlinks",
        arguments: [
            ("waterfall.json", #"{ "title": "Linked" }"#, "settings file"),
            ("metadata.csv", "path,title\na.jpg,Linked\n", "metadata file"),
        ])
    func jsonAndTableLinksOutside(name: String, text: String, kind: String) throws {
        try work.write("outside/" + name, text)
        try link("photos/" + name, to: work.url.appending(path: "outside/" + name).path)
        let run = try build()
        #expect(run.status == 1, "\(run.error)")
        #expect(
            run.error.contains("\(kind) '\(work.path)/photos/\(name)': symbolic link to"),
            "\(run.error)")
        let following = try build(["--follow-symlinks"])
        #expect(following.status == 0, "\(following.error)")
    }

    @Test(
        "An SVG logo or favicon with active content is refused, naming what was found; a plain SVG works",
        arguments: [
            (#"<script>alert(1)</script>"#, "a <script> element"),
            (#"<rect onload="alert(1)" width="1" height="1"/>"#, "the event attribute onload="),
            (
                #"<a href="javascript:alert(1)"><rect width="1" height="1"/></a>"#,
                "a javascript: URL"
            ),
            (#"<a href="java&#x09;script:alert(1)"><rect/></a>"#, "a javascript: URL"),
            (#"<foreignObject><p>hi</p></foreignObject>"#, "a <foreignObject> element"),
            (#"<image href="https://tracker.example/x.png"/>"#, "a reference to another file"),
            (#"<use xlink:href="other.svg#shape"/>"#, "a reference to another file"),
        ])
    func activeSVG(body: String, found: String) throws {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">"#
            + body + "</svg>"
        try work.write("logo.svg", svg)
        for option in ["--logo", "--favicon"] {
            let run = try build([option, "logo.svg"])
            #expect(run.status == 1, "\(option) \(body): \(run.error)")
            #expect(
                run.error.contains(
                    "\(option) '\(work.path)/logo.svg': the SVG holds active content (\(found)"),
                "\(option) \(body): \(run.error)")
        }
    }

    @Test("A plain SVG logo, with references inside itself, is published")
    func plainSVG() throws {
        try work.write(
            "logo.svg",
            ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><path id="p" d="M0 0h10v10z"/></defs><use xlink:href="#p" fill="#c40"/><text font-family="Noto Sans">Donna's shop</text></svg>"##
        )
        let run = try build(["--logo", "logo.svg"])
        #expect(run.status == 0, "\(run.error)")
        let assets = try FileManager.default.contentsOfDirectory(
            atPath: work.url.appending(path: "site/assets").path)
        #expect(assets.contains { $0.hasPrefix("logo.") && $0.hasSuffix(".svg") }, "\(assets)")
    }
}
