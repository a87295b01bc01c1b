import MasonryLayout

/// The rendition widths a gallery needs, and the `sizes` attribute that lets the browser pick
/// among them, both derived from the layout's breakpoints and column formula.
///
/// At breakpoint *i* a tile is one column wide, and the column width grows linearly with the
/// gallery width W over the breakpoint's range: `(W − left − right − spacing·(columns − 1)) /
/// columns` (or the fixed item width). A browser needs that width times its device pixel ratio,
/// and takes the narrowest candidate at least that wide. So the candidates are chosen for the
/// needs that occur, at DPR 1 and 2 (a DPR 3 phone gains little from more than its DPR 2 need,
/// and is served that): from the smallest need up, each candidate is the widest need within
/// ``maximumOverfetch`` of the smallest need it serves, so a browser never loads a file more
/// than 1.3 times as wide as it needs, and every candidate is the very width some viewport
/// needs (none is made that no viewport picks). Item pages show a photo larger than its tile:
/// their widest need (`itemWidth` at 2×) continues the same ladder.
public struct RenditionWidths: Sendable, Hashable {
    /// One breakpoint's share of the gallery widths and the column widths over it.
    public struct Range: Sendable, Hashable {
        /// The breakpoint's own minimum gallery width (where its media condition starts).
        public var minimumWidth: Double
        public var columns: Int
        /// Gallery widths this breakpoint serves (the last one ends at the maximum gallery width).
        public var galleryWidths: ClosedRange<Double>
        /// Fluid columns are (W − `subtracted`) / `columns` wide; fixed ones `fixedWidth`.
        public var subtracted: Double
        public var fixedWidth: Double?

        /// The column width at gallery width `width`.
        public func columnWidth(at width: Double) -> Double {
            fixedWidth ?? (width - subtracted) / Double(columns)
        }

        public var columnWidths: ClosedRange<Double> {
            let low = columnWidth(at: galleryWidths.lowerBound)
            let high = columnWidth(at: galleryWidths.upperBound)
            return min(low, high)...max(low, high)
        }
    }

    /// Per breakpoint, in order.
    public let ranges: [Range]
    /// Rendition widths in px, ascending, before capping at a photo's width.
    public let candidates: [Int]
    /// The gallery's widest width (the default theme's `.wf-gallery{max-width:2560px}`).
    public let maximumGalleryWidth: Double
    /// The widest column of the gallery and of the sections with their own layouts.
    let widestColumn: Double
    /// The widest candidate a phone picks: the widest rendition made in the `<source>` formats
    /// (WebP, AVIF); wider ones are JPEG (or PNG) alone.
    ///
    /// Why (issue 37): the ladder's item-page widths (1,090 px and up) hold most of a photo's
    /// pixels, and libwebp's time grows with them; only laptops and desktops pick them, once per
    /// item page, while phones, on slow links, load the gallery's tiles by the dozen. So the
    /// `<source>` formats go up to what a phone needs: the columns at gallery widths up to
    /// ``phoneViewportWidth`` and the item-page image there (`itemPhoneWidth`), at
    /// ``phoneDensity``, each taking the narrowest candidate at least as wide, as a browser
    /// does. The `<source>`'s `srcset` still lists every width (the JPEG's file above this
    /// one), so every pick stays within ``maximumOverfetch``.
    public let widestPhonePick: Int

    /// The most a candidate is wider than the smallest need it serves.
    public static let maximumOverfetch = 1.3

    /// The widest viewport counted as a phone's, in CSS px: the widest phones held upright
    /// (iPhone Plus and Pro Max) are 430 px wide.
    public static let phoneViewportWidth = 430.0
    /// The density a phone's needs are counted at: its DPR-2 need, which the pages' `sizes`
    /// also claim for phones of 2.5 dppx and more (issue 37: phones gain little from more).
    public static let phoneDensity = 2.0

