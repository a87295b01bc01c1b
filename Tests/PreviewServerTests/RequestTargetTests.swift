import Foundation
import Testing

@testable import PreviewServer

@Suite("No way out of the served folder")
struct RequestTargetTests {
    @Test(
        "Traversal, encoded traversal, NUL, absolute-form and overlong targets get 400",
        arguments: [
            "/../outside/secret.txt", "/photos/../../outside/secret.txt",
            "/%2e%2e/outside/secret.txt", "/%2E%2e%2fsecret.txt",
            "/photos/%2e%2e/%2e%2e/outside/secret.txt", "/..%2foutside%2fsecret.txt",
            "/index.html%00.css", "/bad%zzescape",
            "/trailing%2", "/photos/.%2e/index.html", "http://127.0.0.1/index.html", "*",
            "index.html", "/" + String(repeating: "a", count: 3000),
            "/" + String(repeating: "b", count: 256),
        ])
    func refusedWith400(target: String) throws {
        let served = try ServedFolder()
        let response = try served.get(target)
        #expect(response.status == 400, "\(target)")
        #expect(!response.text.contains("outside"))
    }

    @Test(
        "Symlinks leaving the folder and hidden files get 404; a symlink inside is served",
        arguments: [
            "/escape.txt", "/escape-folder/secret.txt", "/escape-folder/", "/.waterfall-site-cache",
            "/photos/.cache/x",
        ])
    func refusedWith404(target: String) throws {
        let served = try ServedFolder()
        let response = try served.get(target)
        #expect(response.status == 404, "\(target)")
        #expect(!response.text.contains("outside"))
        #expect(!response.text.contains("secret"))
    }

    @Test("A symlink that stays inside is served; . and empty segments are ignored; %XX is decoded")
    func accepted() throws {
        let served = try ServedFolder()
        #expect(try served.get("/inside.css").text == "body{}")
        #expect(try served.get("/./photos//./Ceramics/bowl.jpg").status == 200)
        #expect(try served.get("/%77aterfall.css?v=1").text == "body{}")
    }

    @Test("Decoding rules without a server")
    func decoding() throws {
        let target = try RequestTarget(Array("/a%20b/c.jpg?x".utf8), maximumPathBytes: 100)
        #expect(target.segments == ["a b", "c.jpg"])
        #expect(target.query == "?x")
        #expect(throws: RequestTarget.Refusal.badRequest) {
            try RequestTarget(Array("/a/%2E%2E/b".utf8), maximumPathBytes: 100)
        }
        #expect(throws: RequestTarget.Refusal.badRequest) {
            try RequestTarget(Array("/a%2fb".utf8), maximumPathBytes: 100)
        }
        #expect(throws: RequestTarget.Refusal.notFound) {
            try RequestTarget(Array("/%ff%fe".utf8), maximumPathBytes: 100)
        }
    }
}
