extension MasonryLayout {
    /// Checks every option and returns the width range of each breakpoint.
    static func validatedRanges(of options: LayoutOptions) throws(LayoutError) -> [WidthRange] {
        try requireLength(options.columnSpacing, "columnSpacing")
        try requireLength(options.rowSpacing, "rowSpacing")
        try requireLength(options.footerSpacing, "footerSpacing")
        try requireInsets(options.insets, "insets")
        try requireLength(options.minimumGalleryWidth, "minimumGalleryWidth")
        try requireLength(options.balanceTolerance, "balanceTolerance")
        guard options.balanceSubrangeLimit >= 1 else {
            throw LayoutError(
                option: "balanceSubrangeLimit",
                reason: "must be at least 1, got \(options.balanceSubrangeLimit)"
            )
        }
        if case .fixedItemWidth(let itemWidth) = options.sizing {
            guard itemWidth.isFinite, itemWidth >= 1 else {
                throw LayoutError(
                    option: "sizing",
                    reason:
                        "a fixed item width must be a finite number of at least 1 px, got \(itemWidth)"
                )
            }
        }
        guard options.maximumGalleryWidth.isFinite,
            options.maximumGalleryWidth > options.minimumGalleryWidth
        else {
            throw LayoutError(
                option: "maximumGalleryWidth",
                reason:
                    "must be finite and greater than minimumGalleryWidth (\(options.minimumGalleryWidth)),"
                    + " got \(options.maximumGalleryWidth)"
            )
        }

        let breakpoints = options.breakpoints
        try requireSorted(breakpoints, "breakpoints")

        var ranges: [WidthRange] = []
        for (index, breakpoint) in breakpoints.enumerated() {
            let isLast = index == breakpoints.count - 1
            let range = WidthRange(
                minimum: max(breakpoint.minimumWidth, options.minimumGalleryWidth),
                maximum: isLast ? options.maximumGalleryWidth : breakpoints[index + 1].minimumWidth
            )
            guard range.minimum < range.maximum else {
                throw LayoutError(
                    option: "breakpoints[\(index)].minimumWidth",
                    reason:
                        "serves no gallery width: its range would be \(range.minimum)..<\(range.maximum)"
                        + " (minimumGalleryWidth \(options.minimumGalleryWidth),"
                        + " maximumGalleryWidth \(options.maximumGalleryWidth))"
                )
            }
            try requireColumnsFit(
                columns: breakpoint.columns, insets: options.insets, options: options, range: range,
                option: "breakpoints[\(index)].columns"
            )
            ranges.append(range)
        }
        return ranges
    }

    /// Checks the sections and their overrides against every breakpoint range.
    func validate(_ sections: [LayoutSection]) throws(LayoutError) {
        for (index, section) in sections.enumerated() {
            let name = "sections[\(index)]"
            try Self.requireLength(section.headerHeight, "\(name).headerHeight")
            try Self.requireLength(section.footerHeight, "\(name).footerHeight")
            for (band, height) in section.headerHeights.enumerated() {
                try Self.requireLength(height, "\(name).headerHeights[\(band)]")
            }
            for (band, height) in section.footerHeights.enumerated() {
                try Self.requireLength(height, "\(name).footerHeights[\(band)]")
            }
            // Placements store column and row as 32-bit values (see `Placement`).
            guard section.items.count <= Int(Int32.max) else {
                throw LayoutError(
                    option: "\(name).items", reason: "at most \(Int32.max) items per section")
            }
            if let columns = section.columnCount, !(1...Int(Int32.max)).contains(columns) {
                throw LayoutError(
                    option: "\(name).columnCount",
                    reason: "must be between 1 and \(Int32.max), got \(columns)"
                )
            }
            if let insets = section.insets {
                try Self.requireInsets(insets, "\(name).insets")
            }
            if section.columnCount == nil, let breakpoints = section.breakpoints {
                try Self.requireSorted(breakpoints, "\(name).breakpoints")
            }
            // Without overrides the options' own check already covers this section.
            let overridesColumns = section.columnCount != nil || section.breakpoints != nil
            guard overridesColumns || section.insets != nil else { continue }
            for (breakpoint, range) in zip(options.breakpoints, ranges) {
                try Self.requireColumnsFit(
                    columns: section.columns(
                        atGalleryWidth: range.minimum, breakpointColumns: breakpoint.columns),
                    insets: section.insets ?? options.insets,
                    options: options,
                    range: range,
                    option: section.columnCount != nil
                        ? "\(name).columnCount"
                        : section.breakpoints != nil ? "\(name).breakpoints" : "\(name).insets"
                )
            }
        }
    }
}

