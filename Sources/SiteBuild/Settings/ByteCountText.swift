/// A number of bytes as the command line and the settings file spell it (`--decode-memory`):
/// plain bytes, or a whole number of KB, MB, GB or TB (powers of 1024, as memory is sold).
public enum ByteCountText {
    /// The smallest and largest budget: 16 MB keeps a few small photos decoding; 1 PB is past
    /// any machine, and keeps the byte arithmetic far from overflowing.
    public static let range: ClosedRange<UInt64> = (16 << 20)...(1 << 50)

    /// What the option and the key take, for messages and `--help`.
    public static let expected =
        "a number of bytes or a whole number with KB, MB, GB or TB, from 16MB to 1024TB"

    /// The bytes `text` spells ("2GB", "512MB", "1073741824"), when in ``range``.
    public static func bytes(_ text: String) -> UInt64? {
        let trimmed = text.trimmed.uppercased()
        let units: [(String, UInt64)] = [
            ("KB", 1 << 10), ("MB", 1 << 20), ("GB", 1 << 30), ("TB", 1 << 40),
        ]
        var digits = Substring(trimmed)
        var unit: UInt64 = 1
        if let (suffix, size) = units.first(where: { trimmed.hasSuffix($0.0) }) {
            digits = trimmed.dropLast(suffix.count)
            unit = size
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = UInt64(digits) else {
            return nil
        }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
        return !overflow && range.contains(bytes) ? bytes : nil
    }
}
