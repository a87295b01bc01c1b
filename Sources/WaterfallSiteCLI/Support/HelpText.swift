import SiteBuild

/// The `--help` texts; the options of `build` and `serve` come from ``SettingsTable``.
enum HelpText {
    /// A command's usage line (its help's first line), or every command's.
    static func usageLine(_ command: String?) -> String {
        let help = [
            "scan": scan, "build": build, "check": check, "serve": serve, "init": initialise,
            "renditions": renditions,
        ]
        if let text = command.flatMap({ help[$0] }) { return String(text.prefix { $0 != "\n" }) }
        return
            "Usage: waterfall-site build [PHOTOS] [-o DIR] [options]\n       waterfall-site serve [PHOTOS] [--port N]\n"
            + "       waterfall-site init PHOTOS\n       waterfall-site scan DIR [--json]"
    }

    static let main = """
        waterfall-site \(WaterfallSite.version): turn a folder of photos into a static masonry gallery site.
        No JavaScript, no layout shift, exact at every screen width.

        USAGE
          waterfall-site build PHOTOS [-o DIR] [options]   Build the site (default output: ./_site)
          waterfall-site check PHOTOS [--strict]           List every problem of the photos and the
                                                           metadata, one a line, without building
          waterfall-site serve PHOTOS [--port N]           Build, preview on http://127.0.0.1:8000/,
                                                           rebuild and reload the page on changes
          waterfall-site init PHOTOS                       Write waterfall.json and a metadata.csv
                                                           listing every photo, to fill in
          waterfall-site scan DIR [--json]                 Measure every photo, report problems
          waterfall-site renditions PHOTOS --shard I/N --store DIR
                                                           One shard of the resized copies, for
                                                           many machines (then build --rendition-store)

          waterfall-site COMMAND --help                    All options of a command
          waterfall-site --version

        EXAMPLES
          waterfall-site init ./photos            then fill in photos/metadata.csv in a spreadsheet
          waterfall-site serve ./photos           preview while you edit captions and photos
          waterfall-site build ./photos --title "Spring collection"
                                                  then upload _site/ to any static host

        EXIT STATUS
          0 done (skipped files are listed as warnings), 1 failed or --strict saw a problem,
          64 the command line was wrong.

        """

    static let scan = """
        Usage: waterfall-site scan DIR [--json] [--strict] [--jobs N] [--follow-symlinks] [--quiet]

        Reads the width, height and orientation of every JPEG, PNG, HEIC/HEIF, AVIF and WebP below
        DIR from the file headers (pixels are never decoded) and lists them with any files it had
        to skip. The display size is what a browser shows: EXIF orientation applied for JPEG and
        PNG; for HEIC and AVIF the container's crop and rotation (clap, irot), never their EXIF;
        WebP as stored.

        OPTIONS
          --json         Print one JSON document (images and diagnostics) instead of a table;
                         a name that is not UTF-8 is percent-escaped, with "escaped": true
          --strict       Exit 1 when any file was skipped or had a warning
          -j, --jobs N   Read headers on N threads, 1–256 (default: all cores)
          --follow-symlinks
                         Follow symbolic links that lead outside DIR (default: report them)
          -q, --quiet    No progress indicator and no per-file warnings
          -h, --help     This text

        """

    static let build = """
        Usage: waterfall-site build [PHOTOS] [-o DIR] [options]

        Builds a static gallery site from the JPEG, PNG, HEIC/HEIF, AVIF and WebP photos below
        PHOTOS (default: the current folder, when it holds a waterfall.json); HEIC and AVIF are
        shown through resized JPEGs only. Every folder with photos becomes a
        section; large galleries are split into pages. The site uses relative links only: open
        it from disk or upload it under any path of any static host.
        \(buildOptions)
        EXAMPLES
          waterfall-site build ./photos --title "Spring collection"
          waterfall-site build ./photos -o ../public --breakpoints 0:1,600:2,1000:3
          cd photos && waterfall-site build     (with a waterfall.json in photos/)

        """

