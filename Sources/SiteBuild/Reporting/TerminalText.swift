/// Text made safe to print on a terminal: a file named `$'\e]0;pwned\a.jpg'` must not retitle
/// the window, clear the screen or fake a line of output when its name is in a message.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) written as `\xHH` or `\u{HHHH}`;
    /// line breaks stay when `keepingLineBreaks` (a message of several lines the program wrote).
    public static func safe(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard
            text.unicodeScalars.contains(where: {
                isControl($0) && !(keepingLineBreaks && $0 == "\n")
            })
        else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) && !(keepingLineBreaks && scalar == "\n") {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result +=
                    scalar.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        // Bidirectional overrides and isolates can make a name read backwards on screen.
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
