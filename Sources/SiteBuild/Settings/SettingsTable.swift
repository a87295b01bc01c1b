/// Every option of `build` and `serve`, each declared once (see ``SettingDeclaration``), in the
/// order of the options table of `docs/options.md`. The command line and the settings file read
/// every flag with a ``SettingDeclaration/Store`` through it, `--help` lists its entries, and
/// the tables of `docs/options.md` are its rows; a new option with a store is one entry here and
/// its property in ``BuildSettings``.
public enum SettingsTable {
    /// The options `build` takes (and `serve`, which takes these and ``serveOptions``).
    public static let buildOptions: [SettingDeclaration] = [
        SettingDeclaration(
            [.init(["--output", "-o"], takesValue: true, key: "output")], .output, kind: .path,
            option: "`-o, --output DIR`", defaultText: "`_site`",
            meaning:
                "where the site goes; built beside it and swapped in only when complete; a symlink is built into its target; one build at a time (see [The output folder](output-and-rebuilds.md#the-output-folder))",
            help: [
                .init(
                    "-o, --output DIR",
                    "Where the site goes (default: ./_site). Built beside it and swapped in only when complete; the build's records stay beside it too (.DIR.waterfall-site-cache), never inside. A DIR that is a symlink is built into its target and stays a symlink. One build per DIR at a time: a second one fails at once (\"busy\")."
                )
            ]),
        SettingDeclaration(
            [.init(["--title"], takesValue: true, key: "title", store: .text(\.title))], .content,
            kind: .text,
            option: "`--title TEXT`", defaultText: "the folder's name",
            meaning: "site title",
            help: [.init("--title TEXT", "Site title (default: the photo folder's name)")]),
        SettingDeclaration(
            [
                .init(
                    ["--description"], takesValue: true, key: "description",
                    store: .text(\.description))
            ], .content, kind: .text,
            option: "`--description TEXT`", defaultText: "the title",
            meaning: "the gallery pages' `<meta name=description>`",
            help: [
                .init(
                    "--description TEXT",
                    "What search results and shares say about the site (default: the title)")
            ]),
        SettingDeclaration(
            [.init(["--intro"], takesValue: true, key: "intro", store: .text(\.intro))], .content,
            kind: .text,
            option: "`--intro TEXT`", defaultText: "none",
            meaning: "a paragraph under the site's title",
            help: [.init("--intro TEXT", "A paragraph under the site's title")]),
        SettingDeclaration(
            [.init(["--logo"], takesValue: true, key: "logo", store: .input(\.logo))], .content,
            kind: .path,
            option: "`--logo FILE`", defaultText: "none",
            meaning:
                "an image beside the title, copied to `assets/logo.<hash>.<ext>`; a regular file (a symbolic link out of its folder only with `--follow-symlinks`); an SVG must be a plain drawing: one with `<script>`, an `on…=` event attribute, a `javascript:` URL, `<foreignObject>` or an `href` to another file is refused (exit 1), as it would run on the site's own address",
            help: [
                .init(
                    "--logo FILE, --favicon FILE",
                    "Images copied into DIR/assets/ and shown beside the title and as the browser tab's icon (an SVG with scripts, on…= attributes or links to other files is refused)"
                )
            ]),
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
                "`<html lang>` and the interface words from the theme's `strings.json` (`en`, `de`, `fr`, `es`, `it`, `pt`, `nl`, `pl`, `sv`, `ja`, `zh`, `ar` and `he` built in, with the count of photos in each language's CLDR plural forms; `de-CH` falls back to `de`; another language is English, with a warning)",
            help: [
                .init(
                    "--language TAG",
                    "<html lang> and the interface words, from the theme's strings.json: en, de, fr, es, it, pt, nl, pl, sv, ja, zh, ar, he built in; ar and he read right to left (default: en)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--call-to-action"], takesValue: true, key: "callToAction",
                    store: .text(\.callToAction))
            ], .content,
            kind: .text,
            option: "`--call-to-action TEXT`", defaultText: "\"View in shop\"",
            meaning: "the text of an item page's button to its product `link`",
            help: [
                .init(
                    "--call-to-action TEXT",
                    "The text of an item page's button to its product link (default: \"View in shop\", in the site's language)"
                )
            ]),
        SettingDeclaration(
            [.init([], takesValue: true, key: "links")], .content, kind: .list,
            option: "`links` (settings file only)", defaultText: "none",
            range: "http(s) URLs or paths relative to the site's root",
            meaning:
                "the shop's own links in the header of every page, in order: `[{\"label\": \"About\", \"url\": \"about.html\"}, {\"label\": \"Instagram\", \"url\": \"https://…\"}]`; a path is reached from each page's folder, an external link is marked as such"
        ),
        SettingDeclaration(
            [.init([], takesValue: true, key: "strings")], .content, kind: .text,
            option: "`strings` (settings file only)", defaultText: "the theme's words",
            range: "keys of `strings.json`",
            meaning:
                "the shop's words in place of the theme's for the site's language, without a theme copy: `{\"photoCount.one\": \"{count} product\", \"photoCount.other\": \"{count} products\"}`; an unknown key is an error"
        ),
        SettingDeclaration(
            [.init(["--no-credit"], takesValue: false, key: "credit", store: .off(\.credit))],
            .content, kind: .switch,
            option: "`--no-credit`", defaultText: "off",
            meaning:
                "no \"Made with waterfall-site\" line in the pages' footer (`\"credit\": false`)",
            help: [
                .init("--no-credit", "No \"Made with waterfall-site\" line in the pages' footer")
            ]),
        SettingDeclaration(
            [.init(["--base-url"], takesValue: true, key: "baseURL")], .sharing, kind: .address,
            option: "`--base-url URL`", defaultText: "none", range: "an absolute http(s) URL",
            meaning:
                "where the site is published (`https://shop.example/gallery/`; a final `/` is added); see [Found and shared](item-pages.md#found-and-shared). Without it nothing that needs an absolute URL is written, and the summary says in one line what it would add; a bad URL is a usage error (exit 64)",
            help: [
                .init(
                    "--base-url URL",
                    "Where the site is published, e.g. https://shop.example/gallery/: absolute canonical links, Open Graph and Twitter cards, JSON-LD (ItemList, Product, ImageObject), a 1,200 px share image per photo where the original allows, sitemap.xml, robots.txt, feed.xml. The pages' own links stay relative"
                )
            ]),
        SettingDeclaration(
            [.init(["--no-sitemap"], takesValue: false, key: "sitemap", store: .off(\.sitemap))],
            .sharing, kind: .switch,
            option: "`--no-sitemap`", defaultText: "off",
            meaning: "with `--base-url`, no `sitemap.xml` and `robots.txt`",
            help: [.init("--no-sitemap", "No sitemap.xml and robots.txt")]),
        SettingDeclaration(
            [.init(["--no-feed"], takesValue: false, key: "feed", store: .off(\.feed))], .sharing,
            kind: .switch,
            option: "`--no-feed`", defaultText: "off",
            meaning: "with `--base-url`, no `feed.xml`",
            help: [.init("--no-feed", "No feed.xml (the Atom feed of the newest 50 items)")]),
        SettingDeclaration(
            [
                .init(
                    ["--share-image"], takesValue: true, key: "shareImage",
                    store: .text(\.shareImage))
            ], .sharing, kind: .text,
            option: "`--share-image PATH`", defaultText: "each page's first photo",
            range: "a photo of the site",
            meaning: "the photo (its path in the photos folder) every gallery page shares",
            help: [
                .init(
                    "--share-image PATH",
                    "The photo (path in PHOTOS) every gallery page shares (default: each page's first photo)"
                )
            ]),
        SettingDeclaration(
            [.init(["--currency"], takesValue: true, key: "currency")], .sharing, kind: .tag,
            option: "`--currency CODE`", defaultText: "none", range: "ISO 4217",
            meaning:
                "the currency of prices written as a bare amount (`\"24.50\"`), which are then shown formatted for `--language` (`€24.50`, `24,50 €`)",
            help: [
                .init(
                    "--currency CODE",
                    "ISO 4217 currency of prices written as a bare amount (\"24.50\"), shown formatted for --language"
                )
            ]),
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
                "the photos' licence fields in their `ImageObject` structured data, where a photo's metadata gives none",
            help: [
                .init(
                    "--creator TEXT, --credit-text TEXT, --copyright-notice TEXT, --license URL,\n--acquire-license-page URL",
                    "The photos' licence fields where their metadata gives none")
            ]),
        SettingDeclaration(
            [.init(["--breakpoints"], takesValue: true, key: "breakpoints")], .layout, kind: .list,
            option: "`--breakpoints LIST`", defaultText: "`0:2,640:3,1024:4,1440:5`",
            range: "widths 0–100,000 px, columns 1–1,000",
            meaning: "gallery width (px) → columns",
            help: [
                .init(
                    "--breakpoints LIST",
                    "Gallery width → columns (default: 0:2,640:3,1024:4,1440:5); widths 0–100,000 px, columns 1–1,000"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--column-spacing"], takesValue: true, key: "columnSpacing",
                    store: .number { $0.columnSpacing = $1 })
            ], .layout,
            kind: .number(.columnSpacing),
            option: "`--column-spacing PX`", defaultText: "16",
            meaning: "space between columns",
            help: [.init("--column-spacing PX", "Space between columns (default: 16)")]),
        SettingDeclaration(
            [
                .init(
                    ["--row-spacing"], takesValue: true, key: "rowSpacing",
                    store: .number { $0.rowSpacing = $1 })
            ], .layout,
            kind: .number(.rowSpacing),
            option: "`--row-spacing PX`", defaultText: "16",
            meaning: "space between photos in a column",
            help: [.init("--row-spacing PX", "Space between photos in a column (default: 16)")]),
        SettingDeclaration(
            [.init(["--insets"], takesValue: true, key: "insets")], .layout, kind: .list,
            option: "`--insets PX` or `T,R,B,L`", defaultText: "16", range: "each 0–10,000 px",
            meaning: "space around each section's photos",
            help: [
                .init(
                    "--insets PX|T,R,B,L", "Space around the photos of each section (default: 16)")
            ]),
        SettingDeclaration(
            [.init(["--direction"], takesValue: true, key: "direction")], .layout, kind: .choice,
            option: "`--direction MODE`", defaultText: "`shortest`",
            meaning:
                "where each next photo goes: `shortest` column, `left-to-right` (the columns in turn) or `right-to-left` (shortest, mirrored; the text keeps its own direction, and only a right-to-left `--language`, `ar` or `he`, puts `dir=\"rtl\"` on the page and mirrors the layout by itself)",
            help: [
                .init(
                    "--direction MODE",
                    "Where each next photo goes: shortest (the shortest column, the default), left-to-right (the columns in turn) or right-to-left (shortest, mirrored; the text keeps its direction: only --language ar or he makes the page right-to-left)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--item-width"], takesValue: true, key: "itemWidth",
                    store: .number { $0.itemWidth = $1 })
            ], .layout,
            kind: .number(.itemWidth),
            option: "`--item-width PX`", defaultText: "off",
            meaning:
                "every column PX wide, the gaps take the rest; `--column-spacing` is the smallest gap, the column count still comes from `--breakpoints`",
            help: [
                .init(
                    "--item-width PX",
                    "Keep every column PX wide and let the gaps grow with the gallery; --column-spacing is then the smallest gap and the column count still comes from --breakpoints"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--caption-height"], takesValue: true, key: "captionHeight",
                    store: .number { $0.captionHeight = $1 })
            ], .layout,
            kind: .number(.captionHeight),
            option: "`--caption-height PX`", defaultText: "fits each tile's text",
            meaning:
                "the band under each photo that shows text; by default each band is fixed at build time, per breakpoint, from what its tile shows (a line for the price, one to three each for the title and the caption, as many as they take at the breakpoint's narrowest column), and a photo without text has none; a fixed PX band is that tall at every width and hides what does not fit",
            help: [
                .init(
                    "--caption-height PX",
                    "Height of the text band under each photo that shows text (default: each band fits its title, price and caption; photos without text get none)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--header-height"], takesValue: true, key: "headerHeight",
                    store: .number { $0.headerHeight = $1 })
            ], .layout,
            kind: .number(.headerHeight),
            option: "`--header-height PX`", defaultText: "56",
            meaning:
                "height of a section's header with a one-line title; a longer title wraps, and its header is 28 px taller per further line it needs at each breakpoint's narrowest width (see [How it works](architecture.md#how-it-works))",
            help: [
                .init(
                    "--header-height PX",
                    "Height of each section's header (default: 56); a title that wraps at the narrowest width adds 28 px a line"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--footer-height"], takesValue: true, key: "footerHeight",
                    store: .number { $0.footerHeight = $1 })
            ], .layout,
            kind: .number(.footerHeight),
            option: "`--footer-height PX`", defaultText: "48",
            meaning:
                "height of the band below a section whose metadata gives a `footer`, holding one line; a longer footer wraps, 20 px taller per further line",
            help: [
                .init(
                    "--footer-height PX",
                    "Height of the footer band of a section whose metadata gives a \"footer\" (default: 48); 20 px a further line"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--balance-tolerance"], takesValue: true, key: "balanceTolerance",
                    store: .number { $0.balanceTolerance = $1 })
            ], .layout,
            kind: .number(.balanceTolerance),
            option: "`--balance-tolerance PX`", defaultText: "the row spacing",
            meaning:
                "keep every photo within PX of the shortest column at every width (0: one column assignment per breakpoint)",
            help: [
                .init(
                    "--balance-tolerance PX",
                    "Keep every photo within PX of the shortest column at every width, splitting breakpoints where needed (default: the row spacing; 0: one column assignment per breakpoint)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--max-tall"], takesValue: true, key: "maxTall",
                    store: .number { $0.maxTall = $1 })
            ], .layout,
            kind: .number(.maxTall),
            option: "`--max-tall N`", defaultText: "2",
            meaning:
                "a tile is at most N times as tall as it is wide: a taller photo (a 1:5 scarf) is cropped in its tile around its metadata `focus` and shown whole on its item page; the layout places the cropped shape, so tiles stay exact (0: no cap)",
            help: [
                .init(
                    "--max-tall N",
                    "A tile at most N times as tall as wide (default: 2); a taller photo is cropped around its metadata \"focus\" and shown whole on its item page; 0: no cap; 0–100"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--max-wide"], takesValue: true, key: "maxWide",
                    store: .number { $0.maxWide = $1 })
            ], .layout,
            kind: .number(.maxWide),
            option: "`--max-wide N`", defaultText: "3",
            meaning:
                "a tile is at most N times as wide as it is tall, so a 6:1 print is no sliver on a phone; cropped likewise (0: no cap)",
            help: [
                .init(
                    "--max-wide N",
                    "A tile at most N times as wide as tall (default: 3); likewise; 0: no cap; 0–100"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--page-size"], takesValue: true, key: "pageSize",
                    store: .number { $0.pageSize = Int($1) })
            ], .layout,
            kind: .number(.pageSize),
            option: "`--page-size N`", defaultText: "500",
            meaning: "photos per page at most",
            help: [.init("--page-size N", "Photos per page at most, 1–1,000,000 (default: 500)")]),
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
            meaning: "write resized copies sized by the layout, with `srcset` and `sizes`",
            help: [
                .init(
                    "--no-renditions",
                    "Show the originals in the tiles; no resized copies (HEIC and AVIF photos are then skipped, with a warning)"
                ),
                .init(
                    "--renditions",
                    "Write resized copies (the default): 4–6 widths per photo chosen from the layout for 1× and 2× screens, offered through srcset/sizes, in DIR/renditions/"
                ),
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--quality"], takesValue: true, key: "quality",
                    store: .number { $0.quality = Int($1) })
            ], .images,
            kind: .number(.quality),
            option: "`--quality N`", defaultText: "82",
            meaning: "JPEG quality of the resized copies (baseline, optimised Huffman tables)",
            help: [.init("--quality N", "JPEG quality of the copies, 1–100 (default: 82)")]),
        SettingDeclaration(
            [
                .init(["--webp"], takesValue: false, key: "webp", store: .on(\.webp)),
                .init(["--no-webp"], takesValue: false, key: "webp", store: .off(\.webp)),
            ], .images, kind: .switch,
            option: "`--webp` / `--no-webp`", defaultText: "on",
            meaning:
                "also write each copy as lossy WebP at the quality of equal SSIM (JPEG 82 → WebP 85, see [Benchmarks](../Benchmarks/README.md)), kept for a photo only where its WebP files total fewer bytes than its JPEG (or PNG) files, and offered first in a `<picture>`",
            help: [
                .init(
                    "--no-webp",
                    "No WebP copies (by default, --webp, each photo also gets WebP copies at the same SSIM, offered first in a <picture> where they are smaller than the JPEG or PNG ones)"
                )
            ]),
        SettingDeclaration(
            [
                .init(["--avif"], takesValue: false, key: "avif", store: .on(\.avif)),
                .init(["--no-avif"], takesValue: false, key: "avif", store: .off(\.avif)),
            ], .images, kind: .switch,
            option: "`--avif` / `--no-avif`", defaultText: "off",
            meaning:
                "also write each copy as AVIF (4:2:0, libheif's AV1 encoder) at the quality of equal SSIM (JPEG 82 → AVIF 64), kept for a photo only where its AVIF files total fewer bytes than its JPEG (or PNG) files, offered before WebP; many times the encode time of JPEG",
            help: [
                .init(
                    "--avif",
                    "Also write AVIF copies at the same SSIM, offered before all others where they are smaller than the JPEG or PNG ones (slow: many times the JPEG encode time; default: --no-avif)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--avif-speed"], takesValue: true, key: "avifSpeed",
                    store: .number { $0.avifSpeed = Int($1) })
            ], .images,
            kind: .number(.avifSpeed),
            option: "`--avif-speed N`", defaultText: "6",
            meaning: "the AV1 encoder's speed: 0 slowest and smallest, 9 fastest",
            help: [
                .init(
                    "--avif-speed N", "AV1 encoder speed, 0 (slowest, smallest) to 9 (default: 6)")
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--rendition-store"], takesValue: true, key: "renditionStore",
                    store: .written(\.renditionStore))
            ], .images,
            kind: .path,
            option: "`--rendition-store DIR`", defaultText: "none",
            meaning:
                "link the resized copies that `renditions --shard` made in DIR, and encode only what it lacks; a file that is a symbolic link, not the format or pixel size its name says, or cut short is not linked (see [Renditions on many machines](renditions.md#renditions-on-many-machines))",
            help: [
                .init(
                    "--rendition-store DIR",
                    "Link the copies that 'waterfall-site renditions --shard' made in DIR; encode only what it lacks or what is not a whole file of the format and size its name says"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--max-pixels"], takesValue: true, key: "maxPixels",
                    store: .number { $0.maximumPixels = Int($1) })
            ], .images,
            kind: .number(.maxPixels),
            option: "`--max-pixels N`", defaultText: "100,000,000",
            meaning: "larger photos are not decoded: their tiles show the original",
            help: [
                .init(
                    "--max-pixels N",
                    "Photos with more pixels are not resized; their tiles show the original, 1–10,000,000,000 (default: 100000000)"
                )
            ]),
        SettingDeclaration(
            [.init(["--decode-memory"], takesValue: true, key: "decodeMemory")], .images,
            kind: .size,
            option: "`--decode-memory SIZE`", defaultText: "a quarter of memory",
            range: "16MB–1024TB (bytes, or with KB, MB, GB, TB)",
            meaning:
                "memory the decodes of all jobs share: a job waits until its photo's decode fits, so `-j` never multiplies a decompression bomb; a photo larger than all of it decodes alone",
            help: [
                .init(
                    "--decode-memory SIZE",
                    "Memory the decodes of all jobs share, in bytes or with KB, MB, GB or TB, 16MB–1024TB (default: a quarter of memory); a photo larger than it decodes alone"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--no-original-link"], takesValue: false, key: "originalLinks",
                    store: .off(\.linksOriginals))
            ], .images,
            kind: .switch,
            option: "`--no-original-link`", defaultText: "on",
            meaning:
                "originals are not published (the default); a photo without renditions is the one exception, as its tile shows the original",
            help: [.init("--no-original-link", "Do not publish the originals (the default)")]),
        SettingDeclaration(
            [
                .init(
                    ["--publish-originals"], takesValue: false, key: "publishOriginals",
                    store: .on(\.linksOriginals))
            ], .images,
            kind: .switch,
            option: "`--publish-originals`", defaultText: "off",
            meaning:
                "publish the original photos in `photos/` and offer them on each item page (\"Download original\"); **they carry their EXIF data, GPS position included**, so strip it first if that matters",
            help: [
                .init(
                    "--publish-originals",
                    "Publish the original photos in DIR/photos/ and offer them on each item page; they carry their EXIF data, GPS position included (default: not published)"
                )
            ]),
        SettingDeclaration(
            [.init(["--metadata"], takesValue: true, key: "metadata", store: .input(\.metadata))],
            .content, kind: .path,
            option: "`--metadata FILE`",
            defaultText: "`PHOTOS/metadata.json` or `PHOTOS/metadata.csv`",
            meaning:
                "titles, alt text, captions, links and prices (JSON, or CSV when the name ends in `.csv`)",
            help: [
                .init(
                    "--metadata FILE",
                    "Titles, alt text, captions, links and prices per photo; per folder a title, footer, columns and insets (default: PHOTOS/metadata.json when present)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--sort"], takesValue: true, key: "sort",
                    store: .choice(names: CatalogueOrder.Sort.allCases.map(\.rawValue)) {
                        $0.sort = CatalogueOrder.Sort(rawValue: $1) ?? .name
                    })
            ], .content, kind: .choice,
            option: "`--sort ORDER`", defaultText: "`name`",
            meaning:
                "the order of the photos in each section: `name` (file names in natural order, `photo-2` before `photo-10`), `newest` (date taken, else the file's time, newest first), `metadata` (the rows of `metadata.csv` or the keys of `metadata.json`, folders by their rows too; photos without one after) or `price` (lowest first; unpriced after); a photo or folder with an `order` in the metadata comes before all others, lowest first (see [The owner's order](metadata.md#the-owners-order))",
            help: [
                .init(
                    "--sort ORDER",
                    "The order of the photos in each section: name (natural file-name order, the default), newest (date taken, else file time), metadata (the metadata file's rows; folders too) or price (lowest first); an \"order\" in the metadata comes first"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--templates"], takesValue: true, key: "templates", store: .input(\.templates))
            ], .content, kind: .path,
            option: "`--templates DIR`", defaultText: "built-in",
            meaning: "your copy of the theme",
            help: [
                .init(
                    "--templates DIR",
                    "Use your copy of the theme (page.html, section.html, tile.html, pagination.html, waterfall.css, item.html, strings.json)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--static"], takesValue: true, key: "staticFolder",
                    store: .input(\.staticFolder))
            ], .content, kind: .path,
            option: "`--static DIR`", defaultText: "`PHOTOS/static`",
            meaning:
                "your own files, copied into the site root as they are (see [Publishing](publishing.md#publishing))",
            help: [
                .init(
                    "--static DIR",
                    "Your own files, copied into the site root as they are: CNAME, .nojekyll, favicon.ico, 404.html, _headers, … (default: PHOTOS/static when present; never scanned)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--no-host-files"], takesValue: false, key: "hostFiles",
                    store: .off(\.hostFiles))
            ], .output,
            kind: .switch,
            option: "`--no-host-files`", defaultText: "off",
            meaning: "write no `_headers` or `_redirects` file",
            help: [
                .init(
                    "--no-host-files",
                    "Write no _headers or _redirects (cache rules and moved item pages for Netlify and Cloudflare Pages)"
                )
            ]),
        SettingDeclaration(
            [
                .init(
                    ["--layout-files"], takesValue: false, key: "layoutFiles",
                    store: .on(\.writesLayoutFiles))
            ], .output,
            kind: .switch,
            option: "`--layout-files`", defaultText: "off",
            meaning:
                "also write `layout.json` and `layout/`: every tile's frame at every width, as the CSS computes it, for tools and tests (about 6 KB per photo: no shopper reads them)",
            help: [
                .init(
                    "--layout-files",
                    "Also write layout.json and layout/: every tile's frame at every width, for tools and tests (about 6 KB per photo; no shopper reads them)"
                )
            ]),
        SettingDeclaration(
            [.init(["--config"], takesValue: true)], .content, kind: .path,
            option: "`--config FILE`", defaultText: "`PHOTOS/waterfall.json`",
            meaning: "settings file; command-line options override it",
            help: [
                .init(
                    "--config FILE",
                    "Settings file (default: PHOTOS/waterfall.json when present); command-line options override it"
                )
            ]),
        SettingDeclaration(
            [.init(["--strict"], takesValue: false)], .behaviour, kind: .switch,
            option: "`--strict`", defaultText: "off",
            meaning:
                "fail (exit 1) when any photo was skipped or had a warning, or the metadata had one (see [Checking the metadata](metadata.md#checking-the-metadata))",
            help: [
                .init(
                    "--strict",
                    "Fail (exit 1) when any photo was skipped or had a warning, or the metadata had one (see 'check')"
                )
            ]),
        SettingDeclaration(
            [.init(["--force"], takesValue: false)], .output, kind: .switch,
            option: "`--force`", defaultText: "off",
            meaning:
                "replace an output folder that waterfall-site did not make; only a folder given with `-o`, never one a settings file names",
            help: [
                .init(
                    "--force",
                    "Replace DIR even if it holds something that is not a waterfall-site build (only a DIR given with -o, never one from the settings file)"
                )
            ]),
        SettingDeclaration(
            [.init(["--follow-symlinks"], takesValue: false)], .behaviour, kind: .switch,
            option: "`--follow-symlinks`", defaultText: "off",
            meaning:
                "follow symbolic links that lead outside the photos folder, the static folder or the theme folder (otherwise each is a warning, or for a theme file, logo, favicon or metadata file an error, naming the link); a device, FIFO or socket is never read",
            help: [
                .init(
                    "--follow-symlinks",
                    "Follow symbolic links that lead outside PHOTOS, the static or the theme folder (default: report them and leave them out)"
                )
            ]),
        SettingDeclaration(
            [.init(["--no-cache"], takesValue: false)], .behaviour, kind: .switch,
            option: "`--no-cache`", defaultText: "off",
            meaning:
                "read every photo again instead of trusting the previous build's record of unchanged files",
            help: [
                .init(
                    "--no-cache",
                    "Read every photo again instead of trusting the previous build's record of unchanged files"
                )
            ]),
        SettingDeclaration(
            [.init(["--jobs", "-j"], takesValue: true, store: .number { $0.jobs = Int($1) })],
            .behaviour, kind: .number(.jobs),
            option: "`-j, --jobs N`", defaultText: "all cores",
            meaning:
                "threads for the work: reading and resizing photos, writing pages (the originals are linked by two more)",
            help: [
                .init(
                    "-j, --jobs N",
                    "Threads for reading and resizing photos and writing pages, 1–256 (default: all cores)"
                )
            ]),
        SettingDeclaration(
            [.init(["--quiet", "-q"], takesValue: false)], .behaviour, kind: .switch,
            option: "`-q, --quiet`", defaultText: "off",
            meaning: "no progress and no summary (warnings still go to stderr)",
            help: [.init("-q, --quiet", "No progress and no summary; warnings still go to stderr")]),
    ]

    /// The options only `serve` has: where it listens.
    public static let serveOptions: [SettingDeclaration] = [
        SettingDeclaration(
            [.init(["--port", "-p"], takesValue: true)], .server, kind: .number(.port),
            option: "`-p, --port N`", defaultText: "8000",
            meaning:
                "first port to try; when it is taken the next 19 are tried and the one chosen is named (0: any free port)",
            help: [
                .init(
                    "-p, --port N",
                    "First port to try (default: 8000; the next 19 are tried when it is taken; 0: any free port)"
                )
            ]),
        SettingDeclaration(
            [.init(["--host"], takesValue: true)], .server, kind: .text,
            option: "`--host ADDR`", defaultText: "`127.0.0.1`",
            meaning:
                "address to listen on; any address other than loopback lets other machines see the site, and a warning says so",
            help: [
                .init(
                    "--host ADDR",
                    "Address to listen on (default: 127.0.0.1). Any other address lets other machines see the site: a warning says so"
                )
            ]),
    ]

    /// The keys a settings file may hold.
    public static let keys = Set(buildOptions.flatMap(\.keys))

    /// The rows of `docs/options.md`'s table of `build`'s options, or of `serve`'s own.
    public static func readmeRows(serve: Bool = false) -> [String] {
        (serve ? serveOptions : buildOptions).map(\.readmeRow)
    }
}
