/// How the next item chooses its column (the names of CHTCollectionViewWaterfallLayout).
public enum RenderDirection: String, Sendable, CaseIterable {
    /// The column whose bottom is lowest at the reference width; ties go to the leftmost column.
    /// This is the shared rule of all five seed layouts.
    case shortestFirst
    /// Columns in order, row by row: item `i` of a section goes to column `i % columns`
    /// (the seed-style "fill the row, then the next row").
    case leftToRight
    /// The mirror image of `shortestFirst`: the lowest column, ties to the rightmost. Every item
    /// lands in column `columns − 1 − c` where `shortestFirst` puts it in column `c`, at the same
    /// height, so with equal left and right insets the page is `shortestFirst` reflected about
    /// its centre line: what a right-to-left page wants. (CHTCollectionViewWaterfallLayout's
    /// right-to-left mode is round-robin; the issue asks for the mirrored lowest-column rule.)
    case rightToLeft
}
