import SiteRenderer

/// The point of a photo that a cropped tile keeps in view (the metadata's `focus`): `"50%,30%"`
/// is halfway across and 30 % down, as CSS `object-position` measures it; the `%` signs may be
/// left out. Only tiles cut to the shape caps (``TileShape``) are cropped, so only they use it.
struct FocusPoint: Sendable, Equatable {
    /// Percentages of the photo's width and height, 0 to 100.
    let x: Double
    let y: Double

    static let centre = FocusPoint(x: 50, y: 50)

    private init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point `text` spells ("50%,30%", "50, 30"), or nil.
    init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Self.percentage(parts[0]), let y = Self.percentage(parts[1])
        else { return nil }
        self.init(x: x, y: y)
    }

    /// The value of CSS `object-position`: "50% 30%".
    var css: String {
        "\(NumberText.decimal(x, decimals: 2))% \(NumberText.decimal(y, decimals: 2))%"
    }

    /// What a bad `focus` is told, after the file, row and column (or key) that hold it.
    static func problem(_ text: String) -> String {
        "must be two percentages across and down, like \"50%,30%\" (each 0–100; the centre is \"50%,50%\"), got '\(text)'"
    }

    private static func percentage(_ part: Substring) -> Double? {
        var text = part.trimmed
        if text.hasSuffix("%") { text.removeLast() }
        // Digits and one point only: no signs, exponents, "nan" or "inf" that Double() reads.
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(text), (0...100).contains(value)
        else { return nil }
        return value
    }
}
