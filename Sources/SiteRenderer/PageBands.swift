import MasonryLayout

/// The text bands of one page: where its breakpoints are cut into band ranges (see
/// ``BandSplits``) and each card's band in every band range, measured at the range's narrowest
/// column.
struct PageBands {
    /// Per breakpoint, the gallery widths where its band ranges after the first start; what the
    /// engine takes as `bandSplits`.
    let splits: [[Double]]
    /// Per breakpoint, the gallery width where each of its band ranges starts (the first is the
    /// breakpoint's narrowest width).
    let rangeStarts: [[Double]]
    /// By section and photo, the card's band in each band range, in order.
    let cards: [[[CaptionBand.Lines]]]

    /// The bands of `page`'s cards, laid out with `options` by an engine serving
    /// `breakpointWidths`.
    init(_ page: SitePage, options: SiteOptions, breakpointWidths: [Range<Double>]) {
        let sections = page.sections.map { section in
            (
                texts: section.photos.map { CaptionBand.Text($0, fixed: options.captionHeight) },
                cardWidths: Self.cardWidths(section, layout: options.layout)
            )
        }
        splits = BandSplits(sections: sections, breakpointWidths: breakpointWidths).widths
        rangeStarts = zip(breakpointWidths, splits).map { [$0.lowerBound] + $1 }
        let starts = rangeStarts
        cards = sections.map { section in
            // Each band range's column width, where its bands are measured.
            let widths = zip(section.cardWidths, starts).flatMap { cardWidth, starts in
                starts.map { cardWidth.value(atGalleryWidth: $0) }
            }
            return section.texts.map { text in widths.map(text.lines(cardWidth:)) }
        }
    }

    /// The width of the section's cards at each breakpoint (the section's own columns and insets
    /// there, at its narrowest gallery width), as a function of the gallery width.
    static func cardWidths(_ section: SiteSection, layout: LayoutOptions) -> [LinearLength] {
        let insets = section.options.insets ?? layout.insets
        let columns = LayoutSection(items: [], breakpoints: section.options.columns)
        return layout.breakpoints.map { breakpoint in
            let galleryWidth = max(breakpoint.minimumWidth, layout.minimumGalleryWidth)
            let columns = columns.columns(
                atGalleryWidth: galleryWidth, breakpointColumns: breakpoint.columns)
            return ColumnGeometry.columnWidth(
                columns: columns, insets: insets, sizing: layout.sizing,
                columnSpacing: layout.columnSpacing)
        }
    }
}
