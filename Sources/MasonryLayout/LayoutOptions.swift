/// Everything that shapes the layout apart from the items themselves.
///
/// Validated as a whole by `MasonryLayout.init(options:)` before any layout runs.
public struct LayoutOptions: Sendable {
    /// Gallery width → column count, sorted ascending by `minimumWidth`, no duplicates.
    ///
    /// The first breakpoint need not start at 0: each range starts at
    /// `max(breakpoint.minimumWidth, minimumGalleryWidth)`, so a first breakpoint at 0 simply
    /// means "from the narrowest gallery up". Below that width the first layout extrapolates: its
    /// frames still never overlap while its columns are at least 0 px wide, but no guarantee about
    /// column widths is made there.
    public var breakpoints: [Breakpoint]
    /// Horizontal gap between columns, CSS px (in `.fixedItemWidth` mode the smallest gap allowed).
    public var columnSpacing: Double
    /// Vertical gap between consecutive items of one column, CSS px; none above a column's first item.
    public var rowSpacing: Double
    /// Insets of every section that does not override them.
    public var insets: EdgeInsets
    /// How each next item chooses its column.
    public var direction: RenderDirection
    /// Fluid columns or a fixed item width (seed 003).
    public var sizing: ColumnSizing
    /// Gap between a section's tallest column and its footer, CSS px; only used when the section
    /// has a footer. Seed 000 places its footer after the trailing line spacing of the tallest
    /// column (10), seed 001 directly below it (0).
    public var footerSpacing: Double
    /// The narrowest gallery width the layouts are built and validated for (320, the narrowest
    /// common phone viewport). It lets a first breakpoint start at 0 without a 0 px column.
    public var minimumGalleryWidth: Double
    /// The widest gallery width the last (open-ended) breakpoint is built for; the reference
    /// width of the last range is derived from it. Wider galleries extrapolate, still without
    /// overlap.
    public var maximumGalleryWidth: Double
    /// How far (CSS px) a placement may sit below the lowest column, at any width of its range,
    /// before the engine splits the range into sub-ranges with their own assignments; 0 (the
    /// default) disables splitting: one assignment per breakpoint, made at the middle of its
    /// range, exactly as before balancing existed.
    ///
    /// A placement's drift is the height of the column the item went to minus the height of the
    /// lowest column of its section at that moment, items taken in input order. With a tolerance
    /// above 0 the engine guarantees it at every real gallery width of every closed range
    /// `minimumWidth...maximumWidth` (so every whole pixel, both ends of every split included;
    /// see `GalleryLayout.breakpoints`, and the proof in `MasonryLayout+Balancing.swift`), or
    /// reports the residual in `BreakpointReport.worstPlacementDrift` and
    /// `placementsOverTolerance` when `balanceSubrangeLimit` or the 1 px smallest sub-range stops
    /// it. Beyond `maximumGalleryWidth` nothing is guaranteed. The guarantee is for the engine's
    /// exact coefficients; an emitter that rounds them adds its rounding error. `.leftToRight`
    /// ignores the tolerance: its assignment does not depend on the width, so splitting could not
    /// change anything; the same holds in effect for `.fixedItemWidth`, where no height depends
    /// on the width and the drift is always 0. The site's default is one row spacing.
    public var balanceTolerance: Double
    /// The most sub-ranges one breakpoint may be split into when `balanceTolerance` is above 0
    /// (at least 1; 64 by default). It bounds the page: every sub-range repeats the per-photo
    /// layout data.
    public var balanceSubrangeLimit: Int

    /// Creates options; the defaults are a single three-column breakpoint with 10 px gaps.
    public init(
        breakpoints: [Breakpoint] = [Breakpoint(minimumWidth: 0, columns: 3)],
        columnSpacing: Double = 10,
        rowSpacing: Double = 10,
        insets: EdgeInsets = .zero,
        direction: RenderDirection = .shortestFirst,
        sizing: ColumnSizing = .fluid,
        footerSpacing: Double = 0,
        minimumGalleryWidth: Double = 320,
        maximumGalleryWidth: Double = 2560,
        balanceTolerance: Double = 0,
        balanceSubrangeLimit: Int = 64
    ) {
        self.breakpoints = breakpoints
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.insets = insets
        self.direction = direction
        self.sizing = sizing
        self.footerSpacing = footerSpacing
        self.minimumGalleryWidth = minimumGalleryWidth
        self.maximumGalleryWidth = maximumGalleryWidth
        self.balanceTolerance = balanceTolerance
        self.balanceSubrangeLimit = balanceSubrangeLimit
    }
}
