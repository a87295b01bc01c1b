import MasonryLayout

/// What one section shows or lays out differently from the rest of the gallery: a footer, and
/// the column counts and insets of CHTCollectionViewWaterfallLayout's per-section settings.
public struct SectionOptions: Sendable, Hashable {
    /// The footer text, shown in a band of `SiteOptions.footerHeight` below the section's
    /// tallest column; empty for no footer.
    public var footer: String
    /// The section's own gallery width → columns (a single column count is one breakpoint at
    /// 0), or nil for the gallery's; see `LayoutSection.breakpoints`.
    public var columns: [Breakpoint]?
    /// The section's own insets, or nil for the gallery's.
    public var insets: EdgeInsets?
    /// The `sizes` attribute of this section's photos when its columns or insets differ from
    /// the gallery's (nil: `SiteOptions.imageSizes`).
    public var imageSizes: String?

    public init(
        footer: String = "", columns: [Breakpoint]? = nil, insets: EdgeInsets? = nil,
        imageSizes: String? = nil
    ) {
        self.footer = footer
        self.columns = columns
        self.insets = insets
        self.imageSizes = imageSizes
    }

    /// Whether the section lays out differently from the others.
    public var changesLayout: Bool { columns != nil || insets != nil }

    /// `gallery` with this section's columns and insets: the layout its photos' column widths
    /// (and so their `sizes`) follow. The section's first column count holds from the narrowest
    /// gallery up, as the engine applies it.
    public func layout(in gallery: LayoutOptions) -> LayoutOptions {
        var layout = gallery
        if var columns, !columns.isEmpty {
            columns[0].minimumWidth = 0
            layout.breakpoints = columns
        }
        layout.insets = insets ?? gallery.insets
        return layout
    }
}
