/// What a ``PreviewServer`` serves and the limits it enforces on every client.
///
/// The defaults suit a preview on the developer's own machine: loopback only, requests far
/// smaller than any limit a browser reaches, and a slow client cut off before it can tie up a
/// connection slot for long.
public struct ServerConfiguration: Sendable {
    /// The folder served; nothing outside it is ever read.
    public var root: String
    /// The address to listen on: an IPv4 or IPv6 literal, or `localhost`. On a loopback address
    /// only requests whose `Host` names loopback (or this address) are answered, against DNS
    /// rebinding; on any other, every name is.
    public var host: String
    /// The first port to try; 0 lets the system choose a free one.
    public var port: UInt16
    /// How many ports from `port` upwards are tried when one is taken (1: only `port`).
    public var portAttempts: Int
    /// The path of the Server-Sent Events stream (see ``PreviewServer/send(_:)``); nil: none.
    public var eventStreamPath: String?
    /// Longest request line (method, target, version), in bytes; longer gets 414.
    public var maximumRequestLineBytes = 8192
    /// Largest request head (request line and headers), in bytes; larger gets 431.
    public var maximumHeaderBytes = 16384
    /// Most header fields in one request; more gets 431.
    public var maximumHeaderCount = 64
    /// Longest decoded path, in bytes; longer gets 400 (the system's own limit is 4,096).
    public var maximumPathBytes = 2048
    /// Seconds a client has to send a whole request head, and to take each part of a response.
    public var clientTimeout = 10.0
    /// Connections served at once; more wait in the listen queue.
    public var maximumConnections = 1000

    public init(
        root: String, host: String = "127.0.0.1", port: UInt16 = 8000, portAttempts: Int = 1,
        eventStreamPath: String? = nil
    ) {
        self.root = root
        self.host = host
        self.port = port
        self.portAttempts = portAttempts
        self.eventStreamPath = eventStreamPath
    }
}
