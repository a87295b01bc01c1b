/// File name extensions that make a file a scan candidate. Candidates are then identified by
/// content; the list includes formats the site cannot use so that they are reported rather than
/// silently ignored.
enum ImageExtensions {
    static let candidates: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "jif", "pjpeg", "pjp",
        "png", "apng",
        "gif", "webp", "heic", "heif", "hif", "avif",
        "tif", "tiff", "bmp", "dib", "ico", "cur",
        "jxl", "jp2", "j2k", "jpf", "jpx", "psd", "qoi", "svg",
    ]

    /// True when `name` (UTF-8 bytes) ends in a candidate extension, compared case-insensitively.
    static func isCandidate(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < name.count - 1 else {
            return false
        }
        let suffix = name[(dot + 1)...]
        // No extension in the list is longer than five characters; skip the String work for others.
        guard suffix.count <= 5 else { return false }
        let lowered = suffix.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return candidates.contains(String(decoding: lowered, as: UTF8.self))
    }
}
