#if canImport(Glibc)
    import Glibc
#endif

/// The process's resident set size, read from `/proc/self/statm` (Linux only).
enum ResidentMemory {
    /// Resident bytes now, or `nil` where `/proc/self/statm` cannot be read.
    static func bytes() -> Int? {
        #if canImport(Glibc)
            let descriptor = open("/proc/self/statm", O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            // "size resident shared text lib data dt", in pages: the second field is resident.
            let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
            guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self))
            else { return nil }
            return pages * sysconf(Int32(_SC_PAGESIZE))
        #else
            return nil
        #endif
    }
}
