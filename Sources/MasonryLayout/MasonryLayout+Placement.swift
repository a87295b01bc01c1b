extension MasonryLayout {
    /// Places one section's items at one breakpoint (the hot loop of the engine).
    ///
    /// Each column keeps A (the sum of its items' aspect ratios) and B (its row spacings and
    /// caption bands), so its bottom is `itemsTop + A × w + B` at every gallery width; the
    /// shortest-column choice compares `A × w + B` at the reference width. The choice is an
    /// O(columns) scan, and the loop allocates nothing per item: it writes one 24-byte
    /// `Placement` into an array sized up front.
    func place(_ section: LayoutSection, breakpointColumns: Int, referenceWidth: Double) -> SectionLayout {
        let columns = section.columnCount ?? breakpointColumns
        let insets = section.insets ?? options.insets
        let geometry = ColumnGeometry(
            columns: columns, insets: insets, sizing: options.sizing, columnSpacing: options.columnSpacing
        )
        let itemsTop = insets.top + section.headerHeight
        let rowSpacing = options.rowSpacing
        let direction = options.direction
        let widthAtReference = geometry.columnWidth.value(atGalleryWidth: referenceWidth)
        let items = section.items

        var ratios = [Double](repeating: 0, count: columns)
        var pixels = [Double](repeating: 0, count: columns)
        var atReference = [Double](repeating: 0, count: columns)
        var counts = [Int](repeating: 0, count: columns)

        let placements = [Placement](unsafeUninitializedCapacity: items.count) { output, initialized in
            ratios.withUnsafeMutableBufferPointer { ratios in
                pixels.withUnsafeMutableBufferPointer { pixels in
                    atReference.withUnsafeMutableBufferPointer { atReference in
                        counts.withUnsafeMutableBufferPointer { counts in
                            items.withUnsafeBufferPointer { items in
                                for index in 0..<items.count {
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

                                    let item = items[index]
                                    let above = counts[column]
                                    let ratiosAbove = ratios[column]
                                    // No row spacing above a column's first item (seeds 001 and 002).
                                    let pixelsAbove = above == 0 ? pixels[column] : pixels[column] + rowSpacing
                                    output.initializeElement(
                                        at: index,
                                        to: Placement(
                                            column: Int32(truncatingIfNeeded: column),
                                            indexInColumn: Int32(truncatingIfNeeded: above),
                                            ratiosAbove: ratiosAbove,
                                            pixelsAbove: pixelsAbove
                                        )
                                    )
                                    let ratiosBelow = ratiosAbove + item.aspectRatio
                                    let pixelsBelow = pixelsAbove + item.extraHeight
                                    ratios[column] = ratiosBelow
                                    pixels[column] = pixelsBelow
                                    atReference[column] = ratiosBelow * widthAtReference + pixelsBelow
                                    counts[column] = above + 1
                                }
                            }
                        }
                    }
                }
            }
            initialized = items.count
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
        let placed = PlacedItems(
            placements: placements,
            sourceItems: items,
            columnWidth: geometry.columnWidth,
            columnOffsets: geometry.offsets,
            itemsTop: itemsTop
        )
        // A column's bottom is where its next item's top would be, minus the row spacing: the
        // same formula as every item's top, so the two agree bit for bit.
        let columnBottoms = (0..<columns).map { column in
            placed.top(
                of: Placement(
                    column: Int32(truncatingIfNeeded: column), indexInColumn: 0,
                    ratiosAbove: ratios[column], pixelsAbove: pixels[column]
                )
            )
        }
        let footerOffset = section.footerHeight > 0 ? options.footerSpacing : 0
        return SectionLayout(
            columns: columns,
            insets: insets,
            columnWidth: geometry.columnWidth,
            columnOffsets: geometry.offsets,
            header: header,
            itemsTop: itemsTop,
            items: placed,
            columnBottoms: columnBottoms,
            footerOffset: footerOffset,
            footerHeight: section.footerHeight,
            bottomOffset: footerOffset + section.footerHeight + insets.bottom
        )
    }
}
