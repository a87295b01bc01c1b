#if canImport(Glibc)
    import Glibc
#endif

/// Whether `waterfall-site` should restart itself so glibc's malloc backs large blocks with
/// transparent huge pages.
///
/// A build fills tens of megabytes of fresh memory at once (the cache file and its entries, the
/// scan, the plan). With 4 KB pages each page costs a fault; with 2 MB pages a no-change rebuild
/// of 100,000 photos takes a third of the faults and about 7% less time. glibc only does this
/// when the process starts with `glibc.malloc.hugetlb=1` in `GLIBC_TUNABLES`, so the executable
/// restarts itself once, with that added, before it runs `build`. Only when it helps: the kernel
/// gives huge pages on request (`madvise` mode; in `always` mode malloc gets them anyway), and
/// the environment does not already say what to do (`glibc.malloc.hugetlb=0` turns this off, as
/// does ``ProcessFittings``' switch). `scan` and the other commands allocate too little for a
/// restart to pay.
public enum HugePages {
    /// The name of the glibc tunable.
    static let tunable = "glibc.malloc.hugetlb"

    /// The `GLIBC_TUNABLES` value to restart with, or nil to run as the process is.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program name.
    ///   - tunables: the current `GLIBC_TUNABLES`, if set.
    ///   - kernelMode: the contents of `/sys/kernel/mm/transparent_hugepage/enabled`, if readable.
    public static func restartTunables(arguments: [String], tunables: String?, kernelMode: String?)
        -> String?
    {
        guard arguments.first == "build",
            !arguments.contains(where: { $0 == "--help" || $0 == "-h" })
        else { return nil }
        guard let kernelMode, kernelMode.contains("[madvise]") else { return nil }
        guard let tunables, !tunables.isEmpty else { return "\(tunable)=1" }
        if tunables.contains(tunable) { return nil }
        return "\(tunables):\(tunable)=1"
    }

    #if os(Linux)
        /// Restarts the running executable with huge pages when ``restartTunables(arguments:tunables:kernelMode:)``
        /// says so; returns only when it does not restart (or cannot).
        public static func restartIfUseful(arguments: [String]) {
            guard ProcessFittings.areOn else { return }
            let current = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
            guard
                let tunables = restartTunables(
                    arguments: arguments, tunables: current, kernelMode: kernelMode())
            else {
                return
            }
            setenv("GLIBC_TUNABLES", tunables, 1)
            execv("/proc/self/exe", CommandLine.unsafeArgv)
            // Still here: the restart failed, so run as we are, as if nothing had been tried.
            if let current {
                setenv("GLIBC_TUNABLES", current, 1)
            } else {
                unsetenv("GLIBC_TUNABLES")
            }
        }

        private static func kernelMode() -> String? {
            let descriptor = open(
                "/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = read(descriptor, &buffer, buffer.count)
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
        }
    #endif
}
