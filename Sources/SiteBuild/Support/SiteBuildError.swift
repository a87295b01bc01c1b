/// Why a build, a check, `init` or `renditions` could not do its work: one case per kind of
/// failure, carrying the path(s) at fault and the reason as values.
///
/// SiteBuild words nothing here: the command line (`WaterfallSiteCLI`) turns each case into the
/// message a person reads and into the exit status, so a library user can match on the case
/// instead of parsing text. Reasons that come from another module (the scanner, the theme, the
/// file rule) arrive already worded by it, as `reason`.
public enum SiteBuildError: Error, Sendable, Equatable {
    // MARK: The command line and the settings

    /// A command-line option (or two together) is wrong; the command's usage follows the message.
    case invalidOption(OptionProblem, command: String?)
    /// The settings file at `path` cannot be read or is not a JSON object.
    case unreadableSettings(path: String, reason: String)
    /// The settings file at `path` has a key that is not a setting.
    case unknownSettingsKey(path: String, key: String, known: [String])
    /// The settings file's `key` has a value it cannot take; `reason` says what it must be.
    case invalidSetting(path: String, key: String, reason: String)
    /// The settings file's `key` names a path (`value`) it may not read from.
    case settingsPathOutside(path: String, key: String, value: String, reason: String)
    /// An entry of the settings file's `links` or `strings` (at `place`, such as `links[2]` or
    /// `strings: 'soldOut'`) is wrong.
    case invalidShopWords(path: String, place: String, reason: String)

    // MARK: Input files

    /// The metadata file at `path` cannot be read, or an entry of it is wrong.
    case invalidMetadata(path: String, reason: String)
    /// A problem the metadata check found (``MetadataCheck``), worded as `check` lists it.
    case metadataConflict(MetadataProblem)
    /// The photos folder holds more than one default metadata file (`names`).
    case ambiguousMetadata(folder: String, names: [String])
    /// A photo's sale entry in the metadata file is refused.
    case invalidSale(file: String, photo: String, reason: String, others: Int)
    /// The theme (built-in or `--templates`) cannot be loaded.
    case unreadableTheme(reason: String)
    /// A file of the theme at `path` is wrong.
    case invalidThemeFile(path: String, reason: String)
    /// The share image is not one of the site's photos.
    case shareImageNotAPhoto(path: String, photos: String)
    /// The scan of the photos could not run (the scanner's own words).
    case scanFailed(reason: String)

    // MARK: Folders

    /// A folder the command needs is missing or is a file.
    case missingFolder(FolderRole, path: String)
    /// Two folders overlap that must not.
    case foldersOverlap(FolderOverlap)
    /// The output path is a file.
    case outputIsAFile(path: String)
    /// The output folder holds files waterfall-site did not make; `settingsFile` is the settings
    /// file that named it, when one did.
    case outputNotOurs(path: String, settingsFile: String?)
    /// Another build holds the output's lock (`holder` is its process id, when known).
    case outputBusy(path: String, holder: Int32?)
    /// The static folder cannot be read (the file rule's words).
    case unreadableStaticFile(reason: String)
    /// A file-system operation on `path` failed for `reason` (the system's words).
    case fileSystem(FileOperation, path: String, reason: String)
    /// A file of the static folder (`folder`) would land on the generated `top` folder or file.
    case staticFileClash(folder: String, file: String, top: String, insideGeneratedFolder: Bool)
    /// The logo or favicon file (given with `option`) at `path` cannot be used.
    case invalidAsset(AssetProblem, option: String, path: String)
    /// The previous site's folder at `path` went away while the build carried it.
    case previousSiteVanished(path: String)
    /// The sitemap's files changed while it was written.
    case sitemapChanged
    /// Ctrl-C or SIGTERM abandoned the build.
    case interrupted
    /// The file watcher of `serve` could not start: `call` failed for `reason`.
    case watchFailed(call: String, reason: String)

    // MARK: Layout and renditions

    /// The layout options cannot lay out a gallery; `hint` adds the fix for an item width.
    case invalidLayoutOptions(reason: String, hint: String, command: String)
    /// The page at `page` (a path, or "page N") cannot be laid out.
    case layoutFailed(page: String, reason: String)
    /// The renditions could not be written (the writer's own words).
    case renditionWriteFailed(reason: String)
    /// `renditions` was asked to fill a store with renditions turned off.
    case renditionsTurnedOff
    /// Photos could not be read, so the rendition store was not pruned.
    case storeNotPruned(unreadable: Int)

    // MARK: Nothing to build

    /// The photos folder holds no photo; `skipped` counts what the scan skipped or warned about.
    case noPhotos(folder: String, skipped: String?)
    /// Photos went missing or could not be shown, so there is nothing to publish.
    case nothingToPublish(NothingToPublish)
    /// `--strict` refused the build for `problem`.
    case strictRefusal(StrictProblem)
}

extension SiteBuildError {
    /// What is wrong with the command line's options.
    public enum OptionProblem: Sendable, Equatable {
        /// `first` and `second` cannot both be given.
        case contradict(first: String, second: String)
        /// `option` takes one of `choices`; `given` is none of them.
        case notAChoice(option: String, given: String, choices: [String])
        /// `option` takes a number in `range` (worded); `given` is not one.
        case outOfRange(option: String, given: String, range: String)
    }

    /// Which folder of a command is meant.
    public enum FolderRole: Sendable, Equatable {
        case photos
        /// The static folder, given with `--static` or `staticFolder`.
        case staticFiles
        /// The store `renditions` fills.
        case renditionStore
        /// The store a build reads (`--rendition-store`), which is there but is not a folder.
        case renditionStoreForBuild
    }

    /// Folders that hold one another.
    public enum FolderOverlap: Sendable, Equatable {
        case outputHoldsPhotos(output: String)
        case staticHoldsPhotos(staticFolder: String)
        case staticAndOutput(staticFolder: String, output: String)
    }

    /// The file-system step that failed.
    public enum FileOperation: Sendable, Equatable {
        case createOutputParent
        case createLockFile
        case createStagingFolder
        case readStagingFolder
        case swapSite
        case movePreviousSiteAside
        case moveNewSiteIn
        case createFolder
        case copyIntoSite
        case write
        case writePublishJournal
        /// Moving a file into the folder `destination`.
        case move(destination: String)
        /// Linking a staged folder to the live folder `name`.
        case linkLive(name: String)
        case setUpTemporaryFiles
        /// Listing a folder of the static folder.
        case listStaticFolder
    }

    /// Why a logo or favicon file cannot be used.
    public enum AssetProblem: Sendable, Equatable {
        /// Its name does not end in one of `extensions`.
        case notAnImageType(extensions: [String])
        case missing
        /// The file rule refused it (its words).
        case unreadable(reason: String)
        /// An SVG holding `content` a browser would run.
        case activeContent(String)
    }

    /// Why there is nothing to publish.
    public enum NothingToPublish: Sendable, Equatable {
        case everyPhotoVanished
        case noPhotoShowable
        case noPhotoWithoutRenditions
        case noPathShortEnough
    }

    /// What `--strict` refused.
    public enum StrictProblem: Sendable, Equatable {
        /// The scan's diagnostics, counted ("2 files skipped, 1 warning").
        case scanDiagnostics(String)
        case metadataWarnings(Int)
        case photosVanished(Int)
        case photosNotResized(Int)
        case originalsTooLong(Int)
    }
}
