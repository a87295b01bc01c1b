import SiteBuild

/// The words and the exit status of every ``SiteBuildError``: SiteBuild says what failed and
/// where, the command line says it to people. Each message names the file or option at fault
/// and, where there is one, the fix; scripts and tests read these words, so they change only
/// on purpose.
extension SiteBuildError {
    /// The failure as the command line reports it: a usage error (exit 64, the usage follows)
    /// or a failure (exit 1).
    var commandError: CommandError {
        switch self {
        case .invalidOption(let problem, let command):
            return .usage(Self.message(problem), command: command)
        case .invalidLayoutOptions(let reason, let hint, let command):
            return .usage("layout options: \(reason)\(hint)", command: command)
        case .renditionsTurnedOff:
            return .usage(message, command: "renditions")
        default:
            return .failed(message)
        }
    }

    /// The message alone, as it follows "error: ".
    var message: String {
        inputMessage ?? folderMessage ?? buildMessage
    }

    /// The messages about laying out, resizing and publishing.
    private var buildMessage: String {
        switch self {
        case .invalidOption(let problem, _): return Self.message(problem)
        case .invalidLayoutOptions(let reason, let hint, _):
            return "layout options: \(reason)\(hint)"
        case .layoutFailed(let page, let reason): return "layout of \(page): \(reason)"
        case .renditionWriteFailed(let reason): return reason
        case .renditionsTurnedOff:
            return
                "resized copies are turned off (--no-renditions, or \"renditions\": false in the settings file), so there is nothing to write into the store"
        case .storeNotPruned(let unreadable):
            return
                "\(unreadable) photo\(unreadable == 1 ? "" : "s") could not be read, so the store was not pruned: fix or remove them first"
        case .noPhotos(let folder, let skipped):
            return
                "no photos (JPEG, PNG, HEIC, AVIF or WebP) found in '\(folder)'\(skipped.map { " (\($0))" } ?? "")"
        case .nothingToPublish(let reason): return Self.message(reason)
        case .strictRefusal(let problem): return Self.message(problem)
        default:
            // Every other case is worded by inputMessage or folderMessage.
            return String(describing: self)
        }
    }
}

extension SiteBuildError {
    /// The messages about the settings, the metadata, the theme and the photos.
    private var inputMessage: String? {
        switch self {
        case .unreadableSettings(let path, let reason): return "settings file '\(path)': \(reason)"
        case .unknownSettingsKey(let path, let key, let known):
            return
                "settings file '\(path)': unknown key '\(key)' (known keys: \(known.sorted().joined(separator: ", ")))"
        case .invalidSetting(let path, let key, let reason):
            return "settings file '\(path)': key '\(key)' \(reason)"
        case .settingsPathOutside(let path, let key, let value, let reason):
            return "settings file '\(path)': key '\(key)' ('\(value)') \(reason)"
        case .invalidShopWords(let path, let place, let reason):
            return "settings file '\(path)': \(place) \(reason)"
        case .invalidMetadata(let path, let reason): return "metadata file '\(path)': \(reason)"
        case .metadataConflict(let problem): return problem.text
        case .ambiguousMetadata(let folder, let names):
            return
                "the photos folder '\(folder)' holds both \(names.joined(separator: " and ")); "
                + "remove one, or choose one with --metadata FILE (or \"metadata\" in waterfall.json)"
        case .invalidSale(let file, let photo, let reason, let others):
            return
                "\(file): photo '\(TerminalText.safe(photo))': \(TerminalText.safe(reason))"
                + (others > 0 ? " (and \(others) more photos like it)" : "")
        case .unreadableTheme(let reason): return "theme: \(reason)"
        case .invalidThemeFile(let path, let reason): return "theme file '\(path)': \(reason)"
        case .shareImageNotAPhoto(let path, let photos):
            return
                "share image '\(path)' is not a photo of the site; give its path inside '\(photos)' (as metadata.json names photos)"
        case .scanFailed(let reason): return reason
        default: return nil
        }
    }

    /// The messages about the folders and the files a command writes.
    private var folderMessage: String? {
        switch self {
        case .missingFolder(let role, let path): return Self.message(role, path: path)
        case .foldersOverlap(let overlap): return Self.message(overlap)
        case .outputIsAFile(let path):
            return "output '\(path)' is a file, not a folder; choose another path with -o"
        case .outputNotOurs(let path, let settingsFile?):
            return
                "output folder '\(path)' (the \"output\" of settings file '\(settingsFile)') is not empty and was "
                + "not made by waterfall-site; --force applies only to an output given with -o: choose it with -o "
                + "to replace it, or change \"output\" in the settings file"
        case .outputNotOurs(let path, nil):
            return
                "output folder '\(path)' is not empty and was not made by waterfall-site; "
                + "choose another folder with -o, or add --force to replace it"
        case .outputBusy(let path, let holder):
            return
                "busy: another waterfall-site build is writing '\(path)'\(holder.map { " (pid \($0))" } ?? ""); "
                + "wait for it to finish, or choose another folder with -o"
        case .unreadableStaticFile(let reason): return "static folder: \(reason)"
        case .fileSystem(let operation, let path, let reason):
            return Self.message(operation, path: path, reason: reason)
        case .staticFileClash(let folder, let file, let top, true):
            return
                "static file '\(folder)/\(file)' would go inside the generated folder '\(top)/'; "
                + "move it to another folder of '\(folder)'"
        case .staticFileClash(let folder, let file, let top, false):
            return
                "static file '\(folder)/\(file)' would overwrite the generated '\(top)'; "
                + "rename it or remove it from '\(folder)'"
        case .invalidAsset(let problem, let option, let path):
            return Self.message(problem, option: option, path: path)
        case .previousSiteVanished(let path):
            return "the previous site's '\(path)' went away during the build; build again"
        case .sitemapChanged: return "the sitemap's files changed while it was written; build again"
        case .interrupted: return "the build was interrupted"
        case .watchFailed(let call, let reason):
            return "cannot watch for changes: \(call): \(reason)"
        default: return nil
        }
    }
}

