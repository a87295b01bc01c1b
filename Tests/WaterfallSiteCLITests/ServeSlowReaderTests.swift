import Foundation
import TestSupport
import Testing

/// Many clients that ask for a large page and read none of it, against the built binary: what
/// the attack run measured (300 readers of an 880 KB page held 294 MB).
@Suite("serve: slow readers of a large page", .serialized)
struct ServeSlowReaderTests {
    static let readers = 300

    @Test("300 readers that take nothing of an 880 KB page cost serve well under 64 MB")
    func memoryPerSlowReader() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/cups.jpg", Repository.samplePhoto())
        var page = "<!doctype html><title>Large</title><body>\n"
        while page.utf8.count < 880_000 { page += "<p>A product with a long caption to read</p>\n" }
        // From the static folder into the site root as it is; the script goes into it as served.
        try folder.write("photos/static/large.html", page + "</body></html>\n")
        let server = try ServeProcess([
            folder.url.appending(path: "photos").path, "-o",
            folder.url.appending(path: "site").path, "--port", "0", "--no-renditions",
        ])
        let before = try Self.residentBytes(server.process.processIdentifier)
        let clients = try (0..<Self.readers).map { _ in
            let client = try LoopbackClient(port: server.port, receiveBuffer: 4096)
            try client.send("GET /large.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return client
        }
        // Accepted and answered in the order they came: once a later request is answered,
        // every reader's answer has been started.
        let page2 = try server.get("/large.html")
        #expect(page2.status == 200 && page2.body.contains("EventSource"))
        let grown = try Self.residentBytes(server.process.processIdentifier) - before
        #expect(grown < 64 << 20, "serve grew by \(grown >> 20) MB")
        withExtendedLifetime(clients) {}
    }

    /// VmRSS of process `pid`, in bytes.
    static func residentBytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
