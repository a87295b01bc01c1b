import Foundation
import Testing

@testable import PreviewServer

@Suite("The server loop on 127.0.0.1")
struct PreviewServerTests {
    @Test("A slow client is cut off with 408 after the time limit; an idle one is closed quietly")
    func slowClient() throws {
        // Against the 10 s default: an answer well before it is the configured limit's, even on
        // a machine busy with other tests.
        let served = try ServedFolder { $0.clientTimeout = 0.5 }
        let slow = try RawClient(port: served.server.port)
        let started = Date()
        try slow.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
        let response = try RawResponse(slow.readToEnd())
        #expect(response.status == 408)
        #expect(Date().timeIntervalSince(started) < 6)
        let idle = try RawClient(port: served.server.port)
        #expect(try idle.readToEnd().isEmpty)
        // Meanwhile the server answers others.
        #expect(try served.get("/").status == 200)
    }

    @Test("A slow client does not hold up the others")
    func slowClientBlocksNoOne() throws {
        // A server held up by a slow client would answer only when that client's 60 s are up.
        let served = try ServedFolder { $0.clientTimeout = 60 }
        let slow = (0..<20).compactMap { _ in try? RawClient(port: served.server.port) }
        for client in slow { try client.send(Array("GET / HT".utf8)) }
        let started = Date()
        for _ in 0..<20 { #expect(try served.get("/waterfall.css").status == 200) }
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("Keep-alive: several requests, pipelined, on one connection")
    func keepAlive() throws {
        let served = try ServedFolder()
        let client = try RawClient(port: served.server.port)
        let one = "GET /waterfall.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        try client.send(
            Array(
                (one + one
                    + "GET /layout.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .utf8))
        let text = String(decoding: try client.readToEnd(), as: UTF8.self)
        #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count == 4)
        #expect(text.hasSuffix("{}"))
    }

    @Test("Event stream: greeting first, then every event sent; HTML responses unaffected")
    func eventStream() throws {
        let served = try ServedFolder()
        served.server.setGreeting([ServerSentEvent(name: "build", data: "1")])
        let client = try RawClient(port: served.server.port)
        try client.send(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let greeting = try client.read(until: "data: 1\n\n")
        #expect(greeting.contains("Content-Type: text/event-stream"))
        #expect(greeting.contains("event: build\ndata: 1\n\n"))
        served.server.send(ServerSentEvent(name: "failed", data: "line one\nline two"))
        #expect(
            try client.read(until: "two\n\n").contains(
                "event: failed\ndata: line one\ndata: line two\n\n"))
        #expect(try served.get("/").status == 200)
    }

    @Test(
        "CR, LF and CRLF in event data start new data lines: no event can end early or be forged",
        arguments: [
            ("one\r\ntwo\rthree\nfour", "data: one\ndata: two\ndata: three\ndata: four\n\n"),
            (
                "x\r\n\r\nevent: build\r\ndata: 99\r\n\r\n",
                "data: x\ndata: \ndata: event: build\ndata: data: 99\ndata: \ndata: \n\n"
            ),
            ("\r\r\n\n", "data: \ndata: \ndata: \ndata: \n\n"),
        ])
    func eventFraming(data: String, framed: String) throws {
        let event = ServerSentEvent(name: "fail\r\ned", data: data)
        #expect(String(decoding: event.encoded, as: UTF8.self) == "event: failed\n" + framed)
        let served = try ServedFolder()
        let client = try RawClient(port: served.server.port)
        try client.send(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        _ = try client.read(until: "retry: 1000\n\n")
        served.server.send(event)
        served.server.send(ServerSentEvent(name: "end", data: "."))
        let stream = try client.read(until: "event: end\ndata: .\n\n")
        #expect(!stream.contains("\r"))
        #expect(stream.hasSuffix("event: failed\n" + framed + "event: end\ndata: .\n\n"))
    }

    @Test("10,000 requests over 50 concurrent connections, 0 errors")
    func load() async throws {
        let served = try ServedFolder()
        let port = served.server.port
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    var failures = 0
                    let client = try RawClient(port: port)
                    let request = Array(
                        "GET /waterfall.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
                    for _ in 0..<200 {
                        try client.send(request)
                        let text = try client.read(until: "body{}")
                        if !text.hasPrefix("HTTP/1.1 200 OK") { failures += 1 }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    @Test("A taken port makes it try the next; only loopback addresses count as loopback")
    func ports() throws {
        let first = try PreviewServer(ServerConfiguration(root: "/tmp", port: 0))
        let second = try PreviewServer(
            ServerConfiguration(root: "/tmp", port: first.port, portAttempts: 5))
        #expect(second.port > first.port && second.port <= first.port + 4)
        #expect(throws: PreviewServerError.self) {
            try PreviewServer(ServerConfiguration(root: "/tmp", port: first.port))
        }
        #expect(throws: PreviewServerError.self) {
            try PreviewServer(ServerConfiguration(root: "/tmp", host: "example.com"))
        }
        #expect(SocketAddress(host: "127.0.0.1")?.isLoopback == true)
        #expect(SocketAddress(host: "localhost")?.isLoopback == true)
        #expect(SocketAddress(host: "::1")?.isLoopback == true)
        #expect(SocketAddress(host: "0.0.0.0")?.isLoopback == false)
        #expect(SocketAddress(host: "192.168.1.2")?.isLoopback == false)
    }

    @Test("stop() ends run() and closes open connections")
    func stops() throws {
        var served: ServedFolder? = try ServedFolder()
        let client = try RawClient(port: served!.server.port)
        try client.send(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        _ = try client.read(until: "retry")
        served = nil
        // The stream ends instead of running into the client's 5-second time-out.
        let rest = try client.readToEnd()
        #expect(!String(decoding: rest, as: UTF8.self).contains("HTTP/1.1"))
    }
}
