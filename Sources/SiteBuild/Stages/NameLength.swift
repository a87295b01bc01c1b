import SiteRenderer

/// The file system's limits on the names the build makes from photos' names and folders, and
/// the stable shortening that keeps a legal photo name from failing the build: a 251-byte name
/// is legal, but its item page, `NAME.html` (more with a hash added), would not be.
///
/// A name over the limit keeps its first bytes, cut at a character's edge, and ends in a hash
/// of the whole name: the same name always gives the same short one (a rebuild keeps every
/// link), and two long names sharing their first 240 bytes still differ.
enum NameLength {
    /// NAME_MAX on Linux (and most Unix file systems): the bytes of one file or folder name.
    static let nameLimit = 255

    /// PATH_MAX on Linux, the terminating NUL included: the bytes of a whole path the build
    /// hands to the system, the output's own folders in front.
    static let pathLimit = 4096

    /// The most an item page's path (relative to the site) may take: a fixed share of the
    /// path limit, not what this output's location leaves, so the same photos give the same
    /// paths wherever the site is built; the rest is for the output folder's own path.
    static let sitePathLimit = 1024

    /// `name` plus `suffix` (an extension such as `.html`), within ``nameLimit`` bytes: as it
    /// is when it fits, else its first bytes and `-` and ``hash(_:digits:)`` of all of `name`.
    static func fitted(_ name: String, suffix: String = "") -> String {
        fitted(name, suffix: suffix, limit: nameLimit)
    }

    /// ``fitted(_:suffix:)`` within `limit` bytes, the hash taken of `hashed` (by default of
    /// `name`: give the text `name` was made from when different texts can make one name).
    static func fitted(_ name: String, suffix: String, limit: Int, hashed: String? = nil)
        -> String
    {
        guard name.utf8.count + suffix.utf8.count > limit else { return name + suffix }
        let tag = "-" + hash(hashed ?? name)
        return prefix(name, bytes: limit - tag.utf8.count - suffix.utf8.count) + tag + suffix
    }

    /// At most `bytes` of `text`'s UTF-8, cut before a character that would not fit whole (a
    /// name is never left with half of one), without a trailing hyphen.
    static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: max(0, bytes))
        // Back to the start of a character (a grapheme, so an accent stays with its letter).
        while end > text.startIndex && String.Index(end, within: text) == nil {
            end = text.utf8.index(before: end)
        }
        var cut = Substring(text[..<end])
        while cut.hasSuffix("-") { cut.removeLast() }
        return String(cut)
    }

    /// `count` (at most 16) hex digits of a stable hash of `text`: the same in every build and
    /// on every machine (see ``StableHasher``).
    static func hash(_ text: String, digits count: Int = 8) -> String {
        var hasher = StableHasher()
        hasher.combine(text)
        let mask: UInt64 = count >= 16 ? .max : (1 << (4 * count)) - 1
        let digits = String(hasher.value & mask, radix: 16)
        return String(repeating: "0", count: count - digits.count) + digits
    }
}
