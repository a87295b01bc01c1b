import Foundation
import Testing

@testable import PreviewServer

/// What a client that reads slowly, or not at all, costs the server: the body is read from the
/// file a chunk at a time as the socket drains, also for HTML pages that get the insertion.
@Suite("Slow readers of large files")
struct SlowReaderTests {
    /// An 880 KB page, as the attack used, ending in `</body></html>`.
    static func largePage() -> [UInt8] {
        var page = Array("<!doctype html><title>Large</title><body>\n".utf8)
        var line = 0
        while page.count < 880_000 {
            page += Array("<p>Product \(line): a cup with a long caption to read</p>\n".utf8)
            line += 1
        }
        return page + Array("</body></html>\n".utf8)
    }

    @Test(
        "A reader that takes nothing holds at most one 64 KB chunk of a large page, insertion or not",
        arguments: [true, false])
    func boundedPerReader(inserts: Bool) throws {
        let served = try ServedFolder()
        let page = Self.largePage()
        try Data(page).write(to: served.root.appending(path: "large.html"))
        let script = Array("<script>live()</script>".utf8)
        let files = StaticFiles(
            root: served.root.path, maximumPathBytes: 2048,
            htmlInsertion: inserts ? (script, "g1") : nil)
        let request = HTTPRequest(
            method: "GET", target: Array("/large.html".utf8), minorVersion: 1,
            headers: [("host", "127.0.0.1")])
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[1]) }
        PreviewServer.makeNonBlocking(ends[0])
        let connection = Connection(descriptor: ends[0], deadline: .infinity)
        defer { connection.closeAll() }
        connection.queue(files.response(to: request), keepAlive: false)
        #expect(connection.flush() == .blocked)
        // What the server still holds for this reader, beyond what the socket took.
        #expect(connection.output.count - connection.outputSent <= 64 * 1024)

        // Read by the peer, the body is the page with the script before </body>.
        let received = Reader(ends[1])
        var entry = pollfd(fd: ends[0], events: Int16(POLLOUT), revents: 0)
        while connection.flush() == .blocked { _ = poll(&entry, 1, 5000) }
        shutdown(ends[0], Int32(SHUT_WR))
        let response = try RawResponse(received.wait())
        let at = page.count - "</body></html>\n".utf8.count
        let expected = inserts ? Array(page[..<at]) + script + Array(page[at...]) : page
        #expect(response.body == expected)
        #expect(response.headers["content-length"] == "\(expected.count)")
    }

    @Test(
        "A page whose only </body is at its very start, or an empty page, gets the insertion",
        arguments: [
            ("</BODY></html>", "<script>live()</script></BODY></html>"),
            ("", "<script>live()</script>"),
        ])
    func insertionAtStart(page: String, served expected: String) throws {
        let served = try ServedFolder()
        try Data(page.utf8).write(to: served.root.appending(path: "start.html"))
        served.server.setHTMLInsertion("<script>live()</script>", tag: "g1")
        let response = try served.get("/start.html")
        #expect(response.status == 200)
        #expect(response.text == expected)
    }

    @Test(
        "The insertion point is the last </body in any case, also across the windows read backwards",
        arguments: [0, 1, 100, 65_530, 65_536, 65_540, 200_000, -1])
    func insertionPoint(tagAt offset: Int) throws {
        let served = try ServedFolder()
        var page = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
        if offset >= 0 {
            // Its start counted from the end, where the search begins.
            let start = page.count - 6 - offset
            page.replaceSubrange(start..<(start + 6), with: Array("</BoDy".utf8))
            page.replaceSubrange(10..<16, with: Array("</body".utf8))
        }
        let file = served.root.appending(path: "tag.html")
        try Data(page).write(to: file)
        let descriptor = open(file.path, O_RDONLY)
        defer { close(descriptor) }
        let expected = offset >= 0 ? page.count - 6 - offset : page.count
        #expect(StaticFiles.insertionPoint(in: descriptor, size: page.count) == expected)
    }
}

/// Everything read from a socket until its end, on a thread of its own.
private final class Reader: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes {
                    recv(descriptor, $0.baseAddress, $0.count, 0)
                }
                if count <= 0 { break }
                bytes += buffer[..<count]
            }
            done.signal()
        }
    }

    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}
