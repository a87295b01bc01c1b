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
    /// Every option, with the settings-file key of the same setting: `SettingsFile` accepts
    /// exactly these keys, so the two cannot drift apart.
    /// The keys a settings file may hold: every setting has its flag and its key in one table.
    static let settingKeys = Set(options.compactMap(\.setting))

    static let options: [ArgumentList.Option] = [
        .init(names: ["--output", "-o"], takesValue: true, setting: "output"),
        .init(names: ["--title"], takesValue: true, setting: "title"),
        .init(names: ["--breakpoints"], takesValue: true, setting: "breakpoints"),
        .init(names: ["--column-spacing"], takesValue: true, setting: "columnSpacing"),
        .init(names: ["--row-spacing"], takesValue: true, setting: "rowSpacing"),
        .init(names: ["--insets"], takesValue: true, setting: "insets"),
        .init(names: ["--direction"], takesValue: true, setting: "direction"),
        .init(names: ["--item-width"], takesValue: true, setting: "itemWidth"),
        .init(names: ["--caption-height"], takesValue: true, setting: "captionHeight"),
        .init(names: ["--header-height"], takesValue: true, setting: "headerHeight"),
        .init(names: ["--footer-height"], takesValue: true, setting: "footerHeight"),
        .init(names: ["--balance-tolerance"], takesValue: true, setting: "balanceTolerance"),
        .init(names: ["--max-tall"], takesValue: true, setting: "maxTall"),
        .init(names: ["--max-wide"], takesValue: true, setting: "maxWide"),
        .init(names: ["--page-size"], takesValue: true, setting: "pageSize"),
        .init(names: ["--metadata"], takesValue: true, setting: "metadata"),
        .init(names: ["--templates"], takesValue: true, setting: "templates"),
        .init(names: ["--static"], takesValue: true, setting: "staticFolder"),
        .init(names: ["--rendition-store"], takesValue: true, setting: "renditionStore"),
        .init(names: ["--no-host-files"], takesValue: false, setting: "hostFiles"),
        .init(names: ["--config"], takesValue: true),
        .init(names: ["--jobs", "-j"], takesValue: true),
        .init(names: ["--renditions"], takesValue: false, setting: "renditions"),
        .init(names: ["--no-renditions"], takesValue: false, setting: "renditions"),
        .init(names: ["--quality"], takesValue: true, setting: "quality"),
        .init(names: ["--webp"], takesValue: false, setting: "webp"),
        .init(names: ["--no-webp"], takesValue: false, setting: "webp"),
        .init(names: ["--avif"], takesValue: false, setting: "avif"),
        .init(names: ["--no-avif"], takesValue: false, setting: "avif"),
        .init(names: ["--avif-speed"], takesValue: true, setting: "avifSpeed"),
        .init(names: ["--max-pixels"], takesValue: true, setting: "maxPixels"),
        .init(names: ["--decode-memory"], takesValue: true, setting: "decodeMemory"),
        .init(names: ["--no-original-link"], takesValue: false, setting: "originalLinks"),
        .init(names: ["--publish-originals"], takesValue: false, setting: "publishOriginals"),
        .init(names: ["--language"], takesValue: true, setting: "language"),
        .init(names: ["--description"], takesValue: true, setting: "description"),
        .init(names: ["--intro"], takesValue: true, setting: "intro"),
        .init(names: ["--logo"], takesValue: true, setting: "logo"),
        .init(names: ["--favicon"], takesValue: true, setting: "favicon"),
        .init(names: ["--call-to-action"], takesValue: true, setting: "callToAction"),
        .init(names: ["--base-url"], takesValue: true, setting: "baseURL"),
        .init(names: ["--share-image"], takesValue: true, setting: "shareImage"),
        .init(names: ["--currency"], takesValue: true, setting: "currency"),
        .init(names: ["--no-sitemap"], takesValue: false, setting: "sitemap"),
        .init(names: ["--no-feed"], takesValue: false, setting: "feed"),
        .init(names: ["--creator"], takesValue: true, setting: "creator"),
        .init(names: ["--credit-text"], takesValue: true, setting: "creditText"),
        .init(names: ["--copyright-notice"], takesValue: true, setting: "copyrightNotice"),
        .init(names: ["--license"], takesValue: true, setting: "license"),
        .init(names: ["--acquire-license-page"], takesValue: true, setting: "acquireLicensePage"),
        .init(names: ["--strict"], takesValue: false),
        .init(names: ["--quiet", "-q"], takesValue: false),
        .init(names: ["--force"], takesValue: false),
        .init(names: ["--no-cache"], takesValue: false),
        .init(names: ["--follow-symlinks"], takesValue: false),
        .init(names: ["--help", "-h"], takesValue: false),
    ]

    static func run(_ arguments: [String], console: Console) throws(CommandError) {
        let list = try ArgumentList(arguments, options: options, command: "build")
        if list.has("--help") {
            console.writeOutput(HelpText.build)
            return
        }
        let settings = try settings(from: list)
        try SiteBuilder(settings: settings, console: console).build()
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
            try SettingsFile.apply(url, to: &settings, keys: settingKeys)
            settings.configFile = url
        } else {
            let url = photos.appending(path: "waterfall.json")
            if FileManager.default.fileExists(atPath: url.path) {
                try SettingsFile.apply(url, to: &settings, keys: settingKeys)
                settings.configFile = url
            }
        }

        func number(_ setting: NumericSetting) throws(CommandError) -> Double? {
            guard let text = list.value(setting.flag) else { return nil }
            return try setting.parse(text, command: command)
        }
        if let output = list.value("--output") {
            settings.output = PathText.resolve(output, relativeTo: workingFolder)
            settings.outputSettingsFile = nil
        }
        if let title = list.value("--title") { settings.title = title }
        if let text = list.value("--breakpoints") {
            guard let breakpoints = SettingText.breakpoints(text) else {
                throw .usage(
                    "option '--breakpoints' expects \(SettingText.breakpointsText), got '\(text)'",
                    command: command)
            }
            settings.breakpoints = breakpoints
        }
        for (setting, store) in NumericSetting.stored {
            if let value = try number(setting) { store(&settings, value) }
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
        for (flag, key) in [
            ("--metadata", \BuildSettings.metadata), ("--templates", \.templates),
            ("--static", \.staticFolder), ("--logo", \.logo), ("--favicon", \.favicon),
            ("--rendition-store", \.renditionStore),
        ] {
            if let value = list.value(flag) {
                settings[keyPath: key] = PathText.resolve(value, relativeTo: workingFolder)
            }
        }
        if list.has("--no-host-files") { settings.hostFiles = false }
        // Each pair turns one setting on and off; both at once is a usage error.
        for (on, off, key) in [
            ("--renditions", "--no-renditions", \BuildSettings.renditions),
            ("--publish-originals", "--no-original-link", \.linksOriginals),
            ("--webp", "--no-webp", \.webp), ("--avif", "--no-avif", \.avif),
        ] {
            if list.has(on) && list.has(off) {
                throw .usage("options '\(on)' and '\(off)' contradict each other", command: command)
            }
            if list.has(off) { settings[keyPath: key] = false }
            if list.has(on) { settings[keyPath: key] = true }
        }
        if let language = list.value("--language") {
            guard SettingText.isLanguageTag(language) else {
                throw .usage(
                    "option '--language' expects a language tag like en, de or pt-BR, got '\(language)'",
                    command: command)
            }
            settings.language = language
        }
        if let text = list.value("--description") { settings.description = text }
        if let text = list.value("--intro") { settings.intro = text }
        if let text = list.value("--call-to-action") { settings.callToAction = text }
        if let text = list.value("--base-url") {
            guard let address = SiteAddress(text) else {
                throw .usage(
                    "option '--base-url' expects \(SiteAddress.expected), got '\(text)'",
                    command: command)
            }
            settings.baseURL = address
        }
        if let text = list.value("--share-image") { settings.shareImage = text }
        if let text = list.value("--currency") {
            guard PriceText.isCurrencyCode(text) else {
                throw .usage(
                    "option '--currency' expects an ISO 4217 code like EUR, USD or CHF, got '\(text)'",
                    command: command)
            }
            settings.currency = text
        }
        if list.has("--no-sitemap") { settings.sitemap = false }
        if list.has("--no-feed") { settings.feed = false }
        for (flag, key) in [
            ("--creator", "creator"), ("--credit-text", "creditText"),
            ("--copyright-notice", "copyrightNotice"), ("--license", "license"),
            ("--acquire-license-page", "acquireLicensePage"),
        ] {
            if let text = list.value(flag) { settings.rights[key] = text }
        }
        settings.strict = list.has("--strict")
        settings.quiet = list.has("--quiet")
        settings.force = list.has("--force")
        settings.usesCache = !list.has("--no-cache")
        return settings
    }
}
