import PhotoRenditions
import SiteRenderer

/// A numeric option: its flag, its settings key, and the one range both accept, so the command
/// line, the settings file, `--help` and `docs/options.md` cannot disagree. Ranges are generous but
/// finite: a length of 1e19 px is no gallery, and past such bounds the layout's arithmetic and
/// the integer conversions would overflow.
public struct NumericSetting: Sendable {
    public let flag: String
    /// The `waterfall.json` key, nil for an option only the command line has.
    public let key: String?
    public let range: ClosedRange<Double>
    /// Whole numbers only (counts, quality), or any number (lengths in px).
    public let isWhole: Bool
    /// A ratio of two lengths (the shape caps), not a length in px.
    public let isRatio: Bool

    public init(
        flag: String, key: String?, range: ClosedRange<Double>, isWhole: Bool,
        isRatio: Bool = false
    ) {
        self.flag = flag
        self.key = key
        self.range = range
        self.isWhole = isWhole
        self.isRatio = isRatio
    }

    public static let maximumLength = 10_000.0

    public static let columnSpacing = length("--column-spacing", "columnSpacing")
    public static let rowSpacing = length("--row-spacing", "rowSpacing")
    public static let insets = length("--insets", "insets")
    public static let captionHeight = length("--caption-height", "captionHeight")
    public static let headerHeight = length("--header-height", "headerHeight")
    public static let balanceTolerance = length("--balance-tolerance", "balanceTolerance")
    public static let footerHeight = length("--footer-height", "footerHeight")
    /// A fixed column width (`--item-width`): at least one pixel.
    public static let itemWidth = NumericSetting(
        flag: "--item-width", key: "itemWidth", range: 1...maximumLength, isWhole: false)
    /// The shape caps (`--max-tall`, `--max-wide`): height ÷ width and width ÷ height of a
    /// tile at most; 0 turns a cap off.
    public static let maxTall = NumericSetting(
        flag: "--max-tall", key: "maxTall", range: 0...100, isWhole: false, isRatio: true)
    public static let maxWide = NumericSetting(
        flag: "--max-wide", key: "maxWide", range: 0...100, isWhole: false, isRatio: true)
    public static let pageSize = NumericSetting(
        flag: "--page-size", key: "pageSize", range: 1...1_000_000, isWhole: true)
    public static let quality = NumericSetting(
        flag: "--quality", key: "quality", range: 1...100, isWhole: true)
    public static let avifSpeed = NumericSetting(
        flag: "--avif-speed", key: "avifSpeed",
        range: Double(
            RenditionOptions.avifSpeeds.lowerBound)...Double(
                RenditionOptions.avifSpeeds.upperBound),
        isWhole: true)
    public static let maxPixels = NumericSetting(
        flag: "--max-pixels", key: "maxPixels", range: 1...10_000_000_000, isWhole: true)
    public static let jobs = NumericSetting(flag: "--jobs", key: nil, range: 1...256, isWhole: true)
    /// `serve`'s first port to try; 0 for any free one.
    public static let port = NumericSetting(
        flag: "--port", key: nil, range: 0...65535, isWhole: true)
    /// A breakpoint's gallery width and its column count (inside `--breakpoints`).
    public static let breakpointWidth = NumericSetting(
        flag: "--breakpoints", key: "breakpoints", range: 0...100_000, isWhole: false)
    public static let breakpointColumns = NumericSetting(
        flag: "--breakpoints", key: "breakpoints", range: 1...1_000, isWhole: true)

    /// Every numeric option of `build` with a value of its own, from ``SettingsTable`` (the
    /// property test feeds each one extremes).
    public static var all: [NumericSetting] {
        [insets] + SettingsTable.buildOptions.compactMap(\.numeric)
    }

    /// A length in px from 0 to ``maximumLength``: what most layout options are, so a new one
    /// can be declared in ``SettingsTable`` as `.number(.length("--gutter", "gutter"))`.
    public static func length(_ flag: String, _ key: String) -> NumericSetting {
        NumericSetting(flag: flag, key: key, range: 0...maximumLength, isWhole: false)
    }

    /// "a length in px from 0 to 10,000" or "a whole number from 1 to 100".
    public var rangeText: String {
        let bounds = "from \(Self.grouped(range.lowerBound)) to \(Self.grouped(range.upperBound))"
        if isRatio { return "a ratio \(bounds) (0: no cap)" }
        return isWhole ? "a whole number \(bounds)" : "a length in px \(bounds)"
    }

    /// The range as the options table shows it: "0–10,000 px", "1–100".
    public var shortRangeText: String {
        let bounds = "\(Self.grouped(range.lowerBound))–\(Self.grouped(range.upperBound))"
        return isWhole || isRatio ? bounds : bounds + " px"
    }

    /// The number `text` spells, when it is in range.
    public func value(_ text: String) -> Double? {
        guard let number = Double(text.trimmed) else { return nil }
        return accepts(number) ? number : nil
    }

    /// Whether `number` is in range (and whole, when it must be). NaN and infinities never are.
    public func accepts(_ number: Double) -> Bool {
        number.isFinite && range.contains(number) && (!isWhole || number == number.rounded())
    }

    /// The flag's value as a number in range, or a usage error naming the flag, the value and the
    /// range.
    public func parse(_ text: String, command: String = "build") throws(SiteBuildError) -> Double {
        guard let number = value(text) else {
            throw .invalidOption(
                .outOfRange(option: flag, given: text, range: rangeText), command: command)
        }
        return number
    }

    /// The settings file's `value` as a number in range, or the message after the key's name.
    public func check(_ value: JSONValue) -> Double? {
        guard let number = value.number, accepts(number) else { return nil }
        return number
    }

    /// How a settings-file value reads in a message: numbers as written, other JSON as its kind.
    public static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): return "\(number)"
        case .string(let text): return "the string \"\(text)\""
        case .boolean(let flag): return "\(flag)"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private static func grouped(_ number: Double) -> String {
        NumberText.grouped(Int(number))
    }
}
