import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server for previewing a static site: GET and HEAD of the files below one
/// folder, and a Server-Sent Events stream that another thread feeds.
///
/// One thread runs ``run()``: a `poll` loop over non-blocking sockets, so a slow or idle client
/// holds a slot, never a thread, and thousands of requests a second need no pool. Every limit
/// in ``ServerConfiguration`` is enforced on every client. Other threads talk to the loop only
/// through ``send(_:)``, ``setGreeting(_:)``, ``setHTMLInsertion(_:)`` and ``stop()``, which
/// wake it through a pipe.
///
/// ```swift
/// let server = try PreviewServer(ServerConfiguration(root: "_site", eventStreamPath: "/events"))
/// print("http://127.0.0.1:\(server.port)/")
/// server.run()   // until stop()
/// ```
public final class PreviewServer: @unchecked Sendable {
    public let configuration: ServerConfiguration
    /// The port actually listened on (the first free one tried, or the system's choice for 0).
    public let port: UInt16
    private let listener: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    /// The `Host` values answered (lowercase), or nil for any: see ``acceptsHost(_:)``.
    private let hostNames: Set<String>?

    /// What other threads hand to the loop.
    private struct Shared {
        var stopping = false
        var events: [ServerSentEvent] = []
        var greeting: [ServerSentEvent] = []
        var insertion: (bytes: [UInt8], tag: String)?
    }
    private let shared = Mutex(Shared())

