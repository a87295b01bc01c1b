import Foundation
import TestSupport
import Testing

/// The owner's own files (`PHOTOS/static/`): in the site root as they are, through every rebuild,
/// never scanned, and never in the place of a generated file.
@Suite("Static files of the owner", .serialized)
struct StaticFolderTests {
    let binary: URL
    let work: TemporaryFolder

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
        work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto("chelsea-the-cat.jpg"))
        try work.write("photos/Sub/b.png", try Repository.samplePhoto("Ceramics/espresso-cup.png"))
    }

    private func build(_ extra: [String] = [], output: String = "site") throws -> ProcessRun {
        try ProcessRun(
            binary, ["build", "photos", "-o", output, "--no-renditions"] + extra, in: work.url)
    }

    private func site(_ path: String) throws -> String {
        try String(contentsOf: work.url.appending(path: "site/" + path), encoding: .utf8)
    }

    @Test(
        "static/ is copied as it is, hidden files and folders too, is never scanned, and follows every change on rebuilds"
    )
    func copiedAndKept() throws {
        try work.write("photos/static/CNAME", "gallery.example.com\n")
        try work.write("photos/static/.nojekyll", "")
        try work.write("photos/static/404.html", "<p>Not here</p>")
        try work.write(
            "photos/static/.well-known/security.txt", "Contact: mailto:shop@example.com\n")
        try work.write(
            "photos/static/favicon.png", try Repository.samplePhoto("Ceramics/espresso-cup.png"))
        let first = try build()
        #expect(first.status == 0, "\(first.error)")
        #expect(
            first.output.hasPrefix("Built 2 photos in 2 sections"),
            "a picture in static/ is not a photo of the gallery: \(first.output)")
        #expect(try site("CNAME") == "gallery.example.com\n")
        #expect(try site(".nojekyll") == "")
        #expect(try site("404.html") == "<p>Not here</p>")
        #expect(try site(".well-known/security.txt") == "Contact: mailto:shop@example.com\n")
        #expect(!(try site("index.html")).contains("favicon"))

        // Edited in place, replaced by a new file, added, removed: each shows in the next build.
        let again = try build()
        #expect(again.status == 0)
        #expect(try site("CNAME") == "gallery.example.com\n", "a rebuild keeps the owner's files")
        let cname = try FileHandle(forWritingTo: work.url.appending(path: "photos/static/CNAME"))
        try cname.truncate(atOffset: 0)
        try cname.write(contentsOf: Data("shop.example.com\n".utf8))
        try cname.close()
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/static/404.html"))
        try work.write("photos/static/404.html", "<p>Gone</p>")
        try work.write("photos/static/robots.txt", "User-agent: *\n")
        try FileManager.default.removeItem(
            at: work.url.appending(path: "photos/static/.well-known"))
        let changed = try build()
        #expect(changed.status == 0, "\(changed.error)")
        #expect(try site("CNAME") == "shop.example.com\n")
        #expect(try site("404.html") == "<p>Gone</p>")
        #expect(try site("robots.txt") == "User-agent: *\n")
        #expect(
            !FileManager.default.fileExists(
                atPath: work.url.appending(path: "site/.well-known").path))

        // The rebuild equals a build from nothing.
        let fresh = try build(["--no-cache"], output: "fresh")
        #expect(fresh.status == 0)
        #expect(
            try EndToEndTests.tree(work.url.appending(path: "site"))
                == EndToEndTests.tree(work.url.appending(path: "fresh")))
    }

    @Test(
        "A static file in the place of a generated one is an error naming both; the previous site stays"
    )
    func clashes() throws {
        #expect(try build().status == 0)
        let before = try EndToEndTests.tree(work.url.appending(path: "site"))
        let cases: [(file: String, message: String)] = [
            ("index.html", "would overwrite the generated 'index.html'"),
            ("_headers/readme.txt", "would overwrite the generated '_headers'"),
            (".waterfall-site", "would overwrite the generated '.waterfall-site'"),
            ("assets/extra.css", "would go inside the generated folder 'assets/'"),
            ("photos/a.jpg", "would go inside the generated folder 'photos/'"),
            ("renditions", "would go inside the generated folder 'renditions/'"),
        ]
        for (file, message) in cases {
            try work.write("photos/static/" + file, "mine")
            let run = try build()
            #expect(run.status == 1, "\(file)")
            #expect(
                run.error.contains("static file '\(work.path)/photos/static/\(file)' \(message)"),
                "\(file): \(run.error)")
            #expect(
                try EndToEndTests.tree(work.url.appending(path: "site")) == before,
                "\(file): the previous site is as it was")
            try FileManager.default.removeItem(at: work.url.appending(path: "photos/static"))
        }

        // layout.json and layout/ are the build's with --layout-files, else free for the owner.
        for (file, message) in [
            ("layout.json", "would overwrite the generated 'layout.json'"),
            ("layout/index.json", "would go inside the generated folder 'layout/'"),
        ] {
            try work.write("photos/static/" + file, "mine")
            let run = try build(["--layout-files"])
            #expect(run.status == 1 && run.error.contains(message), "\(file): \(run.error)")
            #expect(try build().status == 0)
            #expect(try site(file) == "mine")
            try FileManager.default.removeItem(at: work.url.appending(path: "photos/static"))
        }

        // page-2.html is free while the site has one page, and taken once it has two.
        try work.write("photos/static/page-2.html", "mine")
        #expect(try build().status == 0)
        let paged = try build(["--page-size", "1"])
        #expect(paged.status == 1)
        #expect(
            paged.error.contains("would overwrite the generated 'page-2.html'"), "\(paged.error)")
        // With the owner's own _headers, none is generated: no clash.
        try work.write("photos/static/_headers", "/*\n  X-Frame-Options: DENY\n")
        #expect(try build().status == 0)
    }

    @Test(
        "--static and staticFolder name another folder; a missing one, or one holding the photos or the output, is an error"
    )
    func otherFolders() throws {
        try work.write("public/CNAME", "a.example\n")
        #expect(try build(["--static", "public"]).status == 0)
        #expect(try site("CNAME") == "a.example\n")
        // A settings file names a folder inside its own (see InputPathsEndToEndTests).
        try work.write("photos/waterfall.json", #"{ "staticFolder": "public" }"#)
        try work.write("photos/public/CNAME", "b.example\n")
        #expect(try build().status == 0)
        #expect(try site("CNAME") == "b.example\n")

        let missing = try build(["--static", "nowhere"])
        #expect(missing.status == 1)
        #expect(
            missing.error.contains(
                "static folder '\(work.path)/nowhere' does not exist or is not a folder"),
            "\(missing.error)")
        let photos = try build(["--static", "."])
        #expect(photos.status == 1)
        #expect(photos.error.contains("is or contains the photos folder"), "\(photos.error)")
        let output = try build(["--static", "public"], output: "public/site")
        #expect(output.status == 1)
        #expect(output.error.contains("must not hold one another"), "\(output.error)")
    }
}
