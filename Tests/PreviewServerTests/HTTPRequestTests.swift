import Foundation
import Testing

@testable import PreviewServer

@Suite("Malformed and oversized requests")
struct HTTPRequestTests {
    @Test(
        "Malformed requests get 400, other methods 405, other versions 505",
        arguments: [
            ("GARBAGE\r\n\r\n", 400), ("GET /\r\n\r\n", 400),
            ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\r\n", 400), ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
            ("GET /\u{1}x HTTP/1.1\r\nHost: a\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: a\r\n\r\n", 405),
            ("DELETE /index.html HTTP/1.1\r\nHost: a\r\n\r\n", 405),
            ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505), ("GET / FTP/1.0\r\n\r\n", 400),
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
            "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(try served.exchange(longLine).status == 414)
        let bigHeader =
            "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "b", count: 20000)
            + "\r\n\r\n"
        #expect(try served.exchange(bigHeader).status == 431)
        let manyFields =
            "GET / HTTP/1.1\r\nHost: a\r\n" + (0..<100).map { "X-\($0): y\r\n" }.joined() + "\r\n"
        #expect(try served.exchange(manyFields).status == 431)
        let endless = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X-A: b\r\n", count: 10)
        #expect(try served.exchange(endless + String(repeating: "c", count: 20000)).status == 431)
    }
}