    /// Binds and listens; throws when no port of the range is free or the host is not an
    /// address of this machine.
    public init(_ configuration: ServerConfiguration) throws(PreviewServerError) {
        self.configuration = configuration
        guard let address = SocketAddress(host: configuration.host) else {
            throw PreviewServerError(
                description:
                    "'\(configuration.host)' is not an IP address (use e.g. 127.0.0.1, ::1 or 0.0.0.0)"
            )
        }
        var chosen: (descriptor: Int32, port: UInt16)?
        var lastError: Int32 = 0
        let attempts = configuration.port == 0 ? 1 : max(1, configuration.portAttempts)
        for offset in 0..<attempts {
            let wanted = Int(configuration.port) + offset
            guard wanted <= 65535 else { break }
            switch address.listen(port: UInt16(wanted)) {
            case .success(let bound):
                chosen = bound
            case .failure(let number):
                lastError = number
                // Only a taken port is worth trying the next one for.
                if number != EADDRINUSE && number != EACCES { break }
                continue
            }
            break
        }
        guard let chosen else {
            let ports =
                attempts == 1
                ? "port \(configuration.port)"
                : "ports \(configuration.port)–\(Int(configuration.port) + attempts - 1)"
            throw PreviewServerError(
                description:
                    "cannot listen on \(configuration.host), \(ports): \(String(cString: strerror(lastError)))"
            )
        }
        listener = chosen.descriptor
        port = chosen.port
        hostNames = Self.answeredHosts(listeningOn: configuration.host, port: port)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(listener)
            throw PreviewServerError(
                description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        wakeReader = pipeEnds[0]
        wakeWriter = pipeEnds[1]
        Self.makeNonBlocking(wakeReader)
        Self.makeNonBlocking(wakeWriter)
    }

    deinit {
        close(listener)
        close(wakeReader)
        close(wakeWriter)
    }

    /// Sends `event` to every open event stream.
    public func send(_ event: ServerSentEvent) {
        shared.withLock { $0.events.append(event) }
        wake()
    }

    /// Events every new event stream receives first, such as the current state of a build.
    public func setGreeting(_ events: [ServerSentEvent]) {
        shared.withLock { $0.greeting = events }
    }

    /// Text inserted before `</body>` in every HTML response (nil: none); the files are never
    /// changed. `tag` changes whenever `text` does and goes into the ETag.
    public func setHTMLInsertion(_ text: String?, tag: String) {
        shared.withLock { $0.insertion = text.map { (Array($0.utf8), tag) } }
    }

    /// Ends ``run()`` soon; safe from any thread (and after the loop has ended).
    public func stop() {
        shared.withLock { $0.stopping = true }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// Serves until ``stop()``; closes every connection before it returns.
    public func run() {
        var connections: [Connection] = []
        defer { for connection in connections { connection.closeAll() } }
        var pollSet: [pollfd] = []
        // Until when the listener is left alone after the process ran out of descriptors.
        var acceptPausedUntil = 0.0
        while true {
            pollSet.removeAll(keepingCapacity: true)
            pollSet.append(pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0))
            let paused = acceptPausedUntil > Self.now()
            let accepting = connections.count < configuration.maximumConnections && !paused
            pollSet.append(pollfd(fd: listener, events: accepting ? Int16(POLLIN) : 0, revents: 0))
            var nearest = paused ? acceptPausedUntil : Double.infinity
            for connection in connections {
                var events = Int16(POLLIN)
                if connection.hasPendingOutput { events |= Int16(POLLOUT) }
                pollSet.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
                nearest = min(nearest, connection.deadline)
            }
            let wait =
                nearest.isFinite ? max(0, Int32(((nearest - Self.now()) * 1000).rounded(.up))) : -1
            let ready = poll(&pollSet, nfds_t(pollSet.count), min(wait == -1 ? 1000 : wait, 1000))
            if ready < 0 && errno != EINTR { return }
            let now = Self.now()

            if pollSet[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 256)
                while read(wakeReader, &drain, drain.count) > 0 {}
            }
            let (stopping, events) = shared.withLock { state in
                defer { state.events.removeAll() }
                return (state.stopping, state.events)
            }
            if stopping { return }

            // Existing connections first: their entries in pollSet are in the same order.
            var survivors: [Connection] = []
            survivors.reserveCapacity(connections.count)
            for (index, connection) in connections.enumerated() {
                let revents = pollSet[index + 2].revents
                var alive = true
                if revents & Int16(POLLERR | POLLNVAL) != 0 {
                    alive = false
                } else if revents & Int16(POLLIN | POLLHUP) != 0 || revents & Int16(POLLOUT) != 0 {
                    alive = service(
                        connection, readable: revents & Int16(POLLIN | POLLHUP) != 0, now: now)
                }
                if alive && connection.phase == .streaming && !events.isEmpty {
                    for event in events { connection.output.append(contentsOf: event.encoded) }
                    // A stream that is not read falls behind; past 1 MB it is dropped.
                    alive =
                        connection.output.count - connection.outputSent < 1 << 20
                        && connection.flush() != .failed
                }
                if alive && connection.deadline <= now {
                    if connection.phase == .reading && !connection.input.isEmpty {
                        connection.queue(.plain(.requestTimeout), keepAlive: false)
                        _ = connection.flush()
                    }
                    alive = false
                }
                if alive {
                    survivors.append(connection)
                } else {
                    connection.closeAll()
                }
            }
            connections = survivors

            if pollSet[1].revents & Int16(POLLIN) != 0
                && !acceptWaiting(&connections, now: now)
            {
                acceptPausedUntil = now + Self.acceptPause
            }
        }
    }

    /// Accepts the clients waiting in the listen queue, up to the connection limit, and
    /// answers what they have already sent. False when the process is out of descriptors:
    /// the listener then stays readable and `accept` keeps failing, so polling it again at
    /// once would spin; the clients wait in the queue until a connection or a file has closed.
    private func acceptWaiting(_ connections: inout [Connection], now: Double) -> Bool {
        while connections.count < configuration.maximumConnections {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return ![EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno) }
            Self.makeNonBlocking(client)
            var one: Int32 = 1
            setsockopt(
                client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let connection = Connection(
                descriptor: client, deadline: now + configuration.clientTimeout)
            // Most requests are already there: answer without another trip through poll.
            if service(connection, readable: true, now: now) {
                connections.append(connection)
            } else {
                connection.closeAll()
            }
        }
        return true
    }

    /// Seconds the listener is left alone after `accept` ran out of descriptors: short enough
    /// that a waiting client hardly notices, long enough that the loop sleeps meanwhile.
    static let acceptPause = 0.1

