import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// The CLI words SiteBuild's failures exactly as SiteBuild did when it threw strings: the
/// expected texts are those of the throw sites before SiteBuildError, so a changed word fails
/// here before a user's script notices.
@Suite("SiteBuildError's words and exit statuses")
struct SiteBuildErrorMessageTests {
    static let failures: [(SiteBuildError, String)] = [
        (
            .unknownSettingsKey(
                path: "/p/waterfall.json", key: "colums", known: ["rows", "columns"]),
            "settings file '/p/waterfall.json': unknown key 'colums' (known keys: columns, rows)"
        ),
        (
            .invalidSetting(path: "s.json", key: "gap", reason: "must be true or false"),
            "settings file 's.json': key 'gap' must be true or false"
        ),
        (
            .settingsPathOutside(path: "s.json", key: "output", value: "/x", reason: "is absolute"),
            "settings file 's.json': key 'output' ('/x') is absolute"
        ),
        (
            .invalidShopWords(path: "s.json", place: "links[1]", reason: "needs a \"label\""),
            "settings file 's.json': links[1] needs a \"label\""
        ),
        (
            .invalidMetadata(path: "m.csv", reason: "row 3: bad"),
            "metadata file 'm.csv': row 3: bad"
        ),
        (
            .ambiguousMetadata(folder: "/p", names: ["metadata.json", "metadata.csv"]),
            "the photos folder '/p' holds both metadata.json and metadata.csv; remove one, or choose one with --metadata FILE (or \"metadata\" in waterfall.json)"
        ),
        (
            .invalidSale(file: "m.json", photo: "a\u{1B}.jpg", reason: "no price", others: 2),
            "m.json: photo 'a\\x1B.jpg': no price (and 2 more photos like it)"
        ),
        (
            .invalidSale(file: "m.json", photo: "a.jpg", reason: "no price", others: 0),
            "m.json: photo 'a.jpg': no price"
        ),
        (.unreadableTheme(reason: "x"), "theme: x"),
        (.invalidThemeFile(path: "t.json", reason: "y"), "theme file 't.json': y"),
        (
            .missingFolder(.photos, path: "/p"),
            "photos folder '/p' does not exist or is not a folder"
        ),
        (
            .missingFolder(.staticFiles, path: "/s"),
            "static folder '/s' does not exist or is not a folder (given with --static or staticFolder)"
        ),
        (
            .foldersOverlap(.outputHoldsPhotos(output: "/o")),
            "output folder '/o' is or contains the photos folder; choose another folder with -o"
        ),
        (
            .outputNotOurs(path: "/o", settingsFile: nil),
            "output folder '/o' is not empty and was not made by waterfall-site; choose another folder with -o, or add --force to replace it"
        ),
        (
            .outputBusy(path: "/o", holder: 42),
            "busy: another waterfall-site build is writing '/o' (pid 42); wait for it to finish, or choose another folder with -o"
        ),
        (
            .fileSystem(.createLockFile, path: "/o.lock", reason: "Permission denied"),
            "cannot create the lock file '/o.lock': Permission denied; check that its folder is writable"
        ),
        (
            .fileSystem(.move(destination: "/prev"), path: "a", reason: "gone"),
            "cannot move 'a' into '/prev': gone"
        ),
        (
            .fileSystem(.listStaticFolder, path: "/s/x", reason: "gone"),
            "static folder: cannot list '/s/x': gone"
        ),
        (
            .staticFileClash(
                folder: "/s", file: "items/a", top: "items", insideGeneratedFolder: true),
            "static file '/s/items/a' would go inside the generated folder 'items/'; move it to another folder of '/s'"
        ),
        (
            .invalidAsset(.missing, option: "--logo", path: "/l.png"),
            "--logo '/l.png': no such file, or not readable; check the path (relative paths are relative to the current folder, or to waterfall.json)"
        ),
        (
            .invalidAsset(
                .notAnImageType(extensions: ["svg", "png"]), option: "--logo", path: "l"),
            "--logo 'l': not an image type browsers show here; give a file ending in .png, .svg"
        ),
        (
            .previousSiteVanished(path: "/o/items"),
            "the previous site's '/o/items' went away during the build; build again"
        ),
        (.interrupted, "the build was interrupted"),
        (
            .watchFailed(call: "pipe", reason: "Too many open files"),
            "cannot watch for changes: pipe: Too many open files"
        ),
        (.layoutFailed(page: "page 2", reason: "z"), "layout of page 2: z"),
        (
            .storeNotPruned(unreadable: 1),
            "1 photo could not be read, so the store was not pruned: fix or remove them first"
        ),
        (
            .noPhotos(folder: "/p", skipped: "2 files skipped"),
            "no photos (JPEG, PNG, HEIC, AVIF or WebP) found in '/p' (2 files skipped)"
        ),
        (
            .noPhotos(folder: "/p", skipped: nil),
            "no photos (JPEG, PNG, HEIC, AVIF or WebP) found in '/p'"
        ),
        (
            .nothingToPublish(.noPhotoShowable),
            "no photo could be shown (see the warnings above); nothing to publish"
        ),
        (
            .strictRefusal(.photosVanished(1)),
            "--strict: 1 photo went away during the build; the site was not built"
        ),
        (
            .strictRefusal(.photosNotResized(3)),
            "--strict: 3 photos could not be resized; the site was not built"
        ),
        (
            .strictRefusal(.metadataWarnings(1)),
            "--strict: 1 metadata warning; the site was not built"
        ),
        (
            .strictRefusal(.originalsTooLong(1)),
            "--strict: 1 photo's original is too long a path to publish; the site was not built"
        ),
        (
            .strictRefusal(.originalsTooLong(2)),
            "--strict: 2 photos' originals are too long a path to publish; the site was not built"
        ),
    ]

    @Test("a failure reads as SiteBuild's string did, and exits 1", arguments: failures)
    func failure(error: SiteBuildError, expected: String) {
        #expect(error.message == expected)
        #expect(error.commandError == .failed(expected))
        #expect(error.commandError.exitCode == .failure)
    }

    @Test("a wrong option is a usage error of its command (exit 64), with the nearest name")
    func usage() {
        let error = SiteBuildError.invalidOption(
            .notAChoice(option: "--direction", given: "rtk", choices: ["ltr", "rtl"]),
            command: "build")
        #expect(
            error.commandError
                == .usage(
                    "option '--direction' expects ltr, rtl, got 'rtk' (did you mean 'rtl'?)",
                    command: "build"))
        #expect(error.commandError.exitCode == .usage)
        #expect(
            SiteBuildError.renditionsTurnedOff.commandError
                == .usage(
                    "resized copies are turned off (--no-renditions, or \"renditions\": false in the settings file), so there is nothing to write into the store",
                    command: "renditions"))
        #expect(
            SiteBuildError.invalidLayoutOptions(reason: "r", hint: "; h", command: "check")
                .commandError == .usage("layout options: r; h", command: "check"))
    }
}
