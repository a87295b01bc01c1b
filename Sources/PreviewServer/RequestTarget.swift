/// A request target turned into a path inside the served folder, or refused.
///
/// The rules that keep a client inside the folder: only origin-form targets (`/…`; the
/// absolute form `http://host/…` and `*` are refused); every `%XX` decoded once, and a decoded
/// NUL, `/` or `..` segment is refused, so `%2e%2e` and `%2f` cannot climb out; hidden names
/// (`.git`, `.cache`) are not served; over-long paths are refused before the file system sees
/// them. ``StaticFiles`` then opens the segments one by one and never through a symlink.
struct RequestTarget: Equatable {
    /// The decoded segments, without empty and `.` segments.
    var segments: [String]
    /// Whether the path ended with `/` (a folder's index is asked for).
    var endsWithSlash: Bool
    /// The path as sent, without its query, for redirects.
    var rawPath: String
    /// `?…` as sent, or empty.
    var query: String

    enum Refusal: Error, Equatable {
        /// Malformed, or an attempt to leave the folder: 400.
        case badRequest
        /// Well-formed, but nothing to serve: 404.
        case notFound
    }

    init(_ target: [UInt8], maximumPathBytes: Int) throws(Refusal) {
        guard target.first == UInt8(ascii: "/") else { throw .badRequest }
        let queryStart =
            target.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            ?? target.endIndex
        let path = target[..<queryStart]
        guard path.count <= maximumPathBytes else { throw .badRequest }
        rawPath = String(decoding: path, as: UTF8.self)
        query = String(
            decoding: target[queryStart...].prefix { $0 != UInt8(ascii: "#") }, as: UTF8.self)
        endsWithSlash = path.last == UInt8(ascii: "/")
        segments = []
        var hidden = false
        for rawSegment in path.split(separator: UInt8(ascii: "/")) {
            let decoded = try Self.percentDecoded(rawSegment)
            if decoded.contains(0) || decoded.contains(UInt8(ascii: "/")) { throw .badRequest }
            if decoded == [UInt8(ascii: ".")] { continue }
            if decoded == [UInt8(ascii: "."), UInt8(ascii: ".")] { throw .badRequest }
            if decoded.count > 255 { throw .badRequest }
            if decoded.first == UInt8(ascii: ".") { hidden = true }
            guard let text = String(validating: decoded, as: UTF8.self) else { throw .notFound }
            segments.append(text)
        }
        if hidden { throw .notFound }
    }

    /// Where a folder asked for without its final slash is redirected: the path as sent, with a
    /// slash added and the query kept. Empty segments are left out, so the path starts with
    /// exactly one slash: `//host/x` would name another site (a protocol-relative URL), and so
    /// would `/\host/x`, since browsers read a backslash as a slash; backslashes are sent
    /// percent-encoded, which names the same file here.
    var redirectPath: String {
        let segments = rawPath.split(separator: "/").map { $0.replacing("\\", with: "%5C") }
        return "/" + segments.map { $0 + "/" }.joined() + query
    }

    /// `bytes` with every `%XX` replaced by its byte; a `%` without two hex digits is an error.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>) throws(Refusal) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { throw .badRequest }
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
