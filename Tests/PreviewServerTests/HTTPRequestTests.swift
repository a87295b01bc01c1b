import Foundation
import Testing

@testable import PreviewServer

@Suite("Malformed and oversized requests")
struct HTTPRequestTests {
    @Test(
        "Malformed requests get 400, other methods 405, other versions 505",
        arguments: [
            ("GARBAGE\r\n\r\n", 400), ("GET /\r\n\r\n", 400),
            ("GET  / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: b\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n folded\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello", 400),
            (
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                400
            ),
            ("GET /\u{1}x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405),
            ("DELETE /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405),
            ("GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505), ("GET / FTP/1.0\r\n\r\n", 400),
        ])
    func malformed(request: String, status: Int) throws {
        let served = try ServedFolder()
        let response = try served.exchange(request)
        #expect(response.status == status, "\(request.debugDescription)")
    }

    @Test("HTTP/1.0 needs no Host; bare LF line ends and leading empty lines are accepted")
    func lenient() throws {
        let served = try ServedFolder()
        #expect(try served.exchange("GET /waterfall.css HTTP/1.0\r\n\r\n").text == "body{}")
        #expect(try served.exchange("\r\nGET /waterfall.css HTTP/1.0\n\n").text == "body{}")
    }

    @Test("A request line over the limit gets 414, a head over it or too many fields 431")
    func limits() throws {
        let served = try ServedFolder()
        let longLine =
            "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        #expect(try served.exchange(longLine).status == 414)
        let bigHeader =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "b", count: 20000)
            + "\r\n\r\n"
        #expect(try served.exchange(bigHeader).status == 431)
        let manyFields =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (0..<100).map { "X-\($0): y\r\n" }.joined()
            + "\r\n"
        #expect(try served.exchange(manyFields).status == 431)
        let endless =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: "X-A: b\r\n", count: 10)
        #expect(try served.exchange(endless + String(repeating: "c", count: 20000)).status == 431)
    }
}

@Suite("Host names a loopback server answers to")
struct HostCheckTests {
    @Test(
        "Loopback names, with or without the port, are answered",
        arguments: [
            "127.0.0.1", "localhost", "LocalHost", "[::1]", "127.0.0.1:PORT", "localhost:PORT",
            "[::1]:PORT",
        ])
    func answered(host: String) throws {
        let served = try ServedFolder()
        let value = host.replacing("PORT", with: String(served.server.port))
        let response = try served.exchange(
            "GET / HTTP/1.1\r\nHost: \(value)\r\nConnection: close\r\n\r\n")
        #expect(response.status == 200, "\(value)")
    }

    @Test(
        "Any other name (a DNS rebinding page's) gets 421 with a short body, also for the event stream",
        arguments: [
            ("/", "evil.example"), ("/", "evil.example:PORT"), ("/", "127.0.0.1.nip.io:PORT"),
            ("/", "localhost:1"), ("/", "127.0.0.1:PORT0"), ("/events", "evil.example:PORT"),
            ("/photos", "evil.example"),
        ])
    func refused(target: String, host: String) throws {
        let served = try ServedFolder()
        let value = host.replacing("PORT", with: String(served.server.port))
        let response = try served.exchange(
            "GET \(target) HTTP/1.1\r\nHost: \(value)\r\nConnection: close\r\n\r\n")
        #expect(response.status == 421, "\(value)")
        #expect(response.body.count < 100)
        #expect(!response.text.contains("Home") && response.headers["location"] == nil)
    }

    @Test("HTTP/1.1 without Host is refused with 400; HTTP/1.0 without it is answered")
    func missing() throws {
        let served = try ServedFolder()
        #expect(try served.exchange("GET / HTTP/1.1\r\nConnection: close\r\n\r\n").status == 400)
        #expect(try served.exchange("GET / HTTP/1.0\r\n\r\n").status == 200)
    }

    @Test("The bound loopback address is a name too; on an address open to the network any name is")
    func boundAddress() {
        let names = PreviewServer.answeredHosts(listeningOn: "127.0.0.2", port: 8001)
        #expect(names?.contains("127.0.0.2:8001") == true)
        #expect(names?.contains("127.0.0.2") == true)
        #expect(names?.contains("evil.example") == false)
        #expect(
            PreviewServer.answeredHosts(listeningOn: "::1", port: 80)?.contains("[::1]:80") == true)
        #expect(PreviewServer.answeredHosts(listeningOn: "0.0.0.0", port: 8001) == nil)
        #expect(PreviewServer.answeredHosts(listeningOn: "192.168.1.2", port: 8001) == nil)
    }
}
