import Foundation
import Synchronization
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
        "Symlinks (leaving the folder or not), hidden files, FIFOs and files as folders get 404",
        arguments: [
            "/escape.txt", "/escape-folder/secret.txt", "/escape-folder/", "/.waterfall-site-cache",
            "/photos/.cache/x", "/inside.css", "/inside-folder/bowl.jpg", "/inside-folder/",
            "/fifo", "/waterfall.css/x",
        ])
    func refusedWith404(target: String) throws {
        let served = try ServedFolder()
        try FileManager.default.createSymbolicLink(
            atPath: served.root.appending(path: "inside-folder").path,
            withDestinationPath: "photos/Ceramics")
        // Opening a FIFO for reading would wait for a writer, holding up the whole loop.
        #expect(mkfifo(served.root.appending(path: "fifo").path, 0o644) == 0)
        let response = try served.get(target)
        #expect(response.status == 404, "\(target)")
        #expect(!response.text.contains("outside"))
        #expect(!response.text.contains("secret"))
    }

    @Test(
        "A symlink swapped in for a file between a check and an open is never followed (5,000 tries from four clients)"
    )
    func swappedSymlink() throws {
        let served = try ServedFolder()
        let race = served.root.appending(path: "race.txt").path
        let secret = served.outside.appending(path: "secret.txt").path
        let stopping = Atomic(false)
        let swapper = Thread {
            // race.txt is a file, then a symlink out of the folder, then a file again, each
            // put in place whole by a rename.
            while !stopping.load(ordering: .relaxed) {
                let file = race + ".file"
                let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                _ = write(descriptor, "inside", 6)
                close(descriptor)
                rename(file, race)
                let link = race + ".link"
                symlink(secret, link)
                rename(link, race)
            }
        }
        swapper.start()
        defer { stopping.store(true, ordering: .relaxed) }
        let answers = Mutex<[Int: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1250 {
                guard let response = try? served.get("/race.txt") else { continue }
                #expect(!response.text.contains("outside"))
                answers.withLock { $0[response.status, default: 0] += 1 }
            }
        }
        let counts = answers.withLock { $0 }
        #expect(Set(counts.keys).isSubset(of: [200, 404]), "\(counts)")
    }

    @Test(". and empty segments are ignored; %XX is decoded")
    func accepted() throws {
        let served = try ServedFolder()
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
