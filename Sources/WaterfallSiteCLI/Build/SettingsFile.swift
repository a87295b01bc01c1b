import Foundation
import MasonryLayout

/// `waterfall.json`: the same settings as the command line, so a shop keeps its options beside
/// its photos. Unknown keys and bad values are errors naming the key, because a silently ignored
/// typo ("colums") is worse than a refusal.
///
/// ```json
/// { "title": "Spring collection", "breakpoints": "0:2,640:3,1024:4,1440:5",
///   "columnSpacing": 16, "rowSpacing": 16, "insets": "16", "captionHeight": 64,
///   "headerHeight": 56, "balanceTolerance": 16, "pageSize": 500, "renditions": true,
///   "quality": 82, "maxPixels": 100000000, "originalLinks": true, "output": "../site", "templates": "theme",
///   "metadata": "metadata.json" }
/// ```
/// Paths are relative to the settings file's folder.
enum SettingsFile {
    static let keys: Set<String> = [
        "title", "breakpoints", "columnSpacing", "rowSpacing", "insets", "captionHeight",
        "headerHeight", "pageSize", "output", "templates", "metadata", "balanceTolerance",
        "renditions", "quality", "maxPixels", "originalLinks",
    ]

    /// Applies the file at `url` to `settings`.
    static func apply(_ url: URL, to settings: inout BuildSettings) throws(CommandError) {
        let path = url.path
        let object: [String: Any]
        do {
            let data = try Data(contentsOf: url)
            guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw CommandError.failed("settings file '\(path)': expected a JSON object { … } at the top level")
            }
            object = parsed
        } catch let error as CommandError {
            throw error
        } catch {
            throw .failed("settings file '\(path)': \(JSONProblem.describe(error))")
        }
        let folder = url.deletingLastPathComponent()
        for key in object.keys.sorted() {
            guard keys.contains(key) else {
                throw .failed("settings file '\(path)': unknown key '\(key)' (known keys: \(keys.sorted().joined(separator: ", ")))")
            }
        }
        func bad(_ key: String, _ expected: String) -> CommandError {
            .failed("settings file '\(path)': key '\(key)' \(expected)")
        }
        func number(_ key: String) throws(CommandError) -> Double? {
            guard let value = object[key] else { return nil }
            guard let number = value as? NSNumber, !JSONValue.isBoolean(number), number.doubleValue.isFinite, number.doubleValue >= 0 else {
                throw bad(key, "must be a number ≥ 0")
            }
            return number.doubleValue
        }
        func string(_ key: String) throws(CommandError) -> String? {
            guard let value = object[key] else { return nil }
            guard let text = value as? String, !text.isEmpty else { throw bad(key, "must be a non-empty string") }
            return text
        }
        if let title = try string("title") { settings.title = title }
        if let value = object["breakpoints"] {
            guard let text = value as? String, let breakpoints = SettingText.breakpoints(text) else {
                throw bad("breakpoints", "must be a string like \"0:2,640:3,1024:4,1440:5\" (gallery width:columns)")
            }
            settings.breakpoints = breakpoints
        }
        if let value = try number("columnSpacing") { settings.columnSpacing = value }
        if let value = try number("rowSpacing") { settings.rowSpacing = value }
        if let value = object["insets"] {
            let text = (value as? String) ?? ((value as? NSNumber).map { "\($0.doubleValue)" } ?? "")
            guard let insets = SettingText.insets(text) else {
                throw bad("insets", "must be a number or a string \"top,right,bottom,left\" of numbers ≥ 0")
            }
            settings.insets = insets
        }
        if let value = try number("captionHeight") { settings.captionHeight = value }
        if let value = try number("headerHeight") { settings.headerHeight = value }
        if let value = try number("balanceTolerance") { settings.balanceTolerance = value }
        func boolean(_ key: String) throws(CommandError) -> Bool? {
            guard let value = object[key] else { return nil }
            guard let flag = JSONValue.boolean(value) else { throw bad(key, "must be true or false") }
            return flag
        }
        func whole(_ key: String, _ range: ClosedRange<Int>) throws(CommandError) -> Int? {
            guard let value = try number(key) else { return nil }
            guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
                throw bad(key, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return Int(value)
        }
        if let value = try boolean("renditions") { settings.renditions = value }
        if let value = try whole("quality", 1...100) { settings.quality = value }
        if let value = try whole("maxPixels", 1...10_000_000_000) { settings.maximumPixels = value }
        if let value = try boolean("originalLinks") { settings.linksOriginals = value }
        if let value = try number("pageSize") {
            guard value >= 1, value == value.rounded() else { throw bad("pageSize", "must be a whole number ≥ 1") }
            settings.pageSize = Int(value)
        }
        if let value = try string("output") { settings.output = PathText.resolve(value, relativeTo: folder) }
        if let value = try string("templates") { settings.templates = PathText.resolve(value, relativeTo: folder) }
        if let value = try string("metadata") { settings.metadata = PathText.resolve(value, relativeTo: folder) }
    }
}

/// Reading values out of `JSONSerialization`'s results.
enum JSONValue {
    /// Whether a parsed number was `true`/`false` in the text. On Linux `0 is Bool` and
    /// `1 is Bool` hold for NSNumber, so the type check alone would turn `"rowSpacing": 0` into an
    /// error; booleans are the numbers of Objective-C type `c`.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// `true` or `false`, or nil for any other value (numbers included).
    static func boolean(_ value: Any) -> Bool? {
        guard let number = value as? NSNumber, isBoolean(number) else { return nil }
        return number.boolValue
    }
}

/// Turns Foundation's JSON errors into a sentence a person can act on.
enum JSONProblem {
    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        if nsError.domain == NSCocoaErrorDomain && (nsError.code == NSFileReadNoPermissionError) {
            return "permission denied"
        }
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String {
            return "not valid JSON (\(detail))"
        }
        return "not valid JSON or not readable (\(nsError.localizedDescription))"
    }
}
