import MasonryLayout

/// Turns pages of photos into HTML: lays each page out with the engine for every breakpoint and
/// writes the frames as CSS in the engine's linear form, so tiles sit exactly where the engine
/// says at every gallery width, with no JavaScript.
///
/// How the geometry reaches the browser:
/// - `assets/layout.<hash>.css` (``layoutStylesheet()``, at ``layoutStylesheetPath``): the
///   formulas shared by every page.
/// - each page's `<style>`: per range of gallery width (a breakpoint, or a balancing sub-range of
///   one), a container query that picks which of a tile's custom properties are in force, and
///   per section the column width `--w`, the first column's left edge `--ox`, the column step
///   `--dx`, the items' top `--t` and the section's height (a `max()` over its columns' bottoms).
/// - each tile's `style`: its aspect ratio `--r` and, per range *i* (written in base 36, so a page
///   with many balancing sub-ranges still spends one character on it), its column `--ci`, the
///   sum of the aspect ratios above it in that column `--ai` and the number of items above it
///   the px of row spacings and caption bands above it `--ki`. Zeros are left out; the CSS falls
///   back to 0. Each tile's own band (see ``CaptionBand``; absent for a tile without text): at
///   the first range *i* of each band range (a breakpoint, or a part of one cut by
///   ``BandSplits``) where it changes, its height `--bi` and the lines of its title `--tli` and
///   caption `--nli`, which fall back along the band ranges to the band in force, `--b`, `--tl`
///   and `--nl`:
///   `top = --t + --a × --w + --k`, `left = --ox + --c × --dx`, `height = --r × --w + --b`.
public struct SiteRenderer: Sendable {
    public let theme: Theme
    public let options: SiteOptions
    private let engine: MasonryLayout
    /// The theme and the options, hashed once for ``fingerprint(of:salt:)``.
    let settingsDigest: UInt64
    /// Where the theme's stylesheet goes in the site, `assets/waterfall.<hash>.css`: named by a
    /// hash of its bytes, so a host may cache it forever and a theme change is never served stale.
    public let stylesheetPath: String
    /// Where ``layoutStylesheet()`` goes in the site, `assets/layout.<hash>.css`, named likewise.
    public let layoutStylesheetPath: String

    public init(theme: Theme, options: SiteOptions) throws(LayoutError) {
        self.theme = theme
        self.options = options
        self.engine = try MasonryLayout(options: options.layout)
        var hasher = StableHasher()
        hasher.combine(theme.digest)
        // The options are plain values (numbers, strings, arrays; no dictionaries), so their
        // description is complete and the same in every process.
        hasher.combine(String(reflecting: options))
        settingsDigest = hasher.value
        stylesheetPath = Self.hashedAssetPath("waterfall", css: theme.stylesheet)
        layoutStylesheetPath = Self.hashedAssetPath("layout", css: Self.layoutStylesheet(options))
    }

    /// The folder of the site that holds the stylesheets, and only files named by their content.
    public static let assetsFolder = "assets"

    /// `assets/NAME.HASH.css`, with 16 hex digits of a stable hash of `css`: the same bytes give
    /// the same name in every build, on every machine.
    static func hashedAssetPath(_ name: String, css: String) -> String {
        var hasher = StableHasher()
        hasher.combine(css)
        let digits = String(hasher.value, radix: 16)
        return
            "\(assetsFolder)/\(name).\(String(repeating: "0", count: 16 - digits.count))\(digits).css"
    }

    /// A rendered page: its HTML and the layout it was rendered from (for `layout.json`).
    /// The folder of the site that holds the item pages.
    public static let itemsFolder = "items"

    var strings: InterfaceStrings { options.strings }

    public struct RenderedPage: Sendable {
        public var html: String
        public var layout: GalleryLayout
        /// The element id of each section, in order.
        public var sectionIDs: [String]
        /// Bytes of layout data in the page: the tiles' `style` attributes and the page's `<style>`.
        public var layoutBytes: Int
    }

