/// File name extensions that make a file a scan candidate. Candidates are then identified by
/// content; the list includes formats the site cannot use so that they are reported rather than
/// silently ignored.
enum ImageExtensions {
    static let candidates: Set<String> = [
        // MPO (stereo and multi-picture camera files) is a JPEG followed by more frames.
        "jpg", "jpeg", "jpe", "jfif", "jif", "pjpeg", "pjp", "mpo",
        "png", "apng",
        "gif", "webp", "heic", "heif", "hif", "avif",
        "tif", "tiff", "bmp", "dib", "ico", "cur",
        "jxl", "jp2", "j2k", "jpf", "jpx", "psd", "qoi", "svg",
    ]

    /// The extensions, lower-cased, each packed into an integer (none is longer than eight bytes).
    private static let packedCandidates: Set<UInt64> = Set(candidates.map { packed($0.utf8) })

    private static func packed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1 >= 0x41 && $1 <= 0x5A ? $1 + 0x20 : $1) }
    }

    /// True when `name` (UTF-8 bytes, no terminator) ends in a candidate extension, compared
    /// case-insensitively. Called for every file of the walk, so no String.
    static func isCandidate(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = name.count
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < end - 1 else {
            return false
        }
        let suffix = name[(dot + 1)..<end]
        // No extension in the list is longer than five characters.
        guard suffix.count <= 5 else { return false }
        return packedCandidates.contains(packed(suffix))
    }
}
