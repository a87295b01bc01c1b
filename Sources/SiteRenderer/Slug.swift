/// The readable slugs of names in the site's paths and ids (`Red Bowl with Fig` → `red-bowl-with-fig`,
/// `Küche` → `küche`): lower-case letters and digits of any script, joined by single hyphens.
///
/// Non-ASCII text is taken in Unicode's composed form (NFC). Swift compares strings by canonical
/// equivalence, so the build's sets of paths take `Café` typed on Linux and `Café` copied from a
/// Mac (decomposed) for one name; their slugs must then be the same bytes too.
public enum Slug {
    /// The slug of UTF-8 `bytes`; `empty` when nothing is left.
    ///
    /// Not generic: the builder makes a slug for every photo on every build, and a generic
    /// function called from another module runs unspecialised, looking up its types' metadata
    /// byte by byte (a warm rebuild of 100,000 photos took half as long again).
    public static func make(bytes: UnsafeBufferPointer<UInt8>, empty: String) -> String {
        ascii(bytes, empty: empty) ?? unicode(String(decoding: bytes, as: UTF8.self), empty: empty)
    }

    /// `base`, or else `base-2`, `base-3`… the first that `taken` does not hold, which is then
    /// added to it: names made from slugs that must stay apart (section ids, category folders).
    public static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var name = base
        var counter = 2
        while taken.contains(name) {
            name = "\(base)-\(counter)"
            counter += 1
        }
        taken.insert(name)
        return name
    }

    /// The slug of `text`; `empty` when nothing is left.
    public static func make(_ text: String, empty: String) -> String {
        var text = text
        return text.withUTF8 { make(bytes: $0, empty: empty) }
    }

    /// The slug of ASCII bytes, byte by byte (most names are ASCII, and this is about ten times
    /// faster than by characters); nil when a byte is not ASCII.
    private static func ascii(_ text: UnsafeBufferPointer<UInt8>, empty: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        for byte in text {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                bytes.append(byte + 32)
            case 0x80...:
                return nil
            default:
                if let last = bytes.last, last != UInt8(ascii: "-") {
                    bytes.append(UInt8(ascii: "-"))
                }
            }
        }
        while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
        return bytes.isEmpty ? empty : String(decoding: bytes, as: UTF8.self)
    }

    /// The slug of any text, character by character, in NFC.
    static func unicode(_ text: String, empty: String) -> String {
        var slug = ""
        let composed = String(decoding: text._nfcCodeUnits, as: UTF8.self)
        for character in composed.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? empty : slug
    }
}
