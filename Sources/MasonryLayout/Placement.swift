/// The engine's compact record of one item at one breakpoint: 24 bytes.
///
/// Only the column and what lies above the item in it are per-placement information; x, width
/// and height follow from the column geometry and the item, so `PlacedItems` derives them on
/// access. Keeping a third of the bytes a full `PlacedItem` needs is what lets a million-item
/// layout run at memory speed rather than page-fault speed.
struct Placement: Sendable, Hashable {
    /// Column index (32 bits: a column of more than two billion items cannot fit in memory).
    let column: Int32
    /// Items above this one in its column.
    let indexInColumn: Int32
    /// Sum of the aspect ratios (height / width) of the items above it in its column.
    let ratiosAbove: Double
    /// Row spacing and caption bands above it in its column, CSS px.
    let pixelsAbove: Double
}
