import Foundation
import TestSupport
import Testing

/// `serve` out of file descriptors: the built binary under a low RLIMIT_NOFILE, with more
/// live-reload clients than it has descriptors for.
@Suite("serve: out of file descriptors", .serialized)
struct ServeDescriptorTests {
    static let limit = 64

    @Test("With every descriptor taken the server sleeps, and answers again once some are free")
    func outOfDescriptors() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/cups.jpg", Repository.samplePhoto())
        let server = try ServeProcess(
            [
                folder.url.appending(path: "photos").path, "-o",
                folder.url.appending(path: "site").path, "--port", "0", "--no-renditions",
            ], descriptorLimit: Self.limit)
        let pid = server.process.processIdentifier
        // More event streams than descriptors: the last ones wait in the listen queue.
        var clients = try (0..<(Self.limit + 16)).map { _ in
            let client = try LoopbackClient(port: server.port)
            try client.send("GET /.waterfall-site/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return client
        }
        try server.wait(for: "every descriptor in use", timeout: 30) { _ in
            Self.openDescriptors(pid) >= Self.limit ? true : nil
        }
        let before = try Self.cpuSeconds(pid)
        let started = Date()
        // A measurement over a span of time, not a wait for something to happen.
        Thread.sleep(forTimeInterval: 1.5)
        let used = try Self.cpuSeconds(pid) - before
        let elapsed = Date().timeIntervalSince(started)
        // A loop that spins on accept uses a whole core.
        #expect(used < 0.2 * elapsed, "\(used) s of CPU in \(elapsed) s")
        // The waiting ones too: each would take a descriptor freed by an accepted one.
        clients.removeLast(Self.limit)
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.body.contains("EventSource"))
        clients.removeAll()
    }

    /// User and system time of process `pid`, from /proc/PID/stat.
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command name, which is in parentheses and may hold spaces.
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func openDescriptors(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }
}

/// A TCP connection to 127.0.0.1, closed when the value goes away.
final class LoopbackClient {
    let descriptor: Int32

    /// `receiveBuffer` (bytes) keeps what the system takes in for a client that does not read
    /// small, so the server has to hold the rest.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        switch LoopbackSocket.connect(port: UInt16(port), receiveBuffer: receiveBuffer) {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let failure): throw ServeFailure(description: failure.description)
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes {
            Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard sent == bytes.count else {
            throw ServeFailure(description: "send: \(String(cString: strerror(errno)))")
        }
    }
}
