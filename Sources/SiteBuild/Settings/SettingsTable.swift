/// Every option of `build` and `serve`, each declared once (see ``SettingDeclaration``), in the
/// order of the README's options table. A new option is one entry here, its property in
/// ``BuildSettings``, and its reading in the parsers.
public enum SettingsTable {
    /// The options `build` takes (and `serve`, which takes these and ``serveOptions``).
    public static let buildOptions: [SettingDeclaration] = [
        SettingDeclaration(
            [.init(["--output", "-o"], takesValue: true, key: "output")], .output, kind: .path,
            option: "`-o, --output DIR`", defaultText: "`_site`",
            meaning:
                "where the site goes; built beside it and swapped in only when complete; a symlink is built into its target; one build at a time (see [The output folder](#the-output-folder))"
        ),
        SettingDeclaration(
            [.init(["--title"], takesValue: true, key: "title", store: .text(\.title))], .content,
            kind: .text,
            option: "`--title TEXT`", defaultText: "the folder's name",
            meaning: "site title"),
        SettingDeclaration(
            [
                .init(
                    ["--description"], takesValue: true, key: "description",
                    store: .text(\.description))
            ], .content, kind: .text,
            option: "`--description TEXT`", defaultText: "the title",
            meaning: "the gallery pages' `<meta name=description>`"),
        SettingDeclaration(
            [.init(["--intro"], takesValue: true, key: "intro", store: .text(\.intro))], .content,
            kind: .text,
            option: "`--intro TEXT`", defaultText: "none",
            meaning: "a paragraph under the site's title"),
        SettingDeclaration(
            [.init(["--logo"], takesValue: true, key: "logo", store: .input(\.logo))], .content,
            kind: .path,
            option: "`--logo FILE`", defaultText: "none",
            meaning:
                "an image beside the title, copied to `assets/logo.<hash>.<ext>`; a regular file (a symbolic link out of its folder only with `--follow-symlinks`); an SVG must be a plain drawing: one with `<script>`, an `on…=` event attribute, a `javascript:` URL, `<foreignObject>` or an `href` to another file is refused (exit 1), as it would run on the site's own address"
        ),
        SettingDeclaration(
            [.init(["--favicon"], takesValue: true, key: "favicon", store: .input(\.favicon))],
            .content, kind: .path,
            option: "`--favicon FILE`", defaultText: "none",
            meaning:
                "the browser tab's icon, copied to `assets/favicon.<hash>.<ext>`; the same rules as `--logo`"
        ),
        SettingDeclaration(
            [.init(["--language"], takesValue: true, key: "language")], .content, kind: .tag,
            option: "`--language TAG`", defaultText: "`en`", range: "a language tag",
            meaning:
                "`<html lang>` and the interface words from the theme's `strings.json` (`en`, `de` and `fr` built in; `de-CH` falls back to `de`; another language is English, with a warning)"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--call-to-action"], takesValue: true, key: "callToAction",
                    store: .text(\.callToAction))
            ], .content,
            kind: .text,
            option: "`--call-to-action TEXT`", defaultText: "\"View in shop\"",
            meaning: "the text of an item page's button to its product `link`"),
        SettingDeclaration(
            [.init(["--base-url"], takesValue: true, key: "baseURL")], .sharing, kind: .address,
            option: "`--base-url URL`", defaultText: "none", range: "an absolute http(s) URL",
            meaning:
                "where the site is published (`https://shop.example/gallery/`; a final `/` is added); see [Found and shared](#found-and-shared). Without it nothing that needs an absolute URL is written, and the summary says in one line what it would add; a bad URL is a usage error (exit 64)"
        ),
        SettingDeclaration(
            [.init(["--no-sitemap"], takesValue: false, key: "sitemap", store: .off(\.sitemap))],
            .sharing, kind: .switch,
            option: "`--no-sitemap`", defaultText: "off",
            meaning: "with `--base-url`, no `sitemap.xml` and `robots.txt`"),
        SettingDeclaration(
            [.init(["--no-feed"], takesValue: false, key: "feed", store: .off(\.feed))], .sharing,
            kind: .switch,
            option: "`--no-feed`", defaultText: "off",
            meaning: "with `--base-url`, no `feed.xml`"),
        SettingDeclaration(
            [
                .init(
                    ["--share-image"], takesValue: true, key: "shareImage",
                    store: .text(\.shareImage))
            ], .sharing, kind: .text,
            option: "`--share-image PATH`", defaultText: "each page's first photo",
            range: "a photo of the site",
            meaning: "the photo (its path in the photos folder) every gallery page shares"),
        SettingDeclaration(
            [.init(["--currency"], takesValue: true, key: "currency")], .sharing, kind: .tag,
            option: "`--currency CODE`", defaultText: "none", range: "ISO 4217",
            meaning:
                "the currency of prices written as a bare amount (`\"24.50\"`), which are then shown formatted for `--language` (`€24.50`, `24,50 €`)"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--creator"], takesValue: true, key: "creator", store: .text(\.rights.creator)),
                .init(
                    ["--credit-text"], takesValue: true, key: "creditText",
                    store: .text(\.rights.creditText)),
                .init(
                    ["--copyright-notice"], takesValue: true, key: "copyrightNotice",
                    store: .text(\.rights.copyrightNotice)),
                .init(
                    ["--license"], takesValue: true, key: "license", store: .text(\.rights.license)),
                .init(
                    ["--acquire-license-page"], takesValue: true, key: "acquireLicensePage",
                    store: .text(\.rights.acquireLicensePage)),
            ], .sharing, kind: .text,
            option:
                "`--creator`, `--credit-text`, `--copyright-notice TEXT`, `--license`, `--acquire-license-page URL`",
            defaultText: "none",
            meaning:
                "the photos' licence fields in their `ImageObject` structured data, where a photo's metadata gives none"
        ),
        SettingDeclaration(
            [.init(["--breakpoints"], takesValue: true, key: "breakpoints")], .layout, kind: .list,
            option: "`--breakpoints LIST`", defaultText: "`0:2,640:3,1024:4,1440:5`",
            range: "widths 0–100,000 px, columns 1–1,000",
            meaning: "gallery width (px) → columns"),
        SettingDeclaration(
            [
                .init(
                    ["--column-spacing"], takesValue: true, key: "columnSpacing",
                    store: .number { $0.columnSpacing = $1 })
            ], .layout,
            kind: .number(.columnSpacing),
            option: "`--column-spacing PX`", defaultText: "16",
            meaning: "space between columns"),
        SettingDeclaration(
            [
                .init(
                    ["--row-spacing"], takesValue: true, key: "rowSpacing",
                    store: .number { $0.rowSpacing = $1 })
            ], .layout,
            kind: .number(.rowSpacing),
            option: "`--row-spacing PX`", defaultText: "16",
            meaning: "space between photos in a column"),
        SettingDeclaration(
            [.init(["--insets"], takesValue: true, key: "insets")], .layout, kind: .list,
            option: "`--insets PX` or `T,R,B,L`", defaultText: "16", range: "each 0–10,000 px",
            meaning: "space around each section's photos"),
        SettingDeclaration(
            [.init(["--direction"], takesValue: true, key: "direction")], .layout, kind: .choice,
            option: "`--direction MODE`", defaultText: "`shortest`",
            meaning:
                "where each next photo goes: `shortest` column, `left-to-right` (the columns in turn) or `right-to-left` (shortest, mirrored, with `dir=\"rtl\"` on the page)"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--item-width"], takesValue: true, key: "itemWidth",
                    store: .number { $0.itemWidth = $1 })
            ], .layout,
            kind: .number(.itemWidth),
            option: "`--item-width PX`", defaultText: "off",
            meaning:
                "every column PX wide, the gaps take the rest; `--column-spacing` is the smallest gap, the column count still comes from `--breakpoints`"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--caption-height"], takesValue: true, key: "captionHeight",
                    store: .number { $0.captionHeight = $1 })
            ], .layout,
            kind: .number(.captionHeight),
            option: "`--caption-height PX`", defaultText: "fits each tile's text",
            meaning:
                "the band under each photo that shows text; by default each band is fixed at build time from what its tile shows (a line per price and caption, one or two for the title), and a photo without text has none"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--header-height"], takesValue: true, key: "headerHeight",
                    store: .number { $0.headerHeight = $1 })
            ], .layout,
            kind: .number(.headerHeight),
            option: "`--header-height PX`", defaultText: "56",
            meaning:
                "height of a section's header with a one-line title; a longer title wraps, and its header is 28 px taller per further line it needs at each breakpoint's narrowest width (see [How it works](#how-it-works))"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--footer-height"], takesValue: true, key: "footerHeight",
                    store: .number { $0.footerHeight = $1 })
            ], .layout,
            kind: .number(.footerHeight),
            option: "`--footer-height PX`", defaultText: "48",
            meaning:
                "height of the band below a section whose metadata gives a `footer`, holding one line; a longer footer wraps, 20 px taller per further line"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--balance-tolerance"], takesValue: true, key: "balanceTolerance",
                    store: .number { $0.balanceTolerance = $1 })
            ], .layout,
            kind: .number(.balanceTolerance),
            option: "`--balance-tolerance PX`", defaultText: "the row spacing",
            meaning:
                "keep every photo within PX of the shortest column at every width (0: one column assignment per breakpoint)"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--max-tall"], takesValue: true, key: "maxTall",
                    store: .number { $0.maxTall = $1 })
            ], .layout,
            kind: .number(.maxTall),
            option: "`--max-tall N`", defaultText: "2",
            meaning:
                "a tile is at most N times as tall as it is wide: a taller photo (a 1:5 scarf) is cropped in its tile around its metadata `focus` and shown whole on its item page; the layout places the cropped shape, so tiles stay exact (0: no cap)"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--max-wide"], takesValue: true, key: "maxWide",
                    store: .number { $0.maxWide = $1 })
            ], .layout,
            kind: .number(.maxWide),
            option: "`--max-wide N`", defaultText: "3",
            meaning:
                "a tile is at most N times as wide as it is tall, so a 6:1 print is no sliver on a phone; cropped likewise (0: no cap)"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--page-size"], takesValue: true, key: "pageSize",
                    store: .number { $0.pageSize = Int($1) })
            ], .layout,
            kind: .number(.pageSize),
            option: "`--page-size N`", defaultText: "500",
            meaning: "photos per page at most"),
        SettingDeclaration(
            [
                .init(
                    ["--renditions"], takesValue: false, key: "renditions", store: .on(\.renditions)
                ),
                .init(
                    ["--no-renditions"], takesValue: false, key: "renditions",
                    store: .off(\.renditions)),
            ], .images, kind: .switch,
            option: "`--renditions` / `--no-renditions`", defaultText: "on",
            meaning: "write resized copies sized by the layout, with `srcset` and `sizes`"),
        SettingDeclaration(
            [
                .init(
                    ["--quality"], takesValue: true, key: "quality",
                    store: .number { $0.quality = Int($1) })
            ], .images,
            kind: .number(.quality),
            option: "`--quality N`", defaultText: "82",
            meaning: "JPEG quality of the resized copies (baseline, optimised Huffman tables)"),
        SettingDeclaration(
            [
                .init(["--webp"], takesValue: false, key: "webp", store: .on(\.webp)),
                .init(["--no-webp"], takesValue: false, key: "webp", store: .off(\.webp)),
            ], .images, kind: .switch,
            option: "`--webp` / `--no-webp`", defaultText: "on",
            meaning:
                "also write each copy as lossy WebP at the quality of equal SSIM (JPEG 82 → WebP 85, see [Benchmarks](Benchmarks/README.md)), kept for a photo only where its WebP files total fewer bytes than its JPEG (or PNG) files, and offered first in a `<picture>`"
        ),
        SettingDeclaration(
            [
                .init(["--avif"], takesValue: false, key: "avif", store: .on(\.avif)),
                .init(["--no-avif"], takesValue: false, key: "avif", store: .off(\.avif)),
            ], .images, kind: .switch,
            option: "`--avif` / `--no-avif`", defaultText: "off",
            meaning:
                "also write each copy as AVIF (4:2:0, libheif's AV1 encoder) at the quality of equal SSIM (JPEG 82 → AVIF 64), kept for a photo only where its AVIF files total fewer bytes than its JPEG (or PNG) files, offered before WebP; many times the encode time of JPEG"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--avif-speed"], takesValue: true, key: "avifSpeed",
                    store: .number { $0.avifSpeed = Int($1) })
            ], .images,
            kind: .number(.avifSpeed),
            option: "`--avif-speed N`", defaultText: "6",
            meaning: "the AV1 encoder's speed: 0 slowest and smallest, 9 fastest"),
        SettingDeclaration(
            [
                .init(
                    ["--rendition-store"], takesValue: true, key: "renditionStore",
                    store: .written(\.renditionStore))
            ], .images,
            kind: .path,
            option: "`--rendition-store DIR`", defaultText: "none",
            meaning:
                "link the resized copies that `renditions --shard` made in DIR, and encode only what it lacks; a file that is a symbolic link, not the format or pixel size its name says, or cut short is not linked (see [Renditions on many machines](#renditions-on-many-machines))"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--max-pixels"], takesValue: true, key: "maxPixels",
                    store: .number { $0.maximumPixels = Int($1) })
            ], .images,
            kind: .number(.maxPixels),
            option: "`--max-pixels N`", defaultText: "100,000,000",
            meaning: "larger photos are not decoded: their tiles show the original"),
        SettingDeclaration(
            [.init(["--decode-memory"], takesValue: true, key: "decodeMemory")], .images,
            kind: .size,
            option: "`--decode-memory SIZE`", defaultText: "a quarter of memory",
            range: "16MB–1024TB (bytes, or with KB, MB, GB, TB)",
            meaning:
                "memory the decodes of all jobs share: a job waits until its photo's decode fits, so `-j` never multiplies a decompression bomb; a photo larger than all of it decodes alone"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--no-original-link"], takesValue: false, key: "originalLinks",
                    store: .off(\.linksOriginals))
            ], .images,
            kind: .switch,
            option: "`--no-original-link`", defaultText: "on",
            meaning:
                "originals are not published (the default); a photo without renditions is the one exception, as its tile shows the original"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--publish-originals"], takesValue: false, key: "publishOriginals",
                    store: .on(\.linksOriginals))
            ], .images,
            kind: .switch,
            option: "`--publish-originals`", defaultText: "off",
            meaning:
                "publish the original photos in `photos/` and offer them on each item page (\"Download original\"); **they carry their EXIF data, GPS position included**, so strip it first if that matters"
        ),
        SettingDeclaration(
            [.init(["--metadata"], takesValue: true, key: "metadata", store: .input(\.metadata))],
            .content, kind: .path,
            option: "`--metadata FILE`",
            defaultText: "`PHOTOS/metadata.json` or `PHOTOS/metadata.csv`",
            meaning:
                "titles, alt text, captions, links and prices (JSON, or CSV when the name ends in `.csv`)"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--templates"], takesValue: true, key: "templates", store: .input(\.templates))
            ], .content, kind: .path,
            option: "`--templates DIR`", defaultText: "built-in",
            meaning: "your copy of the theme"),
        SettingDeclaration(
            [
                .init(
                    ["--static"], takesValue: true, key: "staticFolder",
                    store: .input(\.staticFolder))
            ], .content, kind: .path,
            option: "`--static DIR`", defaultText: "`PHOTOS/static`",
            meaning:
                "your own files, copied into the site root as they are (see [Publishing](#publishing))"
        ),
        SettingDeclaration(
            [
                .init(
                    ["--no-host-files"], takesValue: false, key: "hostFiles",
                    store: .off(\.hostFiles))
            ], .output,
            kind: .switch,
            option: "`--no-host-files`", defaultText: "off",
            meaning: "write no `_headers` file"),
        SettingDeclaration(
            [.init(["--config"], takesValue: true)], .content, kind: .path,
            option: "`--config FILE`", defaultText: "`PHOTOS/waterfall.json`",
            meaning: "settings file; command-line options override it"),
        SettingDeclaration(
            [.init(["--strict"], takesValue: false)], .behaviour, kind: .switch,
            option: "`--strict`", defaultText: "off",
            meaning: "fail (exit 1) when any photo was skipped or had a warning"),
        SettingDeclaration(
            [.init(["--force"], takesValue: false)], .output, kind: .switch,
            option: "`--force`", defaultText: "off",
            meaning:
                "replace an output folder that waterfall-site did not make; only a folder given with `-o`, never one a settings file names"
        ),
        SettingDeclaration(
            [.init(["--follow-symlinks"], takesValue: false)], .behaviour, kind: .switch,
            option: "`--follow-symlinks`", defaultText: "off",
            meaning:
                "follow symbolic links that lead outside the photos folder, the static folder or the theme folder (otherwise each is a warning, or for a theme file, logo, favicon or metadata file an error, naming the link); a device, FIFO or socket is never read"
        ),
        SettingDeclaration(
            [.init(["--no-cache"], takesValue: false)], .behaviour, kind: .switch,
            option: "`--no-cache`", defaultText: "off",
            meaning:
                "read every photo again instead of trusting the previous build's record of unchanged files"
        ),
        SettingDeclaration(
            [.init(["--jobs", "-j"], takesValue: true, store: .number { $0.jobs = Int($1) })],
            .behaviour, kind: .number(.jobs),
            option: "`-j, --jobs N`", defaultText: "all cores",
            meaning: "threads for reading photos"),
        SettingDeclaration(
            [.init(["--quiet", "-q"], takesValue: false)], .behaviour, kind: .switch,
            option: "`-q, --quiet`", defaultText: "off",
            meaning: "no progress and no summary (warnings still go to stderr)"),
    ]

    /// The options only `serve` has: where it listens.
    public static let serveOptions: [SettingDeclaration] = [
        SettingDeclaration(
            [.init(["--port", "-p"], takesValue: true)], .server, kind: .number(.port),
            option: "`-p, --port N`", defaultText: "8000",
            meaning:
                "first port to try; when it is taken the next 19 are tried and the one chosen is named (0: any free port)"
        ),
        SettingDeclaration(
            [.init(["--host"], takesValue: true)], .server, kind: .text,
            option: "`--host ADDR`", defaultText: "`127.0.0.1`",
            meaning:
                "address to listen on; any address other than loopback lets other machines see the site, and a warning says so"
        ),
    ]

    /// The keys a settings file may hold.
    public static let keys = Set(buildOptions.flatMap(\.keys))

    /// The rows of the README's table of `build`'s options, or of `serve`'s own.
    public static func readmeRows(serve: Bool = false) -> [String] {
        (serve ? serveOptions : buildOptions).map(\.readmeRow)
    }
}
