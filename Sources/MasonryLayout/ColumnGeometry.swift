/// The horizontal geometry of one section at one breakpoint, linear in the gallery width W.
struct ColumnGeometry {
    /// Width of every column.
    let columnWidth: LinearLength
    /// Gap between neighbouring columns (constant in `.fluid`, derived in `.fixedItemWidth`).
    let gap: LinearLength
    /// Left edge of each column.
    let offsets: [LinearLength]

    init(columns: Int, insets: EdgeInsets, sizing: ColumnSizing, columnSpacing: Double) {
        let count = Double(columns)
        let sides = insets.left + insets.right
        switch sizing {
        case .fluid:
            // w = (W − left − right − spacing × (columns − 1)) / columns
            columnWidth = LinearLength(
                perGalleryWidth: 1 / count,
                constant: -(sides + columnSpacing * (count - 1)) / count
            )
            gap = LinearLength(constant: columnSpacing)
        case .fixedItemWidth(let itemWidth):
            columnWidth = LinearLength(constant: itemWidth)
            if columns > 1 {
                // gap = (W − left − right − columns × itemWidth) / (columns − 1), seed 003 unfloored.
                gap = LinearLength(
                    perGalleryWidth: 1 / (count - 1),
                    constant: -(sides + count * itemWidth) / (count - 1)
                )
            } else {
                // A single column has no gap; it sits at the left inset.
                gap = .zero
            }
        }
        // x = left + column × (w + gap), written per coefficient so column 0 is exactly `left`.
        let pitch = columnWidth + gap
        offsets = (0..<columns).map { column in
            LinearLength(constant: insets.left) + Double(column) * pitch
        }
    }
}