    /// The page's layout at every breakpoint.
    public func layout(_ page: SitePage) throws(LayoutError) -> GalleryLayout {
        try layout(page, bands: bands(page))
    }

    /// The page's text bands: each photo's caption band in each band range, as tall as its text
    /// at the range's narrowest column, and the cuts that make those ranges.
    func bands(_ page: SitePage) -> PageBands {
        PageBands(page, options: options, breakpointWidths: engine.breakpointWidths)
    }

    /// The page's layout with its `bands` (see ``bands(_:)``).
    func layout(_ page: SitePage, bands: PageBands) throws(LayoutError) -> GalleryLayout {
        let sections = page.sections.enumerated().map { sectionIndex, section in
            var layoutSection = LayoutSection(
                items: zip(section.photos, bands.cards[sectionIndex]).compactMap { photo, lines in
                    LayoutItem(
                        width: photo.tileWidth, height: photo.tileHeight,
                        extraHeights: lines.map(\.height))
                },
                breakpoints: section.options.columns, insets: section.options.insets)
            // Each band as tall as its text needs at each band range's narrowest width, so a
            // title that wraps on a phone leaves no empty lines above it on a desktop.
            let widths = contentWidths(section, rangeStarts: bands.rangeStarts)
            if !section.title.isEmpty {
                let count = countText(section)
                layoutSection.headerHeights = widths.map {
                    SectionBand.headerHeight(
                        title: section.title, count: count, base: options.headerHeight, width: $0)
                }
            }
            if !section.options.footer.isEmpty {
                layoutSection.footerHeights = widths.map {
                    SectionBand.footerHeight(
                        section.options.footer, base: options.footerHeight, width: $0)
                }
            }
            return layoutSection
        }
        return try engine.layout(sections, bandSplits: bands.splits)
    }

    /// What the section's header shows beside its title: its count and whether it continues.
    func countText(_ section: SiteSection) -> String {
        let count = strings.photoCount(section.totalCount ?? section.photos.count)
        return count + (section.isContinued ? " · " + strings["continued"] : "")
    }

    /// The width of the section's header and footer at each band range's narrowest gallery
    /// width (`rangeStarts`, per breakpoint); the first's less ``SectionBand/scrollbarAllowance``,
    /// as it also serves the galleries narrower than the narrowest the layout is built for.
    func contentWidths(_ section: SiteSection, rangeStarts: [[Double]]) -> [Double] {
        let insets = section.options.insets ?? options.layout.insets
        return rangeStarts.joined().enumerated().map { index, start in
            start - insets.left - insets.right - (index == 0 ? SectionBand.scrollbarAllowance : 0)
        }
    }

