import Foundation
import PreviewServer
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary folder of site-like files, served by a ``PreviewServer`` on 127.0.0.1 on a port
/// the system picks, for as long as the value lives.
final class ServedFolder: @unchecked Sendable {
    let root: URL
    let outside: URL
    let server: PreviewServer
    private let finished = DispatchSemaphore(value: 0)

    init(configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        let base = FileManager.default.temporaryDirectory.appending(
            path: "preview-server-tests-\(UUID().uuidString)")
        root = base.appending(path: "site")
        outside = base.appending(path: "outside")
        let files = FileManager.default
        try files.createDirectory(
            at: root.appending(path: "photos/Ceramics"), withIntermediateDirectories: true)
        try files.createDirectory(
            at: root.appending(path: "empty-folder"), withIntermediateDirectories: true)
        try files.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("<!doctype html><title>Home</title><body><p>Home</p></body></html>".utf8).write(
            to: root.appending(path: "index.html"))
        try Data("<html><body>Two</BODY></html>".utf8).write(
            to: root.appending(path: "page-2.html"))
        try Data("body{}".utf8).write(to: root.appending(path: "waterfall.css"))
        try Data("{}".utf8).write(to: root.appending(path: "layout.json"))
        try Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(
            to: root.appending(path: "photos/Ceramics/bowl.jpg"))
        try Data([0x89, 0x50]).write(to: root.appending(path: "photos/mark.PNG"))
        try Data("<p>Ceramics</p>".utf8).write(to: root.appending(path: "photos/index.html"))
        try Data("secret".utf8).write(to: root.appending(path: ".waterfall-site-cache"))
        try Data("outside".utf8).write(to: outside.appending(path: "secret.txt"))
        try files.createSymbolicLink(
            atPath: root.appending(path: "escape.txt").path,
            withDestinationPath: outside.appending(path: "secret.txt").path)
        try files.createSymbolicLink(
            atPath: root.appending(path: "escape-folder").path, withDestinationPath: outside.path)
        try files.createSymbolicLink(
            atPath: root.appending(path: "inside.css").path, withDestinationPath: "waterfall.css")
        var configuration = ServerConfiguration(
            root: root.path, host: "127.0.0.1", port: 0, eventStreamPath: "/events")
        configure(&configuration)
        server = try PreviewServer(configuration)
        let server = server
        let finished = finished
        Thread.detachNewThread {
            server.run()
            finished.signal()
        }
    }

    deinit {
        server.stop()
        finished.wait()
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    /// Sends `request` as raw bytes on a new connection and reads until the server closes it.
    func exchange(_ request: String) throws -> RawResponse {
        try exchange(Array(request.utf8))
    }

    func exchange(_ request: [UInt8]) throws -> RawResponse {
        let client = try RawClient(port: server.port)
        try client.send(request)
        return try RawResponse(client.readToEnd())
    }

    /// A GET (or `method`) of `target` with `headers`, closing afterwards.
    func get(_ target: String, method: String = "GET", headers: [String] = []) throws -> RawResponse
    {
        try exchange(
            "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    }
}

/// A blocking TCP client on 127.0.0.1 with a read time-out, for speaking raw HTTP.
final class RawClient {
    let descriptor: Int32

    init(port: UInt16, timeout: Int = 5) throws {
        switch LoopbackSocket.connect(port: port) {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let failure): throw ClientError(description: failure.description)
        }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(
            descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else {
                throw ClientError(description: "send: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }

    /// Everything until the server closes; throws on the time-out.
    func readToEnd() throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, 0)
            }
            if count > 0 {
                result.append(contentsOf: buffer[..<count])
            } else if count == 0 || errno == ECONNRESET {
                return result
            } else {
                throw ClientError(
                    description:
                        "recv: \(String(cString: strerror(errno))) after \(result.count) bytes")
            }
        }
    }

    /// Reads until `bytes` holds `needle`; throws on the time-out.
    func read(until needle: String) throws -> String {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: result, as: UTF8.self).contains(needle) {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, 0)
            }
            guard count > 0 else {
                throw ClientError(
                    description: "no '\(needle)' in: \(String(decoding: result, as: UTF8.self))")
            }
            result.append(contentsOf: buffer[..<count])
        }
        return String(decoding: result, as: UTF8.self)
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
}

/// A response read off the wire: status, headers (names lowercased) and body.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    init(_ bytes: [UInt8]) throws {
        guard
            let end = bytes.indices.first(where: {
                bytes[$0...].starts(with: Array("\r\n\r\n".utf8))
            })
        else {
            throw ClientError(
                description:
                    "no complete response head in \(bytes.count) bytes: \(String(decoding: bytes, as: UTF8.self))"
            )
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        status = statusParts.count > 1 ? Int(statusParts[1]) ?? 0 : 0
        headers = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        body = Array(bytes[(end + 4)...])
    }
}
