extension MasonryLayout {
    /// Places one section's items at one breakpoint (the hot loop of the engine).
    ///
    /// Each column keeps its bottom edge as a linear length (two doubles) plus that bottom
    /// evaluated at the reference width, which is what the shortest-column choice compares.
    /// The choice is an O(columns) scan; the loop allocates nothing per item.
    func place(_ section: LayoutSection, breakpointColumns: Int, referenceWidth: Double) -> SectionLayout {
        let columns = section.columnCount ?? breakpointColumns
        let insets = section.insets ?? options.insets
        let geometry = ColumnGeometry(
            columns: columns, insets: insets, sizing: options.sizing, columnSpacing: options.columnSpacing
        )
        let width = geometry.columnWidth
        let itemsTop = insets.top + section.headerHeight
        let rowSpacing = options.rowSpacing
        let direction = options.direction

        var bottomPerWidth = [Double](repeating: 0, count: columns)
        var bottomConstant = [Double](repeating: itemsTop, count: columns)
        var bottomAtReference = [Double](repeating: itemsTop, count: columns)
        var counts = [Int](repeating: 0, count: columns)
        var placed: [PlacedItem] = []
        placed.reserveCapacity(section.items.count)

        bottomPerWidth.withUnsafeMutableBufferPointer { perWidth in
            bottomConstant.withUnsafeMutableBufferPointer { constant in
                bottomAtReference.withUnsafeMutableBufferPointer { atReference in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for (index, item) in section.items.enumerated() {
                            let column: Int
                            switch direction {
                            case .shortestFirst:
                                // Strictly lower wins, so ties stay with the leftmost column.
                                var best = 0
                                var lowest = atReference[0]
                                for candidate in 1..<columns where atReference[candidate] < lowest {
                                    lowest = atReference[candidate]
                                    best = candidate
                                }
                                column = best
                            case .rightToLeft:
                                // The mirror image: scan from the right, ties stay rightmost.
                                var best = columns - 1
                                var lowest = atReference[best]
                                for candidate in stride(from: columns - 2, through: 0, by: -1)
                                where atReference[candidate] < lowest {
                                    lowest = atReference[candidate]
                                    best = candidate
                                }
                                column = best
                            case .leftToRight:
                                column = index % columns
                            }

                            let above = counts[column]
                            // No row spacing above a column's first item (seeds 001 and 002).
                            let gapAbove = above == 0 ? 0 : rowSpacing
                            let y = LinearLength(perGalleryWidth: perWidth[column], constant: constant[column] + gapAbove)
                            let height = LinearLength(
                                perGalleryWidth: item.aspectRatio * width.perGalleryWidth,
                                constant: item.aspectRatio * width.constant + item.extraHeight
                            )
                            placed.append(
                                PlacedItem(
                                    column: column,
                                    indexInColumn: above,
                                    frame: LinearFrame(x: geometry.offsets[column], y: y, width: width, height: height)
                                )
                            )
                            let bottom = y + height
                            perWidth[column] = bottom.perGalleryWidth
                            constant[column] = bottom.constant
                            atReference[column] = bottom.value(atGalleryWidth: referenceWidth)
                            counts[column] = above + 1
                        }
                    }
                }
            }
        }

        let header: LinearFrame? =
            section.headerHeight > 0
            ? LinearFrame(
                x: LinearLength(constant: insets.left),
                y: LinearLength(constant: insets.top),
                width: LinearLength(perGalleryWidth: 1, constant: -(insets.left + insets.right)),
                height: LinearLength(constant: section.headerHeight)
            )
            : nil
        let footerOffset = section.footerHeight > 0 ? options.footerSpacing : 0
        return SectionLayout(
            columns: columns,
            insets: insets,
            columnWidth: width,
            columnOffsets: geometry.offsets,
            header: header,
            itemsTop: itemsTop,
            items: placed,
            columnBottoms: (0..<columns).map {
                LinearLength(perGalleryWidth: bottomPerWidth[$0], constant: bottomConstant[$0])
            },
            footerOffset: footerOffset,
            footerHeight: section.footerHeight,
            bottomOffset: footerOffset + section.footerHeight + insets.bottom
        )
    }
}
