import MasonryLayout
import SiteBuild
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `waterfall-site build PHOTOS`: reads the command line and the settings file into
/// ``BuildSettings`` and hands them to ``SiteBuilder``.
enum BuildCommand {
    /// The keys a settings file may hold: every option declares its flags and its key once, in
    /// ``SettingsTable``.
    static let settingKeys = SettingsTable.keys

    static let options =
        ArgumentList.options(SettingsTable.buildOptions) + [
            ArgumentList.Option(names: ["--help", "-h"], takesValue: false)
        ]

    static func run(_ arguments: [String], console: Console) throws(CommandError) {
        let list = try ArgumentList(arguments, options: options, command: "build")
        if list.has("--help") {
            console.writeOutput(HelpText.build)
            return
        }
        let settings = try settings(from: list)
        try CommandError.wording { () throws(SiteBuildError) in
            var builder = SiteBuilder(settings: settings, reporter: console)
            builder.interruptions = SignalInterruptions()
            try builder.build()
        }
    }

    /// Defaults, then the settings file, then the command line. Without a folder, the current
    /// folder is the photos folder when it holds a `waterfall.json`.
    static func settings(from list: ArgumentList, command: String = "build") throws(CommandError)
        -> BuildSettings
    {
        let workingFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let photosPath: String
        if list.positionals.count == 1, let path = list.positionals.first {
            photosPath = path
        } else if list.positionals.isEmpty
            && FileManager.default.fileExists(
                atPath: workingFolder.appending(path: "waterfall.json").path)
        {
            photosPath = "."
        } else {
            throw .usage(
                list.positionals.isEmpty
                    ? "\(command) needs the folder of photos (or run it in a folder that holds a waterfall.json)"
                    : "\(command) takes one folder of photos, got \(list.positionals.count)",
                command: command)
        }
        let photos = PathText.resolve(photosPath, relativeTo: workingFolder)
        var settings = BuildSettings(photos: photos, output: workingFolder.appending(path: "_site"))
        // Before the settings file: whether its paths may lead out through links depends on it.
        settings.followsSymlinks = list.has("--follow-symlinks")

        if let config = list.value("--config") {
            let url = PathText.resolve(config, relativeTo: workingFolder)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .failed("settings file '\(url.path)' does not exist (given with --config)")
            }
            try CommandError.wording { () throws(SiteBuildError) in
                try SettingsFile.apply(url, to: &settings, keys: settingKeys)
            }
            settings.configFile = url
        } else {
            let url = photos.appending(path: "waterfall.json")
            if FileManager.default.fileExists(atPath: url.path) {
                try CommandError.wording { () throws(SiteBuildError) in
                    try SettingsFile.apply(url, to: &settings, keys: settingKeys)
                }
                settings.configFile = url
            }
        }

        try CommandError.wording { () throws(SiteBuildError) in
            try SettingsTable.applyCommandLine(
                value: list.value, has: list.has, workingFolder: workingFolder, command: command,
                to: &settings)
        }
        if let output = list.value("--output") {
            settings.output = PathText.resolve(output, relativeTo: workingFolder)
            settings.outputSettingsFile = nil
        }
        try readCheckedValues(list, command: command, to: &settings)
        settings.strict = list.has("--strict")
        settings.quiet = list.has("--quiet")
        settings.force = list.has("--force")
        settings.usesCache = !list.has("--no-cache")
        return settings
    }

    /// The options whose values need a check of their own, with messages that say what each
    /// expects; every other option is read through ``SettingsTable``.
    private static func readCheckedValues(
        _ list: ArgumentList, command: String, to settings: inout BuildSettings
    ) throws(CommandError) {
        if let text = list.value("--breakpoints") {
            guard let breakpoints = SettingText.breakpoints(text) else {
                throw .usage(
                    "option '--breakpoints' expects \(SettingText.breakpointsText), got '\(text)'",
                    command: command)
            }
            settings.breakpoints = breakpoints
        }
        if let text = list.value("--decode-memory") {
            guard let bytes = ByteCountText.bytes(text) else {
                throw .usage(
                    "option '--decode-memory' expects \(ByteCountText.expected), got '\(text)'",
                    command: command)
            }
            settings.decodeMemory = bytes
        }
        if let text = list.value("--insets") {
            guard let insets = SettingText.insets(text) else {
                throw .usage(
                    "option '--insets' expects PX or TOP,RIGHT,BOTTOM,LEFT, each \(NumericSetting.insets.rangeText), got '\(text)'",
                    command: command)
            }
            settings.insets = insets
        }
        if let text = list.value("--direction") {
            guard let direction = SettingText.direction(text) else {
                throw .usage(
                    "option '--direction' expects \(SettingText.directionNames), got '\(text)'",
                    command: command)
            }
            settings.direction = direction
        }
        if let language = list.value("--language") {
            guard SettingText.isLanguageTag(language) else {
                throw .usage(
                    "option '--language' expects a language tag like en, de or pt-BR, got '\(language)'",
                    command: command)
            }
            settings.language = language
        }
        if let text = list.value("--base-url") {
            guard let address = SiteAddress(text) else {
                throw .usage(
                    "option '--base-url' expects \(SiteAddress.expected), got '\(text)'",
                    command: command)
            }
            settings.baseURL = address
        }
        if let text = list.value("--currency") {
            guard PriceText.isCurrencyCode(text) else {
                throw .usage(
                    "option '--currency' expects an ISO 4217 code like EUR, USD or CHF, got '\(text)'",
                    command: command)
            }
            settings.currency = text
        }
    }
}
