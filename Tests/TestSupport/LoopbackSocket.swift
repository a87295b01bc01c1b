#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket connected to 127.0.0.1, for the tests that speak raw HTTP to a server of ours
/// (the tests only ever reach loopback).
public enum LoopbackSocket {
    /// A connected descriptor (the caller closes it), or the reason the connection failed.
    /// `receiveBuffer` (bytes) sets a small system buffer, for a client that does not read.
    public static func connect(port: UInt16, receiveBuffer: Int32? = nil) -> Result<
        Int32, ConnectFailure
    > {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(
                descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Darwin.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard status == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(ConnectFailure(description: "connect: \(reason)"))
        }
        return .success(descriptor)
    }

    /// Why a connection to loopback failed, in words.
    public struct ConnectFailure: Error, CustomStringConvertible {
        public let description: String
    }
}