extension SiteBuildError {
    private static func message(_ problem: OptionProblem) -> String {
        switch problem {
        case .contradict(let first, let second):
            return "options '\(first)' and '\(second)' contradict each other"
        case .notAChoice(let option, let given, let choices):
            return
                "option '\(option)' expects \(choices.joined(separator: ", ")), got '\(given)'\(NameHint.didYouMean(given, among: choices))"
        case .outOfRange(let option, let given, let range):
            return "option '\(option)' expects \(range), got '\(given)'"
        }
    }

    private static func message(_ role: FolderRole, path: String) -> String {
        switch role {
        case .photos: return "photos folder '\(path)' does not exist or is not a folder"
        case .staticFiles:
            return
                "static folder '\(path)' does not exist or is not a folder (given with --static or staticFolder)"
        case .renditionStore: return "rendition store '\(path)' does not exist or is not a folder"
        case .renditionStoreForBuild:
            return
                "rendition store '\(path)' is not a folder (given with --rendition-store): fill it with 'waterfall-site renditions --shard I/N --store DIR'"
        }
    }

    private static func message(_ overlap: FolderOverlap) -> String {
        switch overlap {
        case .outputHoldsPhotos(let output):
            return
                "output folder '\(output)' is or contains the photos folder; choose another folder with -o"
        case .staticHoldsPhotos(let folder):
            return
                "static folder '\(folder)' is or contains the photos folder; give a folder of its own with --static"
        case .staticAndOutput(let folder, let output):
            return
                "static folder '\(folder)' and the output folder '\(output)' must not hold one another; "
                + "give another folder with --static or -o"
        }
    }

    private static func message(_ operation: FileOperation, path: String, reason: String) -> String
    {
        switch operation {
        case .createOutputParent:
            return
                "cannot create the output folder's parent '\(path)': \(reason); choose another folder with -o"
        case .createLockFile:
            return
                "cannot create the lock file '\(path)': \(reason); check that its folder is writable"
        case .createStagingFolder: return "cannot create the staging folder '\(path)': \(reason)"
        case .readStagingFolder: return "cannot read the staging folder '\(path)': \(reason)"
        case .swapSite: return "cannot swap the new site into '\(path)': \(reason)"
        case .movePreviousSiteAside:
            return "cannot move the previous site '\(path)' aside: \(reason)"
        case .moveNewSiteIn: return "cannot move the new site into '\(path)': \(reason)"
        case .createFolder: return "cannot create '\(path)': \(reason)"
        case .copyIntoSite: return "cannot copy '\(path)' into the site: \(reason)"
        case .write: return "cannot write '\(path)': \(reason)"
        case .writePublishJournal: return "cannot write the publish journal '\(path)': \(reason)"
        case .move(let destination): return "cannot move '\(path)' into '\(destination)': \(reason)"
        case .linkLive(let name): return "cannot link '\(path)' to the live '\(name)': \(reason)"
        case .setUpTemporaryFiles: return "cannot set up '\(path)' for temporary files: \(reason)"
        case .listStaticFolder: return "static folder: cannot list '\(path)': \(reason)"
        }
    }

    private static func message(_ problem: AssetProblem, option: String, path: String) -> String {
        switch problem {
        case .notAnImageType(let extensions):
            return
                "\(option) '\(path)': not an image type browsers show here; give a file ending in \(extensions.sorted().map { "." + $0 }.joined(separator: ", "))"
        case .missing:
            return
                "\(option) '\(path)': no such file, or not readable; check the path (relative paths are relative to the current folder, or to waterfall.json)"
        case .unreadable(let reason): return "\(option) '\(path)': \(reason)"
        case .activeContent(let found):
            return
                "\(option) '\(path)': the SVG holds active content (\(found)), which a browser "
                + "would run on the site's own address; remove scripts, on… event attributes, "
                + "javascript: URLs, foreignObject and links to other files from it, or give a PNG"
        }
    }

    private static func message(_ reason: NothingToPublish) -> String {
        switch reason {
        case .everyPhotoVanished:
            return "every photo went away during the build; nothing to publish"
        case .noPhotoShowable:
            return "no photo could be shown (see the warnings above); nothing to publish"
        case .noPhotoWithoutRenditions:
            return
                "every photo is HEIC/HEIF or AVIF, which --no-renditions cannot show; nothing to publish"
        case .noPathShortEnough:
            return "no photo's path is short enough to publish (see the warnings above)"
        }
    }

    private static func message(_ problem: StrictProblem) -> String {
        func photos(_ count: Int) -> String { "\(count) photo\(count == 1 ? "" : "s")" }
        let refusal: String
        switch problem {
        case .scanDiagnostics(let counted): refusal = counted
        case .metadataWarnings(let count):
            refusal = "\(count) metadata warning\(count == 1 ? "" : "s")"
        case .photosVanished(let count): refusal = "\(photos(count)) went away during the build"
        case .photosNotResized(let count): refusal = "\(photos(count)) could not be resized"
        case .originalsTooLong(let count):
            refusal =
                "\(count) photo\(count == 1 ? "'s" : "s'") original\(count == 1 ? " is" : "s are") too long a path to publish"
        }
        return "--strict: \(refusal); the site was not built"
    }
}