    public func render(_ page: SitePage) throws(LayoutError) -> RenderedPage {
        let bands = bands(page)
        let layout = try layout(page, bands: bands)
        let ids = Self.sectionIDs(page.sections)
        let root = page.root
        let firstScreen = FirstScreen(
            layout, height: options.firstScreenHeight,
            imageRatios: page.sections.flatMap { section in
                section.photos.map { Double($0.tileHeight) / Double($0.tileWidth) }
            })
        var sectionsHTML = ""
        var itemIndex = 0
        var layoutBytes = 0
        var preload = ""
        let ranges = TileStyleRanges(layout)
        for (sectionIndex, section) in page.sections.enumerated() {
            var tiles = ""
            for (indexInSection, photo) in section.photos.enumerated() {
                let style = tileStyle(
                    layout, section: sectionIndex, item: indexInSection, photo: photo,
                    bands: bands.cards[sectionIndex][indexInSection], ranges: ranges)
                layoutBytes += style.utf8.count
                let sizes = section.options.imageSizes ?? options.imageSizes
                tiles += tileHTML(
                    photo, style: style, sizes: sizes, eager: firstScreen.eager[itemIndex],
                    first: firstScreen.priority == itemIndex, root: root)
                if firstScreen.priority == itemIndex {
                    preload = preloadHTML(
                        photo,
                        sizes: tileSizes(photo, sizes: sizes, eager: firstScreen.eager[itemIndex]),
                        root: root)
                }
                itemIndex += 1
            }
            sectionsHTML += theme.section.render([
                "id": .text(ids[sectionIndex]),
                "title": .text(section.title),
                "photoCount": .text(NumberText.grouped(section.totalCount ?? section.photos.count)),
                "countText": .text(strings.photoCount(section.totalCount ?? section.photos.count)),
                "continued": .text(section.isContinued ? strings["continued"] : ""),
                "tiles": .markup(tiles),
                "footer": .text(section.options.footer),
            ])
        }
        let style = pageStyle(layout, ids: ids)
        layoutBytes += style.utf8.count
        let description =
            page.collection?.description
            ?? (options.description.isEmpty ? options.title : options.description)
        func fromRoot(_ path: String) -> String { path.isEmpty ? "" : root + path }
        let isHome = page.collection == nil
        let html = theme.page.render([
            "title": .text(options.title),
            "pageTitle": .text(
                page.collection.map { $0.title + " · " + options.title } ?? options.title),
            "heading": .text(page.collection?.title ?? options.title),
            "home": .text(isHome ? "" : root + SitePage.fileName(1)),
            "homeLogo": .text(isHome ? "" : fromRoot(options.logoPath)),
            "canonical": .text(canonical(page.path)),
            "sharing": .markup(gallerySharing(page, description: description)),
            "description": .text(description),
            "intro": .text(isHome ? options.intro : ""),
            "logo": .text(isHome ? options.logoPath : ""),
            "favicon": .text(fromRoot(options.faviconPath)),
            "menu": .markup(menuHTML(page.menu, current: page)),
            "skipLink": .text(strings["skipLink"]),
            "madeWith": .text(options.credit ? strings["madeWith"] : ""),
            "links": .markup(linksHTML(root: root)),
            "backToTop": .text(strings["backToTop"]),
            "photoCountText": .text(
                page.collection?.countsPhotos == false
                    ? "" : strings.photoCount(page.siteCount ?? page.photoCount)),
            "pageOf": .text(page.count > 1 ? strings.pageOf(page.number, page.count) : ""),
            "lang": .text(options.language),
            "dir": .text(LanguageDirection.dirAttribute(options.language)),
            "generator": .text("waterfall-site"),
            "preload": .markup(preload),
            "stylesheet": .text(root + stylesheetPath),
            "layoutStylesheet": .text(root + layoutStylesheetPath),
            "pageStyle": .markup(style),
            "sections": .markup(sectionsHTML),
            "pagination": .markup(page.count > 1 ? paginationHTML(page) : ""),
            "pageNumber": .text(String(page.number)),
            "pageCount": .text(String(page.count)),
            "photoCount": .text(NumberText.grouped(page.siteCount ?? page.photoCount)),
        ])
        return RenderedPage(html: html, layout: layout, sectionIDs: ids, layoutBytes: layoutBytes)
    }

    /// The rules every page shares: how a tile's custom properties become its frame, and which
    /// breakpoint's properties apply at the gallery's current width.
    public func layoutStylesheet() -> String {
        Self.layoutStylesheet(options)
    }

    private static func layoutStylesheet(_ options: SiteOptions) -> String {
        let css = """
            /* Generated by waterfall-site: the layout. Edit waterfall.css for the look. */
            .wf-gallery{container-type:inline-size}
            .wf-section{position:relative;margin:0;padding:0}
            .wf-section-header,.wf-section-footer{position:absolute;box-sizing:border-box;margin:0}
            .wf-tiles{list-style:none;margin:0;padding:0}
            .wf-tiles>li{position:absolute;box-sizing:border-box;margin:0;padding:0;width:var(--w);left:calc(var(--ox) + var(--c) * var(--dx));top:calc(var(--t) + var(--a) * var(--w) + var(--k) * 1px)}
            .wf-tiles>li>a>picture{display:contents}
            .wf-tiles>li>a>img,.wf-tiles>li>a>picture>img{display:block;width:100%;height:calc(var(--r) * var(--w))}
            .wf-caption{box-sizing:border-box;height:calc(var(--b) * 1px)}

            """
        return css
    }

