import CImageRenditions

/// SHA-256 of a photo's bytes and the rendition options, written as the start of every rendition
/// name: an unchanged photo keeps its names (so a rebuild reuses the files and hosts can cache
/// them forever), and any change to the photo or the options gives new names.
enum ContentHash {
    /// 20 hex digits (80 bits) of SHA-256(`fingerprint` ‖ 0 ‖ `bytes`).
    static func name(of bytes: [UInt8], fingerprint: String) -> String {
        bytes.withUnsafeBufferPointer { name(of: $0, fingerprint: fingerprint) }
    }

    /// The same name for bytes in memory the caller owns; `hashed` is called after each part of
    /// a large input (its end offset), so a mapped file can drop the pages already hashed.
    static func name(
        of bytes: UnsafeBufferPointer<UInt8>, fingerprint: String, hashed: ((Int) -> Void)? = nil
    ) -> String {
        var context = wfr_sha256_context()
        wfr_sha256_init(&context)
        var prefix = Array(fingerprint.utf8)
        prefix.append(0)
        wfr_sha256_update(&context, prefix, prefix.count)
        let part = 8 << 20
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + part)
            wfr_sha256_update(&context, bytes.baseAddress! + offset, end - offset)
            hashed?(end)
            offset = end
        }
        var digest = [UInt8](repeating: 0, count: 32)
        wfr_sha256_final(&context, &digest)
        return hex(digest.prefix(10))
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
