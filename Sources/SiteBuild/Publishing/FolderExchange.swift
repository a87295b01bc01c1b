#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swaps two paths in one step with `renameat2(…, RENAME_EXCHANGE)` (Linux 3.15 and later, on
/// file systems that support it), so whoever looks at either path sees one folder or the other,
/// never none.
enum FolderExchange {
    private typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    // Glibc declares renameat2 only under _GNU_SOURCE, which Swift's Glibc module does not see:
    // look the symbol up once instead. WATERFALL_SITE_NO_RENAME_EXCHANGE=1 acts as if the
    // kernel had none, so the tests reach the fallback.
    private static let renameAt2: RenameAt2? = {
        if let value = getenv("WATERFALL_SITE_NO_RENAME_EXCHANGE"), String(cString: value) == "1" {
            return nil
        }
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
            return nil
        }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// Exchanges `first` and `second` (both must exist); 0, or the `errno` of the failure
    /// (ENOSYS when the C library has no renameat2).
    static func exchange(_ first: String, _ second: String) -> Int32 {
        guard let renameAt2 else { return ENOSYS }
        // RENAME_EXCHANGE is (1 << 1) in <linux/fs.h>.
        return renameAt2(AT_FDCWD, first, AT_FDCWD, second, 1 << 1) == 0 ? 0 : errno
    }

    /// Whether `code` says the kernel or the file system cannot exchange, so the caller falls back
    /// to plain renames.
    static func isUnsupported(_ code: Int32) -> Bool {
        code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP
    }
}