    /// The page's `<style>`: per range, the tile rule, the column geometry shared by the sections, and each
    /// section's height (and whatever of its geometry differs from the shared one).
    func pageStyle(_ layout: GalleryLayout, ids: [String]) -> String {
        var css = "\n"
        let ranges = LayoutRanges(layout)
        // An `#id` rule of an earlier range outranks a later range's shared rule, so a section
        // that had its own geometry, header or footer rule restates it in every later range.
        let count = layout.breakpoints.first?.sections.count ?? 0
        var ownGeometry = [Bool](repeating: false, count: count)
        var ownHeader = ownGeometry
        var ownFooter = ownGeometry
        for (index, breakpointLayout) in layout.breakpoints.enumerated() {
            let widths = ranges.widths(index)
            let geometries = breakpointLayout.sections.map(SectionGeometry.init)
            // The most common geometry goes into one `.wf-section` rule.
            var counts: [SectionGeometry: Int] = [:]
            for geometry in geometries { counts[geometry, default: 0] += 1 }
            let shared = geometries.max {
                (counts[$0] ?? 0, $1.sortKey) < (counts[$1] ?? 0, $0.sortKey)
            }
            var rules = ranges.tileRule(index) + "\n"
            if let shared { rules += ".wf-section{\(shared.declarations)}\n" }
            if let header = shared?.header { rules += ".wf-section-header{\(header)}\n" }
            // Footers are few; the most common one still goes into one rule.
            let footers = breakpointLayout.sections.map(Self.footerDeclarations)
            var footerCounts: [String: Int] = [:]
            for case let footer? in footers { footerCounts[footer, default: 0] += 1 }
            let sharedFooter = footerCounts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
            if let sharedFooter { rules += ".wf-section-footer{\(sharedFooter)}\n" }
            for (sectionIndex, section) in breakpointLayout.sections.enumerated() {
                let geometry = geometries[sectionIndex]
                let id = ids[sectionIndex]
                ownGeometry[sectionIndex] =
                    ownGeometry[sectionIndex] || geometry.declarations != shared?.declarations
                var declarations = ownGeometry[sectionIndex] ? geometry.declarations + ";" : ""
                declarations +=
                    "height:\(CSSText.maximum(section.columnBottoms, plus: section.bottomOffset, over: widths))"
                rules += "#\(id){\(declarations)}\n"
                if let header = geometry.header {
                    ownHeader[sectionIndex] = ownHeader[sectionIndex] || header != shared?.header
                    if ownHeader[sectionIndex] { rules += "#\(id)>.wf-section-header{\(header)}\n" }
                }
                if let footer = footers[sectionIndex] {
                    ownFooter[sectionIndex] = ownFooter[sectionIndex] || footer != sharedFooter
                    if ownFooter[sectionIndex] { rules += "#\(id)>.wf-section-footer{\(footer)}\n" }
                }
            }
            if index == 0 {
                css += rules
            } else {
                css +=
                    "@container (min-width: \(CSSText.px(breakpointLayout.minimumWidth))){\n\(rules)}\n"
            }
        }
        return css
    }

    /// The footer band as CSS, anchored at the section's bottom: its top is a `max()` over the
    /// columns, its bottom edge the bottom inset above the section's (see `SectionLayout`).
    static func footerDeclarations(_ section: SectionLayout) -> String? {
        guard section.footerHeight > 0 else { return nil }
        return
            "left:\(CSSText.length(section.contentX));width:\(CSSText.length(section.contentWidth));"
            + "bottom:\(CSSText.px(section.insets.bottom));height:\(CSSText.px(section.footerHeight))"
    }
}

/// A section's column geometry as CSS declarations, so equal geometries share one rule.
private struct SectionGeometry: Hashable {
    let declarations: String
    let header: String?

