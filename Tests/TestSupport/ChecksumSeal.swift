/// A text file whose first line is `header`, a space and the 16 hex digits of a checksum of the
/// lines after it (the build cache's form), re-sealed after a test edited the lines: shared by
/// the cache parser's unit tests and the end-to-end test of a cache that lies.
public enum ChecksumSeal {
    /// `text` with the checksum in its first line made that of the rest; `text` itself when its
    /// first line is not `header` and a checksum.
    public static func sealed(
        _ text: String, header: String, checksum: (UnsafeRawBufferPointer) -> UInt64
    ) -> String {
        guard let newline = text.firstIndex(of: "\n"), text.hasPrefix(header + " ") else {
            return text
        }
        let body = Array(text[text.index(after: newline)...].utf8)
        let digits = String(body.withUnsafeBytes(checksum), radix: 16)
        return header + " " + String(repeating: "0", count: 16 - digits.count) + digits + "\n"
            + String(decoding: body, as: UTF8.self)
    }
}
