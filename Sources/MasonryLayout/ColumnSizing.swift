/// Whether the columns grow with the gallery or keep a fixed width.
public enum ColumnSizing: Sendable, Hashable {
    /// Column width = (W − left − right − columnSpacing × (columns − 1)) / columns.
    case fluid
    /// Every column is this many CSS px wide and the gap between columns takes what is left:
    /// (W − left − right − columns × itemWidth) / (columns − 1), the seed 003 mode. The gap is
    /// still linear in W. `LayoutOptions.columnSpacing` is then the smallest gap allowed at a
    /// breakpoint's minimum width. Seed 003 floors the gap to whole points; the engine does not,
    /// because a floored gap is no longer linear in W. With one column the column sits at the
    /// left inset.
    case fixedItemWidth(Double)
}