    init(_ section: SectionLayout) {
        let step =
            section.columnOffsets.count > 1
            ? section.columnOffsets[1] - section.columnOffsets[0] : .zero
        declarations =
            "--w:\(CSSText.length(section.columnWidth));--ox:\(CSSText.length(section.columnOffsets[0]));"
            + "--dx:\(CSSText.length(step));--t:\(CSSText.px(section.itemsTop))"
        header = section.header.map { header in
            "left:\(CSSText.length(header.x));top:\(CSSText.length(header.y));"
                + "width:\(CSSText.length(header.width));height:\(CSSText.length(header.height))"
        }
    }

    /// Breaks ties between equally common geometries the same way on every run.
    var sortKey: String { declarations + (header ?? "") }
}

extension SiteRenderer {
    /// The tile's inline custom properties (see the type's documentation). A value equal to the
    /// one in force in the previous range of the same breakpoint is left out: the stylesheet
    /// falls back along the breakpoint's ranges (see ``LayoutRanges``). The band's height and
    /// lines (`bands`, one per band range) are written at a band range's first range when they
    /// differ from the previous band range's, and fall back along the band ranges.
    /// `ranges` is ``TileStyleRanges`` of `layout`, when the caller holds it for the whole page.
    func tileStyle(
        _ layout: GalleryLayout, section: Int, item: Int, photo: SitePhoto,
        bands: [CaptionBand.Lines], ranges: TileStyleRanges? = nil
    ) -> String {
        let ranges = ranges ?? TileStyleRanges(layout)
        var style =
            "--r:"
            + NumberText.decimal(
                Double(photo.tileHeight) / Double(photo.tileWidth), decimals: Self.aspectDecimals)
        var inForce = ("0", "0", "0")
        var bandInForce = LayoutRanges.bandDefaults
        // By index, not by element: a copy of each range's layout would retain all its arrays.
        for index in layout.breakpoints.indices {
            let suffix = ranges.suffixes[index]
            if index == 0
                || layout.breakpoints[index - 1].breakpoint != layout.breakpoints[index].breakpoint
            {
                inForce = ("0", "0", "0")
            }
            let bandIndex = layout.breakpoints[index].bandIndex
            if index == 0 || layout.breakpoints[index - 1].bandIndex != bandIndex {
                style += Self.bandStyle(bands[bandIndex], suffix: suffix, &bandInForce)
            }
            let placed = layout.breakpoints[index].sections[section].items[item]
            // Bands differ from tile to tile, so the px above an item are written out.
            let column = String(placed.column)
            let ratios = NumberText.decimal(
                placed.ratiosAbove, decimals: ranges.ratioDecimals[index][section])
            let itemsAbove = NumberText.decimal(placed.pixelsAbove, decimals: 2)
            if column != inForce.0 { style += ";--c\(suffix):\(column)" }
            if ratios != inForce.1 { style += ";--a\(suffix):\(ratios)" }
            if itemsAbove != inForce.2 { style += ";--k\(suffix):\(itemsAbove)" }
            inForce = (column, ratios, itemsAbove)
        }
        return style
    }

    /// The band's `--b`, `--tl` and `--nl` for range `suffix` where they differ from `inForce`
    /// (which they then become); lines of a title or caption the card lacks are never written.
    static func bandStyle(
        _ band: CaptionBand.Lines, suffix: String, _ inForce: inout LayoutRanges.BandValues
    ) -> String {
        var style = ""
        let height = NumberText.decimal(band.height, decimals: 2)
        if height != inForce.height {
            style += ";--b\(suffix):\(height)"
            inForce.height = height
        }
        if band.title > 0 && band.title != inForce.titleLines {
            style += ";--tl\(suffix):\(band.title)"
            inForce.titleLines = band.title
        }
        if band.caption > 0 && band.caption != inForce.captionLines {
            style += ";--nl\(suffix):\(band.caption)"
            inForce.captionLines = band.caption
        }
        return style
    }