    /// - Parameters:
    ///   - densities: the device pixel ratios to serve sharply.
    ///   - sections: the layouts of sections with their own columns or insets, whose column
    ///     widths the candidates must cover too (their `sizes` come from their own instance).
    ///   - atLeast: a width some candidate must reach (a share image's 1,200 px), added when
    ///     the layout's own candidates stop short of it.
    ///   - itemWidth: the widest an item page shows a photo, in CSS px (see
    ///     ``defaultItemWidth``); nil for tiles alone.
    ///   - itemPhoneWidth: the width an item page shows a photo at on a
    ///     ``phoneViewportWidth`` screen, in CSS px; nil for tiles alone.
    public init(
        layout: LayoutOptions, densities: ClosedRange<Double> = 1...2,
        sections: [LayoutOptions] = [], atLeast: Int? = nil, itemWidth: Double? = nil,
        itemPhoneWidth: Double? = nil
    ) {
        maximumGalleryWidth = layout.maximumGalleryWidth
        ranges = Self.ranges(of: layout)
        let served = ranges + sections.flatMap(Self.ranges)
        widestColumn = served.map(\.columnWidths.upperBound).max() ?? 0
        // Every density between the two counts (1.25, 1.5, 1.75 screens are common): a fixed
        // column width needs every width from itself at 1× to twice itself, not those two alone,
        // and so does a tile that crops its photo's sides and draws it wider than its box.
        var needs: [ClosedRange<Double>] = served.map { range in
            max(
                1, range.columnWidths.lowerBound * densities.lowerBound)...max(
                    1, range.columnWidths.upperBound * densities.upperBound)
        }
        let widestNeed = needs.map(\.upperBound).max() ?? 1
        if let itemWidth, itemWidth * densities.upperBound > widestNeed {
            needs.append(widestNeed...itemWidth * densities.upperBound)
        }
        var widths = Self.ladder(covering: needs.isEmpty ? [1...1] : needs)
        if let atLeast, widths[widths.count - 1] < atLeast { widths.append(atLeast) }
        candidates = widths
        widestPhonePick = Self.widestPick(
            among: widths, phoneColumns: served, itemPhoneWidth: itemPhoneWidth)
    }

    /// The candidate a phone picks for its widest need: the widest column at gallery widths up
    /// to ``phoneViewportWidth`` or the item page's image there, at ``phoneDensity``.
    static func widestPick(among widths: [Int], phoneColumns: [Range], itemPhoneWidth: Double?)
        -> Int
    {
        let columns = phoneColumns.filter { $0.galleryWidths.lowerBound <= phoneViewportWidth }
            .map { $0.columnWidth(at: min(phoneViewportWidth, $0.galleryWidths.upperBound)) }
        let widest = (columns + [itemPhoneWidth ?? 0]).max() ?? 0
        // A browser compares whole pixels, as `ladder(covering:)` does.
        let need = Int((widest * phoneDensity).rounded(.up))
        return widths.first { $0 >= need } ?? widths[widths.count - 1]
    }

    /// Whether a rendition `width` px wide is made in the `<source>` formats too.
    public func hasSources(width: Int) -> Bool { width <= widestPhonePick }

    /// The default theme's widest item-page image: its `.wf-item` column at a 1,440 px screen,
    /// (1,280 − 2 × 16 padding − 32 gap) × 2/3 px, so item pages are sharp at 2× there.
    public static let defaultItemWidth = (1280.0 - 64) * 2 / 3

    /// Ascending widths such that every need in `needs` (CSS px × DPR) has a candidate at least
    /// as wide and at most ``maximumOverfetch`` times as wide, each candidate itself a need.
    static func ladder(covering needs: [ClosedRange<Double>]) -> [Int] {
        // A browser compares whole pixels: a need of 136.2 px takes a 137 px file.
        let spans = needs.map { Int($0.lowerBound.rounded(.up))...Int($0.upperBound.rounded(.up)) }
            .sorted { $0.lowerBound < $1.lowerBound }
        func widestNeed(atMost limit: Int) -> Int? {
            spans.filter { $0.lowerBound <= limit }.map { min($0.upperBound, limit) }.max()
        }
        func smallestNeed(above width: Int) -> Int? {
            spans.filter { $0.upperBound > width }.map { max($0.lowerBound, width + 1) }.min()
        }
        var widths: [Int] = []
        var next = spans.first?.lowerBound
        while let need = next {
            // The needs served are above need − 1 (a real need rounds up to `need`).
            let limit = max(need, Int((Double(need - 1) * maximumOverfetch).rounded(.down)))
            let width = widestNeed(atMost: limit) ?? need
            widths.append(width)
            next = smallestNeed(above: width)
        }
        return widths
    }

