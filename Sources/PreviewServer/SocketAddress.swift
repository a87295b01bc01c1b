#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address to listen on, from its text.
public struct SocketAddress: Sendable {
    private enum Family: Sendable {
        case v4(in_addr)
        case v6(in6_addr)
    }
    private let family: Family

    /// `127.0.0.1`, `0.0.0.0`, `::1`, `::` or `localhost` (the IPv4 loopback); nil otherwise.
    public init?(host: String) {
        let text = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            family = .v4(v4)
        } else if inet_pton(
            AF_INET6,
            text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text,
            &v6) == 1
        {
            family = .v6(v6)
        } else {
            return nil
        }
    }

    /// Whether only this machine can reach the address (127.0.0.0/8 or ::1).
    public var isLoopback: Bool {
        switch family {
        case .v4(let address): return UInt32(bigEndian: address.s_addr) >> 24 == 127
        case .v6(let address):
            return withUnsafeBytes(of: address) { bytes in
                bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
            }
        }
    }

    enum Outcome {
        case success((descriptor: Int32, port: UInt16))
        case failure(Int32)
    }

    /// A non-blocking listening socket on `port` (0: any free port), or the error number.
    func listen(port: UInt16) -> Outcome {
        let domain: Int32
        switch family {
        case .v4: domain = AF_INET
        case .v6: domain = AF_INET6
        }
        let descriptor = socket(
            domain, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(errno) }
        // A restart must not wait for the previous run's connections in TIME_WAIT; on Linux
        // this still refuses a port another socket listens on.
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var status: Int32
        switch family {
        case .v4(let address):
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            socketAddress.sin_addr = address
            status = Self.bind(descriptor, to: &socketAddress)
        case .v6(let address):
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            socketAddress.sin6_addr = address
            status = Self.bind(descriptor, to: &socketAddress)
        }
        if status == 0 { status = Glibc.listen(descriptor, 511) }
        guard status == 0 else {
            let number = errno
            close(descriptor)
            return .failure(number)
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(descriptor, $0, &length)
            }
        }
        let actual = withUnsafeBytes(of: bound) { bytes in UInt16(bytes[2]) << 8 | UInt16(bytes[3])
        }
        return .success((descriptor, actual))
    }

    /// bind(2) with `address` (a `sockaddr_in` or `sockaddr_in6`) seen as the `sockaddr` it is.
    private static func bind<Address>(_ descriptor: Int32, to address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }
}