    /// The aspect ratio multiplies a column width of at most a few thousand px: 5 places keep the
    /// height within 0.01 px.
    static let aspectDecimals = 5

    /// Places for a sum of aspect ratios, which multiplies the column width: enough that the
    /// rounding moves a tile by at most a quarter pixel at the range's widest column.
    static func ratioDecimals(widestColumn: Double) -> Int {
        var decimals = 2
        var halfUnit = 0.005
        while halfUnit * widestColumn > 0.25 && decimals < 9 {
            decimals += 1
            halfUnit /= 10
        }
        return decimals
    }
}

extension SiteRenderer {
    /// A tile's `sizes`: the section's, widened for a photo cut at the sides (it is shown wider
    /// than its tile, and without `auto`, which would pick a file as wide as the tile). An eager
    /// tile is on some first screen, where a phone's images share a slow link: it claims less at
    /// phone densities (``PhoneSizes``). A lazy one keeps `auto`, which the browser would take
    /// before any such entry.
    fileprivate func tileSizes(_ photo: SitePhoto, sizes: String, eager: Bool) -> String {
        let widening =
            photo.tileShape?.widening(photoWidth: photo.width, photoHeight: photo.height) ?? 1
        let sizes = TileShape.widened(sizes, by: widening)
        return eager ? PhoneSizes.scaled(sizes) : widening > 1 ? sizes : "auto, " + sizes
    }

    /// A `<link rel=preload>` in the page's head for its `fetchpriority=high` tile, with the
    /// candidates and `sizes` its `<picture>` offers first (so each browser fetches the file the
    /// tile then takes, never a second one), or nothing when the tile has no renditions.
    ///
    /// Why: the preload scanner finds the tile's image only after the stylesheets' links and
    /// the tiles before it, so on a phone's slow link its request starts beside the others';
    /// from the head it starts first (Benchmarks/README.md, page speed).
    fileprivate func preloadHTML(_ photo: SitePhoto, sizes: String, root: String) -> String {
        guard let image = photo.image else { return "" }
        let first = image.sources.first
        let candidates = first?.candidates ?? image.candidates
        guard !candidates.isEmpty else { return "" }
        let type = first.map { " type=\"\($0.type.htmlEscaped)\"" } ?? ""
        let srcset = SiteImage.srcset(candidates, root: root)
        return "<link rel=\"preload\" as=\"image\"\(type) imagesrcset=\"\(srcset.htmlEscaped)\""
            + " imagesizes=\"\(sizes.htmlEscaped)\" fetchpriority=\"high\">"
    }

    /// `first`: the image the browser should fetch before the others (see ``FirstScreen``).
    fileprivate func tileHTML(
        _ photo: SitePhoto, style: String, sizes: String, eager: Bool, first: Bool,
        root: String = ""
    ) -> String {
        let original = root + options.photosFolder + "/" + photo.path.percentEncodedPath
        let fullView =
            options.linksOriginals && photo.opensOriginal
            ? original : (photo.image?.candidates.last.map { root + $0.path } ?? original)
        // Sized for every placeholder up front: a tile is rendered per photo, and growing the
        // table part-way costs as much as filling it.
        var values = [String: TemplateValue](minimumCapacity: 19)
        values["style"] = .text(style)
        // The whole card is one link: to the photo's own page when the site has item pages.
        let link = photo.link.map { Self.isAbsolute($0) ? $0 : root + $0 }
        let href = photo.itemPath.map { root + $0.percentEncodedPath } ?? link ?? fullView
        values["href"] = .text(href)
        values["id"] = .text(photo.itemPath.map(Self.tileID) ?? "")
        let src = photo.image.map { root + $0.src } ?? original
        values["src"] = .text(src)
        values["srcset"] = .text(
            photo.image.map { SiteImage.srcset($0.candidates, root: root) } ?? "")
        let autoSizes = tileSizes(photo, sizes: sizes, eager: eager)
        values["sizes"] = .text(autoSizes)
        let priority = FetchPriority.tile(eager: eager, first: first)
        values["picture"] = .markup(
            pictureHTML(
                photo, src: src, sizes: autoSizes, eager: eager, priority: priority, root: root,
                imageStyle: photo.tileShape == nil
                    ? "" : "object-position:\(photo.focus ?? "50% 50%")"))
        values["width"] = .text(String(photo.width))
        values["height"] = .text(String(photo.height))
        values["alt"] = .text(photo.alt)
        values["loading"] = .text(eager ? "eager" : "lazy")
        values["fetchpriority"] = .text(priority == .auto ? "" : priority.rawValue)
        values["external"] = .text(photo.itemPath == nil && photo.link != nil ? "yes" : "")
        values["captioned"] = .text(CaptionBand.hasText(photo) ? "yes" : "")
        values["title"] = .text(photo.title ?? "")
        values["caption"] = .text(photo.caption ?? "")
        values["price"] = .text(photo.price ?? "")
        values["badge"] = .text(photo.badge ?? "")
        availabilityValues(photo, into: &values)
        return theme.tile.render(values)
    }

