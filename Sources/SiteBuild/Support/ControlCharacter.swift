/// The control characters the metadata and settings files may not hold: a NUL or an escape
/// character in a caption would reach the pages as it is (HTML cannot show them, and a NUL
/// cuts the text short for C programs reading the page), so the reader refuses them and says
/// where, rather than the site carrying them.
enum ControlCharacter {
    /// What is wrong with `byte` in text, or nil when it is allowed: C0 control characters
    /// (U+0000–U+001F) other than tab, line feed and carriage return, which captions use. In a
    /// path (`isPath`) only NUL is refused, as a file's name may hold any other byte.
    static func problem(_ byte: UInt8, isPath: Bool) -> String? {
        guard byte < 0x20 else { return nil }
        if isPath {
            guard byte == 0 else { return nil }
            return
                "holds the control character U+0000 (NUL), which no file name can hold; remove it"
        }
        guard byte != 9 && byte != 10 && byte != 13 else { return nil }
        return
            "holds the control character \(name(byte)); text may hold tabs and line breaks but no other control character, remove it"
    }

    /// The first refused control character in `text` (see ``problem(_:isPath:)``), and its
    /// position counted in characters from 1, as an editor shows it.
    static func firstProblem(in text: String, isPath: Bool) -> (problem: String, position: Int)? {
        guard text.utf8.contains(where: { $0 < 0x20 }) else { return nil }
        for (offset, scalar) in text.unicodeScalars.enumerated() where scalar.value < 0x20 {
            if let problem = problem(UInt8(scalar.value), isPath: isPath) {
                return (problem, offset + 1)
            }
        }
        return nil
    }

    /// `U+0000 (NUL)`: the code point and its usual abbreviation.
    private static func name(_ byte: UInt8) -> String {
        let names = [
            "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF",
            "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
            "SUB", "ESC", "FS", "GS", "RS", "US",
        ]
        let digits = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
            + " (\(names[Int(byte)]))"
    }
}
