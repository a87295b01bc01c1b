import Foundation
import Testing

@testable import PreviewServer

@Suite("Static files on 127.0.0.1")
struct StaticFilesTests {
    @Test(
        "Each kind of file the site has gets its Content-Type",
        arguments: [
            ("/", "text/html; charset=utf-8"), ("/page-2.html", "text/html; charset=utf-8"),
            ("/waterfall.css", "text/css; charset=utf-8"), ("/layout.json", "application/json"),
            ("/photos/Ceramics/bowl.jpg", "image/jpeg"), ("/photos/mark.PNG", "image/png"),
        ])
    func contentTypes(path: String, type: String) throws {
        let served = try ServedFolder()
        let response = try served.get(path)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == type)
        #expect(response.headers["x-content-type-options"] == "nosniff")
    }

    @Test("Media types by extension, unknown ones as bytes")
    func mediaTypes() {
        #expect(MediaType.forPath("a/b.WEBP") == "image/webp")
        #expect(MediaType.forPath("a/b.svg") == "image/svg+xml")
        #expect(MediaType.forPath("a.b/c") == MediaType.fallback)
        #expect(MediaType.forPath("README") == MediaType.fallback)
    }

    @Test("GET sends the file; HEAD the same head without the body")
    func getAndHead() throws {
        let served = try ServedFolder()
        let get = try served.get("/photos/Ceramics/bowl.jpg")
        let file = try Data(contentsOf: served.root.appending(path: "photos/Ceramics/bowl.jpg"))
        #expect(get.body == Array(file))
        #expect(get.headers["content-length"] == "300000")
        #expect(get.headers["accept-ranges"] == "bytes")
        let head = try served.get("/photos/Ceramics/bowl.jpg", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == "300000")
        #expect(head.headers["etag"] == get.headers["etag"])
    }

    @Test("ETag and Last-Modified give 304 answers; a changed file a 200")
    func notModified() throws {
        let served = try ServedFolder()
        let first = try served.get("/waterfall.css")
        let etag = try #require(first.headers["etag"])
        let modified = try #require(first.headers["last-modified"])
        let byTag = try served.get("/waterfall.css", headers: ["If-None-Match: \"other\", \(etag)"])
        #expect(byTag.status == 304)
        #expect(byTag.body.isEmpty)
        #expect(byTag.headers["etag"] == etag)
        #expect(
            try served.get("/waterfall.css", headers: ["If-None-Match: W/\(etag)"]).status == 304)
        #expect(
            try served.get("/waterfall.css", headers: ["If-Modified-Since: \(modified)"]).status
                == 304)
        #expect(
            try served.get(
                "/waterfall.css", headers: ["If-Modified-Since: Thu, 01 Jan 1970 00:00:00 GMT"]
            ).status == 200)
        // If-None-Match wins over If-Modified-Since.
        #expect(
            try served.get(
                "/waterfall.css",
                headers: ["If-None-Match: \"other\"", "If-Modified-Since: \(modified)"]
            ).status == 200)
        try Data("body{color:red}".utf8).write(to: served.root.appending(path: "waterfall.css"))
        let changed = try served.get("/waterfall.css", headers: ["If-None-Match: \(etag)"])
        #expect(changed.status == 200)
        #expect(changed.text == "body{color:red}")
    }

    @Test(
        "Range: first-last, open-ended and suffix give 206 with the bytes",
        arguments: [
            ("bytes=0-9", 0..<10), ("bytes=299990-", 299_990..<300_000),
            ("bytes=-5", 299_995..<300_000),
            ("bytes=100-99999999", 100..<300_000),
        ])
    func ranges(header: String, range: Range<Int>) throws {
        let served = try ServedFolder()
        let file = try Array(
            Data(contentsOf: served.root.appending(path: "photos/Ceramics/bowl.jpg")))
        let response = try served.get("/photos/Ceramics/bowl.jpg", headers: ["Range: \(header)"])
        #expect(response.status == 206)
        #expect(
            response.headers["content-range"]
                == "bytes \(range.lowerBound)-\(range.upperBound - 1)/300000")
        #expect(response.headers["content-length"] == "\(range.count)")
        #expect(response.body == Array(file[range]))
    }

    @Test("An unsatisfiable range is 416; a malformed or multiple one gets the whole file")
    func badRanges() throws {
        let served = try ServedFolder()
        let beyond = try served.get("/photos/Ceramics/bowl.jpg", headers: ["Range: bytes=300000-"])
        #expect(beyond.status == 416)
        #expect(beyond.headers["content-range"] == "bytes */300000")
        #expect(try served.get("/waterfall.css", headers: ["Range: bytes=-0"]).status == 416)
        for header in ["bytes=5-1", "items=0-1", "bytes=0-1,5-6", "bytes=x-"] {
            let response = try served.get("/waterfall.css", headers: ["Range: \(header)"])
            #expect(response.status == 200, "\(header)")
            #expect(response.text == "body{}")
        }
        // If-Range with another version's tag: the whole (new) file.
        #expect(
            try served.get("/waterfall.css", headers: ["Range: bytes=0-1", "If-Range: \"old\""])
                .status == 200)
        let etag = try #require(try served.get("/waterfall.css").headers["etag"])
        #expect(
            try served.get("/waterfall.css", headers: ["Range: bytes=0-1", "If-Range: \(etag)"])
                .status == 206)
    }

    @Test(
        "Folders answer with their index.html; without a slash, a redirect to it; without an index, 404"
    )
    func indexFiles() throws {
        let served = try ServedFolder()
        #expect(try served.get("/").text.contains("<p>Home</p>"))
        #expect(try served.get("/photos/").text == "<p>Ceramics</p>")
        let redirect = try served.get("/photos?x=1")
        #expect(redirect.status == 301)
        #expect(redirect.headers["location"] == "/photos/?x=1")
        #expect(try served.get("/empty-folder/").status == 404)
        #expect(try served.get("/missing.html").status == 404)
    }

    @Test(
        "A redirect's Location is a path on this server: one leading slash, backslashes encoded",
        arguments: [
            ("//photos", "/photos/"), ("///photos?x=1", "/photos/?x=1"),
            ("//photos//Ceramics", "/photos/Ceramics/"), ("/\\evil.example", "/%5Cevil.example/"),
            ("//\\evil.example", "/%5Cevil.example/"),
        ])
    func redirectStaysHere(target: String, location: String) throws {
        let served = try ServedFolder()
        try FileManager.default.createDirectory(
            at: served.root.appending(path: "\\evil.example"), withIntermediateDirectories: true)
        let redirect = try served.get(target)
        #expect(redirect.status == 301, "\(target)")
        #expect(redirect.headers["location"] == location, "\(target)")
    }

    @Test("The insertion goes into HTML answers only, before </body>, and never into the file")
    func insertion() throws {
        let served = try ServedFolder()
        let before = try served.get("/")
        served.server.setHTMLInsertion("<script>live()</script>", tag: "g1")
        let home = try served.get("/")
        #expect(
            home.text
                == "<!doctype html><title>Home</title><body><p>Home</p><script>live()</script></body></html>"
        )
        #expect(home.headers["content-length"] == "\(home.body.count)")
        #expect(home.headers["last-modified"] == nil)
        #expect(
            try served.get("/page-2.html").text
                == "<html><body>Two<script>live()</script></BODY></html>")
        #expect(try served.get("/photos/").text == "<p>Ceramics</p><script>live()</script>")
        #expect(try served.get("/waterfall.css").text == "body{}")
        #expect(
            try String(contentsOf: served.root.appending(path: "index.html"), encoding: .utf8)
                .contains("script") == false)
        // The page's tag changes with the insertion, so a page cached before is sent again.
        let etag = try #require(home.headers["etag"])
        #expect(etag != before.headers["etag"])
        #expect(try served.get("/", headers: ["If-None-Match: \(etag)"]).status == 304)
        served.server.setHTMLInsertion("<script>live(2)</script>", tag: "g2")
        #expect(try served.get("/", headers: ["If-None-Match: \(etag)"]).status == 200)
    }
}
