#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A response ready to send: the head, then a body from memory or from an open file.
struct HTTPResponse {
    enum Body {
        case bytes([UInt8])
        /// Parts of the open file `descriptor`, with bytes between them, sent in order and read
        /// a piece at a time as the client takes them; the response owns the descriptor and
        /// closes it.
        case file(descriptor: Int32, parts: [Part])
    }

    /// A piece of a file body.
    enum Part {
        /// These bytes of the file.
        case range(Range<Int>)
        /// Bytes that are not in the file, such as the live-reload script of an HTML page,
        /// shared by every response that sends them.
        case bytes([UInt8])

        var count: Int {
            switch self {
            case .range(let range): return range.count
            case .bytes(let bytes): return bytes.count
            }
        }
    }

    var status: HTTPStatus
    var headers: [(String, String)] = []
    var body: Body = .bytes([])
    /// Whether the body is sent (not for HEAD or 304).
    var sendsBody = true
    /// The connection closes after this response.
    var closes = false
    /// The connection becomes an event stream after the head.
    var startsEventStream = false

    var bodyLength: Int {
        switch body {
        case .bytes(let bytes): return bytes.count
        case .file(_, let parts): return parts.reduce(0) { $0 + $1.count }
        }
    }

    /// A short plain-text answer for an error or a redirect.
    static func plain(_ status: HTTPStatus, _ extraHeaders: [(String, String)] = []) -> HTTPResponse
    {
        var response = HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + extraHeaders)
        response.body = .bytes(Array("\(status.code) \(status.reason)\n".utf8))
        return response
    }

    /// The status line and headers, with `Date`, `Content-Length` and `Connection` added.
    func head(keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        text += "Date: \(HTTPDate.text(time(nil)))\r\nServer: waterfall-site\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !startsEventStream && status != .notModified {
            text += "Content-Length: \(bodyLength)\r\n"
        }
        text +=
            keepAlive && !closes
            ? (startsEventStream ? "" : "Connection: keep-alive\r\n") : "Connection: close\r\n"
        text += "\r\n"
        return Array(text.utf8)
    }

    /// Closes the file a body would have been read from, for a response that will not send it.
    func closeFile() {
        if case .file(let descriptor, _) = body { close(descriptor) }
    }
}
