/// The horizontal geometry of one section at one breakpoint, linear in the gallery width W.
/// Public for the column width alone: rendition widths and `sizes` use the formula from here.
public struct ColumnGeometry {
    /// Width of every column.
    let columnWidth: LinearLength
    /// Gap between neighbouring columns (constant in `.fluid`, derived in `.fixedItemWidth`).
    let gap: LinearLength
    /// Left edge of each column.
    let offsets: [LinearLength]

    init(columns: Int, insets: EdgeInsets, sizing: ColumnSizing, columnSpacing: Double) {
        columnWidth = Self.columnWidth(
            columns: columns, insets: insets, sizing: sizing, columnSpacing: columnSpacing)
        gap = Self.gap(
            columns: columns, insets: insets, sizing: sizing, columnSpacing: columnSpacing)
        // x = left + column × (w + gap), written per coefficient so column 0 is exactly `left`.
        let pitch = columnWidth + gap
        let left = LinearLength(constant: insets.left)
        offsets = (0..<columns).map { column in left + Double(column) * pitch }
    }

    /// The column width alone, without building per-column offsets (validation uses it on
    /// column counts that may be absurdly large).
    public static func columnWidth(
        columns: Int, insets: EdgeInsets, sizing: ColumnSizing, columnSpacing: Double
    ) -> LinearLength {
        switch sizing {
        case .fluid:
            // w = (W − left − right − spacing × (columns − 1)) / columns
            let count = Double(columns)
            return LinearLength(
                perGalleryWidth: 1 / count,
                constant: -(insets.left + insets.right + columnSpacing * (count - 1)) / count
            )
        case .fixedItemWidth(let itemWidth):
            return LinearLength(constant: itemWidth)
        }
    }

    /// The gap between neighbouring columns.
    static func gap(columns: Int, insets: EdgeInsets, sizing: ColumnSizing, columnSpacing: Double)
        -> LinearLength
    {
        switch sizing {
        case .fluid:
            return LinearLength(constant: columnSpacing)
        case .fixedItemWidth(let itemWidth):
            // A single column has no gap; it sits at the left inset.
            guard columns > 1 else { return .zero }
            // gap = (W − left − right − columns × itemWidth) / (columns − 1), seed 003 unfloored.
            let count = Double(columns)
            return LinearLength(
                perGalleryWidth: 1 / (count - 1),
                constant: -(insets.left + insets.right + count * itemWidth) / (count - 1)
            )
        }
    }
}
