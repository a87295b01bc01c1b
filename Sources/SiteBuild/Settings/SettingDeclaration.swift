#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One option of `build` and `serve`, declared once: its flags (with their short and `--no-`
/// forms), the `waterfall.json` key of each, its type, its range, its default and its
/// documentation. ``SettingsTable`` lists them all; the argument parser, the settings file,
/// `--help` and the options tables of `docs/options.md` are read from it.
public struct SettingDeclaration: Sendable {
    /// A flag as the command line takes it.
    public struct Flag: Sendable {
        /// The long name first, then its short forms (`["--output", "-o"]`); none for a key
        /// only the settings file has (`links`, a list the command line has no form for).
        public let names: [String]
        public let takesValue: Bool
        /// The `waterfall.json` key of the same setting; nil for a flag only the command line has.
        public let key: String?
        /// Where the value goes; nil for an option whose parsers read it by hand (its value needs
        /// a check of its own, or it is no setting of ``BuildSettings``).
        public let store: Store?

        public init(_ names: [String], takesValue: Bool, key: String? = nil, store: Store? = nil) {
            self.names = names
            self.takesValue = takesValue
            self.key = key
            self.store = store
        }
    }

    /// Where a flag's value goes in ``BuildSettings``: the command line and the settings file
    /// both read every option with a store through it.
    public enum Store: Sendable {
        /// The flag turns the setting on; its key is true or false.
        case on(WritableKeyPath<BuildSettings, Bool> & Sendable)
        /// The flag turns the setting off (`--no-…`); its key is true or false.
        case off(WritableKeyPath<BuildSettings, Bool> & Sendable)
        /// Non-empty text.
        case text(WritableKeyPath<BuildSettings, String?> & Sendable)
        /// A file or folder read from: in a settings file it must stay inside the file's folder.
        case input(WritableKeyPath<BuildSettings, URL?> & Sendable)
        /// A folder written to, anywhere.
        case written(WritableKeyPath<BuildSettings, URL?> & Sendable)
        /// A number in the range of the option's ``Kind/number(_:)``.
        case number(@Sendable (inout BuildSettings, Double) -> Void)
        /// One of `names` (a ``Kind/choice``), given to the closure as written.
        case choice(names: [String], @Sendable (inout BuildSettings, String) -> Void)
    }

    /// What a value is: it decides how a flag and a settings-file value are read.
    public enum Kind: Sendable {
        /// On or off: a flag without a value; true or false in the settings file.
        case `switch`
        /// Any non-empty text.
        case text
        /// A file or folder, relative to the current folder or to the settings file's.
        case path
        /// A number in the ``NumericSetting``'s range, the same on both sides.
        case number(NumericSetting)
        /// Several numbers in one text (`0:2,640:3`, `8,16`).
        case list
        /// One of a few names (`shortest`, `left-to-right`, …).
        case choice
        /// A byte count with an optional unit (`512MB`).
        case size
        /// An absolute http(s) address.
        case address
        /// A code from a standard: a language tag, an ISO 4217 currency.
        case tag
    }

    /// The `--help` section an option is listed under, in the order `--help` shows them.
    public enum Group: Sendable, CaseIterable {
        case server, output, layout, content, sharing, images, behaviour

        /// The section's heading in `--help`.
        public var title: String {
            switch self {
            case .server: "SERVER"
            case .output: "OUTPUT"
            case .layout: "LAYOUT"
            case .content: "CONTENT"
            case .sharing: "FOUND AND SHARED (each needs --base-url)"
            case .images: "IMAGES"
            case .behaviour: "BEHAVIOUR"
            }
        }

        /// What `--help` says under the section's options, about all of them.
        public var note: String? {
            guard self == .layout else { return nil }
            return
                "Every length (PX) is 0–10,000 px (--item-width at least 1), on the command line and in the settings file."
        }
    }

    /// A line of `--help`: the flag as typed, with its placeholder, and what it does.
    public struct HelpEntry: Sendable {
        /// `-o, --output DIR`; a line break where a long list of flags continues.
        public let name: String
        public let text: String

        public init(_ name: String, _ text: String) {
            self.name = name
            self.text = text
        }
    }

    public let flags: [Flag]
    public let group: Group
    public let kind: Kind
    /// The options table's option cell, with the value's placeholder (`` `-o, --output DIR` ``).
    public let option: String
    /// How the default reads in the options table ("16", "the folder's name", "off").
    public let defaultText: String
    /// The options table's range cell; for a number it is its ``NumericSetting``'s range.
    public let range: String
    /// The options table's longer explanation.
    public let meaning: String
    /// The option's lines in `--help` (one per flag where on and off read differently; none
    /// where another option's entry names this one too).
    public let help: [HelpEntry]

    public init(
        _ flags: [Flag], _ group: Group, kind: Kind, option: String, defaultText: String,
        range: String = "", meaning: String, help: [HelpEntry] = []
    ) {
        self.flags = flags
        self.group = group
        self.kind = kind
        self.option = option
        self.defaultText = defaultText
        if case .number(let setting) = kind, range.isEmpty {
            self.range = setting.shortRangeText
        } else {
            self.range = range
        }
        self.meaning = meaning
        self.help = help
    }

    /// The range of a numeric option.
    public var numeric: NumericSetting? {
        if case .number(let setting) = kind { return setting }
        return nil
    }

    /// The settings-file keys of this option's flags.
    public var keys: [String] { flags.compactMap(\.key) }

    /// The row of the options table in `docs/options.md`.
    public var readmeRow: String {
        let range = self.range.isEmpty ? "" : " \(self.range)"
        return "| \(option) | \(defaultText) |\(range) | \(meaning) |"
    }
}