    /// Reads, answers and writes what it can on `connection`; false when it should close.
    private func service(_ connection: Connection, readable: Bool, now: Double) -> Bool {
        if readable {
            guard connection.receive(maximum: configuration.maximumHeaderBytes + 1) else {
                return false
            }
            if connection.phase == .lingering || connection.phase == .streaming {
                connection.input.removeAll(keepingCapacity: true)
                if connection.peerClosed { return false }
            }
        }
        while true {
            switch connection.phase {
            case .reading:
                switch HTTPRequest.parse(connection.input[...], limits: configuration) {
                case .incomplete:
                    if connection.peerClosed { return false }
                    return true
                case .rejected(let status):
                    connection.input.removeAll()
                    connection.queue(.plain(status), keepAlive: false)
                case .request(let request, let length):
                    connection.input.removeFirst(length)
                    let keepAlive = request.keepsAlive && !connection.peerClosed
                    let response = answer(request)
                    connection.queue(response, keepAlive: keepAlive)
                    if response.startsEventStream {
                        connection.phase = .streaming
                        connection.deadline = .infinity
                        connection.output.append(contentsOf: Array("retry: 1000\n\n".utf8))
                        for event in shared.withLock({ $0.greeting }) {
                            connection.output.append(contentsOf: event.encoded)
                        }
                        return connection.flush() != .failed
                    }
                }
                connection.phase = .writing
                connection.deadline = now + configuration.clientTimeout
            case .writing:
                let before = connection.outputSent
                switch connection.flush() {
                case .failed: return false
                case .blocked:
                    if connection.outputSent != before {
                        connection.deadline = now + configuration.clientTimeout
                    }
                    return true
                case .done:
                    if connection.keepsAlive {
                        connection.phase = .reading
                        connection.deadline = now + configuration.clientTimeout
                        if connection.input.isEmpty { return true }
                    } else {
                        shutdown(connection.descriptor, Int32(SHUT_WR))
                        connection.phase = .lingering
                        connection.deadline = now + 2
                        connection.input.removeAll()
                        return !connection.peerClosed
                    }
                }
            case .streaming:
                return connection.flush() != .failed
            case .lingering:
                return !connection.peerClosed
            }
        }
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard acceptsHost(request.header("host")) else {
            var response = HTTPResponse.plain(.misdirected)
            response.body = .bytes(
                Array("421 Misdirected Request: this preview answers to localhost only\n".utf8))
            response.closes = true
            return response
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = HTTPResponse.plain(.methodNotAllowed, [("Allow", "GET, HEAD")])
            response.closes = true
            return response
        }
        if let streamPath = configuration.eventStreamPath,
            request.target.split(separator: UInt8(ascii: "?")).first.map(Array.init)
                == Array(streamPath.utf8)
        {
            var response = HTTPResponse(
                status: .ok,
                headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")])
            if request.method == "HEAD" {
                response.sendsBody = false
                response.closes = true
            } else {
                response.startsEventStream = true
            }
            return response
        }
        let files = StaticFiles(
            root: configuration.root, maximumPathBytes: configuration.maximumPathBytes,
            htmlInsertion: shared.withLock { $0.insertion })
        var response = files.response(to: request)
        if request.method == "HEAD" { response.sendsBody = false }
        if response.status.code >= 400 { response.closes = response.status != .notFound }
        return response
    }

    /// Whether a request naming `host` in its `Host` field is answered. A server on loopback
    /// answers only to the names of loopback, so a page of another site whose name was made to
    /// point at 127.0.0.1 (DNS rebinding) cannot read the preview; one opened to the network with
    /// `--host` is reached by whatever name the network gives it. HTTP/1.0 may leave `Host` out
    /// (the parser refuses an HTTP/1.1 request without it); browsers always send it.
    func acceptsHost(_ host: String?) -> Bool {
        guard let hostNames, let host else { return true }
        return hostNames.contains(host.lowercased())
    }

    /// On loopback: `localhost`, `127.0.0.1`, `[::1]` and the address listened on, each alone and
    /// with `:port`; nil (any) on an address other machines reach.
    static func answeredHosts(listeningOn host: String, port: UInt16) -> Set<String>? {
        guard SocketAddress(host: host)?.isLoopback == true else { return nil }
        let bound = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let names = ["localhost", "127.0.0.1", "[::1]", bound.lowercased()]
        return Set(names + names.map { "\($0):\(port)" })
    }

    /// Non-blocking and closed on exec (accept4 and pipe2 are GNU extensions Swift does not see).
    static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
