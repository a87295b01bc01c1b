/// How the next item chooses its column (the names of CHTCollectionViewWaterfallLayout).
public enum RenderDirection: String, Sendable, CaseIterable {
    /// The column whose bottom is lowest at the reference width; ties go to the leftmost column.
    /// This is the shared rule of all five seed layouts.
    case shortestFirst
    /// Columns in order, row by row: item `i` of a section goes to column `i % columns`
    /// (the seed-style "fill the row, then the next row").
    case leftToRight
    /// The mirror image of `shortestFirst`: the lowest column, ties to the rightmost. The frames
    /// are exactly those of `shortestFirst` reflected about the gallery's centre line, which is
    /// what a right-to-left page wants. (CHTCollectionViewWaterfallLayout's own right-to-left mode
    /// is round-robin; the issue asks for the mirrored shortest-first rule instead.)
    case rightToLeft
}
