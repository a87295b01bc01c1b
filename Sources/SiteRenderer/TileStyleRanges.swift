import MasonryLayout

/// What the style of every tile on a page shares per range of its layout, worked out once per
/// page instead of once per tile and range: the range's property suffix and, per section, the
/// decimals its ratios above a tile are written with (they follow the range's widest column).
/// A shop's page has dozens of ranges (band ranges among them) and a hundred tiles.
struct TileStyleRanges {
    /// By range: ``LayoutRanges/suffix(_:)``.
    let suffixes: [String]
    /// By range, then section: ``SiteRenderer/ratioDecimals(widestColumn:)``.
    let ratioDecimals: [[Int]]

    init(_ layout: GalleryLayout) {
        suffixes = layout.breakpoints.indices.map(LayoutRanges.suffix)
        ratioDecimals = layout.breakpoints.map { range in
            range.sections.map { section in
                SiteRenderer.ratioDecimals(
                    widestColumn: section.columnWidth.value(atGalleryWidth: range.maximumWidth))
            }
        }
    }
}