    static let check = """
        Usage: waterfall-site check [PHOTOS] [--strict] [build options]

        Reads the photos below PHOTOS (their headers only) and the metadata (metadata.json,
        metadata.csv or --metadata, and waterfall.json's settings) as 'build' does, builds and
        writes nothing, and lists every problem on standard output, one a line:

          error: metadata file 'PHOTOS/metadata.csv': row 4 (line 4), column F ('link'): …
          warning: metadata file 'PHOTOS/metadata.json': photo 'Prints/fern.jpg' key 'title': …
          skipped: Prints/broken.jpg: …

        Errors stop a build (every bad entry is listed, not just the first). Warnings do not,
        but 'build --strict' stops on them: a priced photo with no title, or with no alt text
        and no title; a row naming no photo, or a folder without photos; a title on the
        top-level row ('./' or "."), which the site never shows; a photo the scan skipped or
        warned about. The count goes to standard error.

          --strict       Exit 1 on a warning too
          -q, --quiet    No progress and no count
          -h, --help     This text
        The options of 'build' are read as the build reads them (see 'build --help').

        EXIT STATUS
          0 no problems (without --strict: warnings only), 1 an error (with --strict: any
          problem), 64 the command line was wrong.

        EXAMPLES
          waterfall-site check ./photos
          waterfall-site check ./photos --strict && waterfall-site build ./photos

        """

    static let serve = """
        Usage: waterfall-site serve [PHOTOS] [-o DIR] [--port N] [--host ADDR] [build options]

        Builds the site like 'build', serves DIR on http://127.0.0.1:8000/ and watches the
        photos folder, the metadata and settings files and the --templates folder. On a change
        it waits for writes to settle (0.1 s), rebuilds what changed and reloads open pages. A
        failed rebuild shows its error on the page and here; the previous site stays served.
        The reload script is added to pages as they are served, never written to DIR.
        \(options(SettingsTable.serveOptions) + buildOptions)
        EXAMPLES
          waterfall-site serve ./photos
          waterfall-site serve ./photos --port 8080 --templates theme
          waterfall-site serve ./photos --host 0.0.0.0     (to look from a phone on your network)

        """

    static let initialise = """
        Usage: waterfall-site init PHOTOS

        Writes PHOTOS/waterfall.json with the default settings, and PHOTOS/metadata.csv with a
        row for every photo and folder and empty title, alt, caption, price and link columns
        (and footer, columns, insets for the folders), ready to fill in with a spreadsheet (see 'Captions and product data' in the README).
        Never overwrites: when the files exist, it adds rows for photos not listed yet and says
        how many. With a metadata.json already there, no CSV is written.

        EXAMPLES
          waterfall-site init ./photos
          waterfall-site init ./photos && waterfall-site serve ./photos

        """

    static let renditions = """
        Usage: waterfall-site renditions PHOTOS --store DIR (--shard I/N | --prune) [options]

        Writes the resized copies of shard I of N of the photos below PHOTOS into DIR, a store
        that any number of shards (on other machines too) may share; then 'build
        --rendition-store DIR' with the same options links them and encodes only what is missing.
        A photo's shard follows from its bytes, so adding photos moves no other. A killed or
        repeated shard is safe: files appear whole, under their final names only.

          --shard I/N   This run's shard, 0 ≤ I < N (for a batch engine's index: 0/4 … 3/4)
          --store DIR   The store (made when missing; a shared mount needs atomic renames only)
          --prune       Remove from DIR every file no photo below PHOTOS uses with these options
        The layout and rendition options of 'build' apply, and must be the build's.

        EXAMPLES
          waterfall-site renditions ./photos --shard "$JOB_COMPLETION_INDEX/8" --store /mnt/store
          waterfall-site build ./photos --rendition-store /mnt/store

        """

    /// The options `build` and `serve` share, by section, from the settings table.
    private static let buildOptions = options(SettingsTable.buildOptions)

    /// The `--help` sections of `declarations`, each option's text wrapped beside its name.
    static func options(_ declarations: [SettingDeclaration]) -> String {
        var text = ""
        for group in SettingDeclaration.Group.allCases {
            let entries = declarations.filter { $0.group == group }.flatMap(\.help)
            guard !entries.isEmpty else { continue }
            text += "\n\(group.title)\n"
            for entry in entries { text += line(entry.name, entry.text) }
            if group == .behaviour { text += line("-h, --help", "This text") }
            if let note = group.note {
                text += "\n" + wrapped(note, width: 80).map { "  \($0)\n" }.joined()
            }
        }
        return text
    }

    /// `name` in the first 28 columns after an indent of two, `text` wrapped beside it; a name
    /// too long for its column gets lines of its own.
    private static func line(_ name: String, _ text: String) -> String {
        var names = name.split(separator: "\n").map { "  " + $0 }
        let last = names.removeLast()
        var lines = names
        let body = wrapped(text, width: 62)
        if last.count <= 28 {
            lines.append(last + String(repeating: " ", count: 30 - last.count) + body[0])
        } else {
            lines += [last, String(repeating: " ", count: 30) + body[0]]
        }
        lines += body.dropFirst().map { String(repeating: " ", count: 30) + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text`'s words in lines of at most `width` characters.
    private static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        return lines + [current]
    }
}