extension MasonryLayout {
    /// The band ranges of each breakpoint: its range cut at its `bandSplits`, which must lie
    /// strictly inside it, ascending; a breakpoint without splits is one band range.
    func validatedBandRanges(_ bandSplits: [[Double]]) throws(LayoutError) -> [[WidthRange]] {
        guard bandSplits.count <= ranges.count else {
            throw LayoutError(
                option: "bandSplits",
                reason: "\(bandSplits.count) lists for \(ranges.count) breakpoints")
        }
        var result: [[WidthRange]] = []
        result.reserveCapacity(ranges.count)
        for (index, range) in ranges.enumerated() {
            let splits = index < bandSplits.count ? bandSplits[index] : []
            var bandRanges: [WidthRange] = []
            var start = range.minimum
            for (position, split) in splits.enumerated() {
                // Also false for NaN.
                guard split > start, split < range.maximum else {
                    throw LayoutError(
                        option: "bandSplits[\(index)][\(position)]",
                        reason:
                            "must lie above \(start) and below \(range.maximum), got \(split)")
                }
                bandRanges.append(WidthRange(minimum: start, maximum: split))
                start = split
            }
            bandRanges.append(WidthRange(minimum: start, maximum: range.maximum))
            result.append(bandRanges)
        }
        return result
    }
}

extension MasonryLayout {
    /// Each breakpoint's minimum width a length and its columns 1…Int32.max, ascending without
    /// duplicates.
    fileprivate static func requireSorted(_ breakpoints: [Breakpoint], _ option: String)
        throws(LayoutError)
    {
        guard !breakpoints.isEmpty else {
            throw LayoutError(option: option, reason: "at least one breakpoint is required")
        }
        for (index, breakpoint) in breakpoints.enumerated() {
            let name = "\(option)[\(index)]"
            try requireLength(breakpoint.minimumWidth, "\(name).minimumWidth")
            // Placements store the column as a 32-bit value (see `Placement`).
            guard (1...Int(Int32.max)).contains(breakpoint.columns) else {
                throw LayoutError(
                    option: "\(name).columns",
                    reason: "must be between 1 and \(Int32.max), got \(breakpoint.columns)"
                )
            }
            if index > 0 {
                let previous = breakpoints[index - 1].minimumWidth
                guard breakpoint.minimumWidth != previous else {
                    throw LayoutError(
                        option: "\(name).minimumWidth",
                        reason: "duplicates \(option)[\(index - 1)].minimumWidth (\(previous))"
                    )
                }
                guard breakpoint.minimumWidth > previous else {
                    throw LayoutError(
                        option: "\(name).minimumWidth",
                        reason:
                            "breakpoints must be sorted ascending; \(breakpoint.minimumWidth) comes after"
                            + " \(previous)"
                    )
                }
            }
        }
    }

    fileprivate static func requireLength(_ value: Double, _ option: String) throws(LayoutError) {
        // `>= 0` is false for NaN, so NaN is caught along with negatives.
        guard value.isFinite, value >= 0 else {
            throw LayoutError(
                option: option, reason: "must be a finite number of at least 0, got \(value)")
        }
    }

    fileprivate static func requireInsets(_ insets: EdgeInsets, _ option: String)
        throws(LayoutError)
    {
        try requireLength(insets.top, "\(option).top")
        try requireLength(insets.left, "\(option).left")
        try requireLength(insets.bottom, "\(option).bottom")
        try requireLength(insets.right, "\(option).right")
    }

    /// Columns must be at least 1 px wide (and, with a fixed item width, the gap at least
    /// `columnSpacing`) at the range's smallest width; both only grow with W, so the whole
    /// range is then fine.
    fileprivate static func requireColumnsFit(
        columns: Int, insets: EdgeInsets, options: LayoutOptions, range: WidthRange, option: String
    ) throws(LayoutError) {
        let width = range.minimum
        switch options.sizing {
        case .fluid:
            let columnWidth = ColumnGeometry.columnWidth(
                columns: columns, insets: insets, sizing: options.sizing,
                columnSpacing: options.columnSpacing
            ).value(atGalleryWidth: width)
            guard columnWidth >= 1 else {
                throw LayoutError(
                    option: option,
                    reason:
                        "\(columns) columns are \(columnWidth) px wide at gallery width \(width)"
                        + " (insets \(insets.left) + \(insets.right), column spacing \(options.columnSpacing));"
                        + " at least 1 px is needed"
                )
            }
        case .fixedItemWidth(let itemWidth):
            let needed =
                insets.left + insets.right + Double(columns) * itemWidth
                + Double(columns - 1) * options.columnSpacing
            guard needed <= width else {
                throw LayoutError(
                    option: option,
                    reason:
                        "\(columns) columns of \(itemWidth) px with gaps of at least \(options.columnSpacing)"
                        + " and insets \(insets.left) + \(insets.right) need \(needed) px, but the gallery is"
                        + " \(width) px wide at its smallest"
                )
            }
        }
    }
}
