#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One client socket of the ``PreviewServer`` loop and where it is in its exchange. Every
/// socket is non-blocking: a connection only ever does what `poll` said it can do now.
final class Connection {
    enum Phase {
        /// Waiting for (the rest of) a request head.
        case reading
        /// Sending a response; then reading again, or closing.
        case writing
        /// An open event stream: events are appended to the output as they come.
        case streaming
        /// The response is out and the write side shut: reading what the client still sends
        /// until it closes, so the close does not reset the connection and lose the answer.
        case lingering
    }

    let descriptor: Int32
    var phase = Phase.reading
    var input: [UInt8] = []
    var output: [UInt8] = []
    var outputSent = 0
    /// The rest of a file body still to send: its descriptor and the parts left, the first
    /// one shortened by what has been read of it.
    var file: (descriptor: Int32, parts: ArraySlice<HTTPResponse.Part>)?
    /// The most of a file read ahead of the socket at once: what a slow reader costs in memory,
    /// however large the file.
    static let chunkSize = 64 * 1024
    var keepsAlive = false
    /// When the connection is given up (monotonic seconds); infinity while streaming.
    var deadline: Double

    init(descriptor: Int32, deadline: Double) {
        self.descriptor = descriptor
        self.deadline = deadline
    }

    var hasPendingOutput: Bool { outputSent < output.count || file != nil }

    /// Queues `response` (head, then body unless HEAD/304).
    func queue(_ response: HTTPResponse, keepAlive: Bool) {
        output.append(contentsOf: response.head(keepAlive: keepAlive))
        keepsAlive = keepAlive && !response.closes
        guard response.sendsBody else {
            response.closeFile()
            return
        }
        switch response.body {
        case .bytes(let bytes): output.append(contentsOf: bytes)
        case .file(let descriptor, let parts):
            // An empty part (the file before an insertion at its very start) would read as a
            // failed read: none is kept.
            file = (descriptor, parts.filter { $0.count > 0 }[...])
            if response.bodyLength == 0 { closeFile() }
        }
    }

    enum Progress { case done, blocked, failed }

    /// Sends what it can without blocking; `.done` once everything queued is out.
    func flush() -> Progress {
        while true {
            if outputSent == output.count {
                output.removeAll(keepingCapacity: true)
                outputSent = 0
                guard file != nil else { return .done }
                guard loadPiece() else { return .failed }
            }
            let sent = output.withUnsafeBytes { buffer in
                send(
                    descriptor, buffer.baseAddress! + outputSent, buffer.count - outputSent,
                    Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                outputSent += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return .blocked
            } else {
                return .failed
            }
        }
    }

    /// Puts the next piece of the file body into `output`: at most ``chunkSize`` bytes of the
    /// file, or the next bytes that are not in it. False when the file could not be read (it
    /// has been shortened since it was opened), and the connection has to close.
    private func loadPiece() -> Bool {
        guard var pending = file, let part = pending.parts.first else { return true }
        switch part {
        case .bytes(let bytes):
            output = bytes
            pending.parts.removeFirst()
        case .range(let range):
            let chunk = min(range.count, Self.chunkSize)
            output = [UInt8](repeating: 0, count: chunk)
            let count = output.withUnsafeMutableBytes {
                pread(pending.descriptor, $0.baseAddress, chunk, off_t(range.lowerBound))
            }
            guard count > 0 else {
                output.removeAll()
                closeFile()
                return false
            }
            output.removeLast(chunk - count)
            pending.parts[pending.parts.startIndex] = .range(
                (range.lowerBound + count)..<range.upperBound)
        }
        while let first = pending.parts.first, first.count == 0 { pending.parts.removeFirst() }
        file = pending
        if pending.parts.isEmpty { closeFile() }
        return true
    }

    /// Whether the client has closed its side (it may still read the answer).
    var peerClosed = false

    /// Reads what has arrived into `input`; false when the socket failed.
    func receive(maximum: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, 0)
            }
            if count > 0 {
                // Past the limit the parser has already refused the head; keep no more.
                if input.count < maximum { input.append(contentsOf: buffer[..<count]) }
                if count < buffer.count { return true }
            } else if count == 0 {
                peerClosed = true
                return true
            } else if errno == EINTR {
                continue
            } else {
                return errno == EAGAIN || errno == EWOULDBLOCK
            }
        }
    }

    func closeFile() {
        if let file { close(file.descriptor) }
        file = nil
    }

    func closeAll() {
        closeFile()
        close(descriptor)
    }
}
