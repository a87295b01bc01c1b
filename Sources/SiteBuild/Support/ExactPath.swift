import PhotoScanner

/// A path that equals another only byte for byte.
///
/// Swift's `String` compares by canonical equivalence, so `Café` typed on Linux (é composed) and
/// `Café` copied from a Mac (e + U+0301) are one `String` but two names to the file system. A set
/// of paths that stands for what is on disk keys them by this.
struct ExactPath: Hashable, Sendable {
    let path: String

    init(_ path: String) { self.path = path }

    static func == (left: ExactPath, right: ExactPath) -> Bool {
        left.path.hasSameBytes(as: right.path)
    }

    func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
