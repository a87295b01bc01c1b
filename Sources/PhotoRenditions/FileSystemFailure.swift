#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file-system operation failed, in the C library's words ("Not a directory"). What
/// `FileManager` throws carries the POSIX error underneath; that error, not the wrapper's type
/// and user info, is what a person fixing the folder needs to read.
public enum FileSystemFailure {
    /// The reason `error` names, for a message that already says which path and what was tried.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return reason(errno: underlying.code.rawValue)
        }
        if let error = error as? POSIXError {
            return reason(errno: error.code.rawValue)
        }
        return String(describing: error)
    }

    /// `strerror` of `errno`.
    public static func reason(errno: Int32) -> String {
        String(cString: strerror(errno))
    }
}
