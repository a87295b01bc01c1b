/// The `--help` texts. Kept together so options, defaults and the README stay in step.
enum HelpText {
    /// A command's usage line (its help's first line), or every command's.
    static func usageLine(_ command: String?) -> String {
        let help = [
            "scan": scan, "build": build, "serve": serve, "init": initialise,
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

    static let serve = """
        Usage: waterfall-site serve [PHOTOS] [-o DIR] [--port N] [--host ADDR] [build options]

        Builds the site like 'build', serves DIR on http://127.0.0.1:8000/ and watches the
        photos folder, the metadata and settings files and the --templates folder. On a change
        it waits for writes to settle (0.1 s), rebuilds what changed and reloads open pages. A
        failed rebuild shows its error on the page and here; the previous site stays served.
        The reload script is added to pages as they are served, never written to DIR.

        SERVER
          -p, --port N                First port to try (default: 8000; the next 19 are tried
                                      when it is taken; 0: any free port)
          --host ADDR                 Address to listen on (default: 127.0.0.1). Any other
                                      address lets other machines see the site: a warning says so
        \(buildOptions)
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

    /// The options `build` and `serve` share.
    private static let buildOptions = """

        OUTPUT
          -o, --output DIR            Where the site goes (default: ./_site). Built beside it and
                                      swapped in only when complete; the build's records stay
                                      beside it too (.DIR.waterfall-site-cache), never inside.
                                      A DIR that is a symlink is built into its target and
                                      stays a symlink. One build per DIR at a time: a second
                                      one fails at once ("busy").
          --force                     Replace DIR even if it holds something that is not a
                                      waterfall-site build (only a DIR given with -o, never
                                      one from the settings file)
          --no-host-files             Write no _headers (cache rules for Netlify and Cloudflare
                                      Pages: hashed files a year, pages revalidated)

        LAYOUT
          --breakpoints LIST          Gallery width → columns (default: 0:2,640:3,1024:4,1440:5);
                                      widths 0–100,000 px, columns 1–1,000
          --column-spacing PX         Space between columns (default: 16)
          --row-spacing PX            Space between photos in a column (default: 16)
          --insets PX|T,R,B,L         Space around the photos of each section (default: 16)
          --direction MODE            Where each next photo goes: shortest (the shortest
                                      column, the default), left-to-right (the columns in
                                      turn) or right-to-left (shortest, mirrored; the page gets
                                      dir="rtl" for right-to-left languages)
          --item-width PX             Keep every column PX wide and let the gaps grow with the
                                      gallery; --column-spacing is then the smallest gap and the
                                      column count still comes from --breakpoints
          --caption-height PX         Height of the text band under each photo that shows text
                                      (default: each band fits its title, price and caption;
                                      photos without text get none)
          --header-height PX          Height of each section's header (default: 56); a title
                                      that wraps at the narrowest width adds 28 px a line
          --footer-height PX          Height of the footer band of a section whose metadata
                                      gives a "footer" (default: 48); 20 px a further line
          --balance-tolerance PX      Keep every photo within PX of the shortest column at every
                                      width, splitting breakpoints where needed (default: the
                                      row spacing; 0: one column assignment per breakpoint)
          --max-tall N                A tile at most N times as tall as wide (default: 2);
                                      a taller photo is cropped around its metadata "focus"
                                      and shown whole on its item page; 0: no cap; 0–100
          --max-wide N                A tile at most N times as wide as tall (default: 3);
                                      likewise; 0: no cap; 0–100
          --page-size N               Photos per page at most, 1–1,000,000 (default: 500)

          Every length (PX) is 0–10,000 px (--item-width at least 1), on the command line
          and in the settings file.

        CONTENT
          --title TEXT                Site title (default: the photo folder's name)
          --description TEXT          What search results and shares say about the site
                                      (default: the title)
          --intro TEXT                A paragraph under the site's title
          --logo FILE, --favicon FILE Images copied into DIR/assets/ and shown beside the title
                                      and as the browser tab's icon (an SVG with scripts, on…=
                                      attributes or links to other files is refused)
          --language TAG              <html lang> and the interface words, from the theme's
                                      strings.json: en, de, fr built in (default: en)
          --call-to-action TEXT       The text of an item page's button to its product link
                                      (default: "View in shop", in the site's language)
          --metadata FILE             Titles, alt text, captions, links and prices per photo;
                                      per folder a title, footer, columns and insets
                                      (default: PHOTOS/metadata.json when present)
          --templates DIR             Use your copy of the theme (page.html, section.html,
                                      tile.html, pagination.html, waterfall.css, item.html,
                                      strings.json)
          --config FILE               Settings file (default: PHOTOS/waterfall.json when
                                      present); command-line options override it
          --static DIR                Your own files, copied into the site root as they are:
                                      CNAME, .nojekyll, favicon.ico, 404.html, _headers, …
                                      (default: PHOTOS/static when present; never scanned)

        FOUND AND SHARED (each needs --base-url)
          --base-url URL              Where the site is published, e.g.
                                      https://shop.example/gallery/: absolute canonical links,
                                      Open Graph and Twitter cards, JSON-LD (ItemList, Product,
                                      ImageObject), a 1,200 px share image per photo where the
                                      original allows, sitemap.xml, robots.txt, feed.xml. The
                                      pages' own links stay relative
          --no-sitemap                No sitemap.xml and robots.txt
          --no-feed                   No feed.xml (the Atom feed of the newest 50 items)
          --share-image PATH          The photo (path in PHOTOS) every gallery page shares
                                      (default: each page's first photo)
          --currency CODE             ISO 4217 currency of prices written as a bare amount
                                      ("24.50"), shown formatted for --language
          --creator TEXT, --credit-text TEXT, --copyright-notice TEXT, --license URL,
          --acquire-license-page URL  The photos' licence fields where their metadata gives none

        IMAGES
          --no-renditions             Show the originals in the tiles; no resized copies (HEIC
                                      and AVIF photos are then skipped, with a warning)
          --renditions                Write resized copies (the default): 4–6 widths per photo
                                      chosen from the layout for 1× and 2× screens, offered
                                      through srcset/sizes, in DIR/renditions/
          --quality N                 JPEG quality of the copies, 1–100 (default: 82)
          --no-webp                   No WebP copies (by default, --webp, each photo also gets
                                      WebP copies at the same SSIM, offered first in a
                                      <picture> where they are smaller than the JPEG or PNG ones)
          --avif                      Also write AVIF copies at the same SSIM, offered before
                                      all others where they are smaller than the JPEG or PNG
                                      ones (slow: many times the JPEG encode time; default:
                                      --no-avif)
          --avif-speed N              AV1 encoder speed, 0 (slowest, smallest) to 9 (default: 6)
          --rendition-store DIR       Link the copies that 'waterfall-site renditions --shard'
                                      made in DIR; encode only what it lacks or
                                      what is not a whole file of the format and
                                      size its name says
          --max-pixels N              Photos with more pixels are not resized; their tiles show
                                      the original, 1–10,000,000,000 (default: 100000000)
          --decode-memory SIZE        Memory the decodes of all jobs share, in bytes or with KB,
                                      MB, GB or TB, 16MB–1024TB (default: a quarter of memory);
                                      a photo larger than it decodes alone
          --publish-originals         Publish the original photos in DIR/photos/ and offer them
                                      on each item page; they carry their EXIF data, GPS
                                      position included (default: not published)
          --no-original-link          Do not publish the originals (the default)

        BEHAVIOUR
          --strict                    Fail (exit 1) when any photo was skipped or had a warning
          --no-cache                  Read every photo again instead of trusting the previous
                                      build's record of unchanged files
          -j, --jobs N                Threads for reading and resizing photos, 1–256 (default:
                                      all cores)
          --follow-symlinks           Follow symbolic links that lead outside PHOTOS, the static
                                      or the theme folder (default: report them and leave them
                                      out)
          -q, --quiet                 No progress and no summary; warnings still go to stderr
          -h, --help                  This text

        """
}