    /// The widths to write for a photo `displayWidth` px wide, ascending: the candidates below
    /// it, and the photo's own width in place of the candidates it cannot reach (never upscaled).
    /// A candidate just below the photo's width is kept: dropped for the photo's width, the
    /// needs it serves would get a file up to 1.3 / 0.9 times as wide as they are.
    public func widths(forDisplayWidth displayWidth: Int) -> [Int] {
        guard displayWidth > 0 else { return [] }
        var widths = candidates.filter { $0 < displayWidth }
        if widths.count < candidates.count { widths.append(displayWidth) }
        return widths
    }

    /// The `src` of a photo with rendition `widths`: the smallest one that fills the widest column
    /// (of any section) at 1×, for browsers without `srcset` (and the largest when none does).
    public func fallbackWidth(among widths: [Int]) -> Int? {
        widths.first { Double($0) >= widestColumn } ?? widths.last
    }

    /// The widest classic scrollbar a desktop browser draws, in CSS px (Windows: 17; Firefox on
    /// Linux: 12; overlay scrollbars on phones and macOS: 0).
    public static let classicScrollbarAllowance = 17.0

    /// The `sizes` attribute: per breakpoint (widest first) a media condition on the viewport
    /// width and the column width as a CSS length.
    ///
    /// The gallery is the viewport's width up to ``maximumGalleryWidth`` (so `100vw` below it and
    /// a fixed length above it). Where a classic (non-overlay) scrollbar takes a few px off the
    /// gallery, `100vw` slightly overestimates the column, which errs towards sharpness; and the
    /// breakpoints' container queries, which see the gallery, switch up to
    /// ``classicScrollbarAllowance`` px of viewport later than a media query on the viewport
    /// would. So each breakpoint's condition here starts that much later: in between, the
    /// narrower breakpoint's wider columns are claimed, a larger file where there is no scrollbar
    /// rather than a soft one where there is (Firefox with 12 px: a 227 px file for a 296 px tile).
    public var sizes: String {
        guard let last = ranges.last else { return "100vw" }
        var entries: [String] = []
        if last.fixedWidth == nil, maximumGalleryWidth.isFinite,
            maximumGalleryWidth > last.galleryWidths.lowerBound
        {
            entries.append(
                "(min-width: \(Self.css(maximumGalleryWidth))px) \(Self.css(last.columnWidth(at: maximumGalleryWidth)))px"
            )
        }
        for (index, range) in ranges.enumerated().reversed() {
            let length = Self.length(range)
            if index == 0 || range.minimumWidth <= 0 {
                entries.append(length)
                break
            }
            let start = range.minimumWidth + Self.classicScrollbarAllowance
            entries.append("(min-width: \(Self.css(start))px) \(length)")
        }
        return entries.joined(separator: ", ")
    }
}

extension RenditionWidths {
    /// Each breakpoint's share of the gallery widths and its column widths.
    fileprivate static func ranges(of layout: LayoutOptions) -> [Range] {
        var ranges: [Range] = []
        for (index, breakpoint) in layout.breakpoints.enumerated() {
            let low = max(breakpoint.minimumWidth, layout.minimumGalleryWidth)
            let next =
                index + 1 < layout.breakpoints.count
                ? layout.breakpoints[index + 1].minimumWidth : layout.maximumGalleryWidth
            let columns = max(1, breakpoint.columns)
            // The layout's own column width, `perGalleryWidth × W + constant`: fluid columns
            // have perGalleryWidth = 1 / columns, so W − subtracted over columns is the same line.
            let width = ColumnGeometry.columnWidth(
                columns: columns, insets: layout.insets, sizing: layout.sizing,
                columnSpacing: layout.columnSpacing)
            let isFixed = width.perGalleryWidth == 0
            ranges.append(
                Range(
                    minimumWidth: breakpoint.minimumWidth, columns: columns,
                    galleryWidths: low...max(low, next),
                    subtracted: isFixed ? 0 : -width.constant * Double(columns),
                    fixedWidth: isFixed ? width.constant : nil))
        }
        return ranges
    }

    /// `calc((100vw - 96px) / 5)`, `calc(100vw / 2)`, `100vw` or a fixed `240px`.
    fileprivate static func length(_ range: Range) -> String {
        if let fixed = range.fixedWidth { return "\(css(fixed))px" }
        let viewport = range.subtracted == 0 ? "100vw" : "(100vw - \(css(range.subtracted))px)"
        if range.columns == 1 { return range.subtracted == 0 ? "100vw" : "calc\(viewport)" }
        return "calc(\(viewport) / \(range.columns))"
    }

    /// A CSS number: at most three decimals, no trailing zeros.
    fileprivate static func css(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