    /// The element id of a photo's tile, which its item page's back link lands on: `p-` and the
    /// item page's path inside `items/` without `.html`, so it is unique on the site.
    public static func tileID(_ itemPath: String) -> String {
        var id = itemPath
        if id.hasPrefix(itemsFolder + "/") { id.removeFirst(itemsFolder.count + 1) }
        if id.hasSuffix(".html") { id.removeLast(5) }
        return "p-" + id
    }

    fileprivate func paginationHTML(_ page: SitePage) -> String {
        /// Page `number` of the same gallery, relative to this one.
        func href(_ number: Int) -> String {
            var other = page
            other.number = number
            return page.root + other.path.percentEncodedPath
        }
        var links = ""
        for number in 1...page.count {
            if number == page.number {
                links += "<span aria-current=\"page\">\(number)</span>"
            } else {
                links += "<a href=\"\(href(number).htmlEscaped)\">\(number)</a>"
            }
        }
        return theme.pagination.render([
            "previousWord": .text(strings["previous"]),
            "nextWord": .text(strings["next"]),
            "label": .text(strings["pages"]),
            "previous": .text(page.number > 1 ? href(page.number - 1) : ""),
            "next": .text(page.number < page.count ? href(page.number + 1) : ""),
            "pageNumber": .text(String(page.number)),
            "pageCount": .text(String(page.count)),
            "pageLinks": .markup(links),
        ])
    }

    /// The menu: the whole catalogue, each category's page and the tags' page, as the builder
    /// lists them; the link to the gallery `page` belongs to is marked current. Empty without
    /// entries.
    fileprivate func menuHTML(_ menu: [MenuEntry], current page: SitePage) -> String {
        guard !menu.isEmpty else { return "" }
        var firstPage = page
        firstPage.number = 1
        let currentPath = firstPage.path
        var links = ""
        for entry in menu {
            let href = page.root + entry.path.percentEncodedPath
            let mark = entry.path == currentPath ? " aria-current=\"page\"" : ""
            links +=
                "<li><a href=\"\(href.htmlEscaped)\"\(mark)>\(entry.title.htmlEscaped)</a></li>"
        }
        return "<nav class=\"wf-menu\" aria-label=\"\(strings["sections"].htmlEscaped)\"><ul>"
            + links + "</ul></nav>"
    }

    /// `s-` plus a slug of the folder, unique on the page ("s-travel-japan", "s-travel-japan-2").
    fileprivate static func sectionIDs(_ sections: [SiteSection]) -> [String] {
        sectionIDs(folders: sections.map(\.folder))
    }

    /// The element ids of sections of these folders on one page, in order (see
    /// ``sectionIDs(_:)``); the builder uses it to link a section from the menu and item pages.
    public static func sectionIDs(folders: [String]) -> [String] {
        var used: Set<String> = []
        return folders.map { folder in
            Slug.unique(
                "s-" + Slug.make(folder, empty: folder.isEmpty ? "root" : "section"), in: &used)
        }
    }
}
