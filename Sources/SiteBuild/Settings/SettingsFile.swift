import InputFiles
import MasonryLayout
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `waterfall.json`: the same settings as the command line, so a shop keeps its options beside
/// its photos. Unknown keys and bad values are errors naming the key, because a silently ignored
/// typo ("colums") is worse than a refusal.
///
/// ```json
/// { "title": "Spring collection", "breakpoints": "0:2,640:3,1024:4,1440:5",
///   "columnSpacing": 16, "rowSpacing": 16, "insets": "16", "direction": "shortest",
///   "itemWidth": 240, "captionHeight": 64, "headerHeight": 56, "footerHeight": 48,
///   "balanceTolerance": 16, "maxTall": 2, "maxWide": 3, "pageSize": 500, "renditions": true, "quality": 82,
///   "maxPixels": 100000000, "originalLinks": true, "output": "../site", "templates": "theme",
///   "metadata": "metadata.json", "staticFolder": "static", "hostFiles": true }
/// ```
/// Paths are relative to the settings file's folder; those read from must stay inside it (see
/// ``SettingsPath``).
public enum SettingsFile {
    /// Applies the file at `url` to `settings`. `keys` are the keys a file may hold: the CLI's
    /// option table gives every setting its flag and its key in one place.
    public static func apply(
        _ url: URL, to settings: inout BuildSettings, keys: Set<String>
    ) throws(SiteBuildError) {
        let path = url.path
        let document: JSONValue
        do {
            document = try JSONValue.read(
                contentsOf: url, rule: InputFileRule(followsLinks: settings.followsSymlinks))
        } catch {
            throw .unreadableSettings(path: path, reason: "\(error)")
        }
        guard let members = document.members else {
            throw .unreadableSettings(
                path: path, reason: "expected a JSON object { … } at the top level")
        }
        let folder = url.deletingLastPathComponent()
        // Paths to read from stay inside the file's folder; `output` is written, not read.
        let inputs = SettingsPath(file: url, followsLinks: settings.followsSymlinks)
        for (key, _) in members {
            guard keys.contains(key) else {
                throw .unknownSettingsKey(path: path, key: key, known: Array(keys))
            }
        }
        func bad(_ key: String, _ expected: String) -> SiteBuildError {
            .invalidSetting(path: path, key: key, reason: expected)
        }
        func number(_ setting: NumericSetting, _ key: String) throws(SiteBuildError) -> Double? {
            guard let value = document[key] else { return nil }
            guard let number = setting.check(value) else {
                throw bad(
                    key, "must be \(setting.rangeText), got \(NumericSetting.describe(value))")
            }
            return number
        }
        func string(_ key: String) throws(SiteBuildError) -> String? {
            guard let value = document[key] else { return nil }
            guard let text = value.string, !text.isEmpty else {
                throw bad(key, "must be a non-empty string")
            }
            return text
        }
        func boolean(_ key: String) throws(SiteBuildError) -> Bool? {
            guard let value = document[key] else { return nil }
            guard let flag = value.boolean else { throw bad(key, "must be true or false") }
            return flag
        }
        // Every option with a store, in the table's order; the rest below check their own values.
        var seen: [String] = []
        for declaration in SettingsTable.buildOptions {
            for flag in declaration.flags {
                guard let key = flag.key, let store = flag.store, !seen.contains(key) else {
                    continue
                }
                seen.append(key)
                switch store {
                case .on(let path), .off(let path):
                    if let value = try boolean(key) { settings[keyPath: path] = value }
                case .text(let path):
                    if let value = try string(key) { settings[keyPath: path] = value }
                case .input(let path):
                    if let value = try string(key) {
                        settings[keyPath: path] = try inputs.resolve(
                            value, key: key, flag: flag.names[0])
                    }
                case .written(let path):
                    if let value = try string(key) {
                        settings[keyPath: path] = PathText.resolve(value, relativeTo: folder)
                    }
                case .number(let store):
                    if let setting = declaration.numeric, let value = try number(setting, key) {
                        store(&settings, value)
                    }
                case .choice(let names, let store):
                    if let value = document[key] {
                        guard let text = value.string, names.contains(text) else {
                            let hint =
                                value.string.flatMap { Suggestion.nearest(to: $0, among: names) }
                                .map { " (did you mean '\($0)'?)" } ?? ""
                            throw bad(
                                key,
                                "must be one of \(names.joined(separator: ", ")), got \(NumericSetting.describe(value))\(hint)"
                            )
                        }
                        store(&settings, text)
                    }
                }
            }
        }
        if let value = document["breakpoints"] {
            guard let text = value.string, let breakpoints = SettingText.breakpoints(text) else {
                throw bad(
                    "breakpoints",
                    "must be a string of \(SettingText.breakpointsText), got \(NumericSetting.describe(value))"
                )
            }
            settings.breakpoints = breakpoints
        }
        if let value = document["insets"] {
            let text = value.string ?? value.number.map { "\($0)" } ?? ""
            guard let insets = SettingText.insets(text) else {
                throw bad(
                    "insets",
                    "must be a number or a string \"top,right,bottom,left\", each \(NumericSetting.insets.rangeText), got \(NumericSetting.describe(value))"
                )
            }
            settings.insets = insets
        }
        if let value = document["direction"] {
            guard let text = value.string, let direction = SettingText.direction(text) else {
                throw bad("direction", "must be one of \(SettingText.directionNames)")
            }
            settings.direction = direction
        }
        if let value = document["decodeMemory"] {
            let text =
                value.string ?? value.number.flatMap {
                    $0 >= 0 && $0 < 1.8e19 && $0 == $0.rounded() ? String(UInt64($0)) : nil
                } ?? ""
            guard let bytes = ByteCountText.bytes(text) else {
                throw bad(
                    "decodeMemory",
                    "must be \(ByteCountText.expected), got \(NumericSetting.describe(value))")
            }
            settings.decodeMemory = bytes
        }
        if let language = try string("language") {
            guard SettingText.isLanguageTag(language) else {
                throw bad("language", "must be a language tag like \"en\", \"de\" or \"pt-BR\"")
            }
            settings.language = language
        }
        if let value = try string("baseURL") {
            guard let address = SiteAddress(value) else {
                throw bad("baseURL", "must be \(SiteAddress.expected), got '\(value)'")
            }
            settings.baseURL = address
        }
        if let value = try string("currency") {
            guard PriceText.isCurrencyCode(value) else {
                throw bad(
                    "currency", "must be an ISO 4217 code like EUR, USD or CHF, got '\(value)'")
            }
            settings.currency = value
        }
        if let value = document["links"] {
            settings.links = try ShopWordsSetting.links(value, file: path)
        }
        if let value = document["strings"] {
            settings.strings = try ShopWordsSetting.strings(value, file: path)
        }
        if let value = try string("output") {
            settings.output = PathText.resolve(value, relativeTo: folder)
            settings.outputSettingsFile = url
        }
    }
}
