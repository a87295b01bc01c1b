#if canImport(Glibc)
import Glibc
#endif
public func wfsTrace(_ label: StaticString) {
    guard getenv("WFS_TRACE") != nil else { return }
    var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t)
    let ms = Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    let s = "T \(ms) \(label)\n"; _ = s.withCString { write(2, $0, strlen($0)) }
}
