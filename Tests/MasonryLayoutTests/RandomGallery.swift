import Foundation  // exp and log for log-uniform aspect ratios

@testable import MasonryLayout

/// A random but valid gallery (options and sections) built from one seed.
///
/// Covers what the issue asks the properties to cover: 0–5,000 items, aspect ratios from 1:20 to
/// 20:1, 1–8 columns, every render direction, fluid and fixed item widths, sections with and
/// without headers, footers and overrides, zero and non-zero spacings.
struct RandomGallery {
    let seed: UInt64
    let options: LayoutOptions
    let sections: [LayoutSection]

    /// `itemCount`, when given, replaces the random total of items (the options stay the ones
    /// `seed` gives without it).
    init(seed: UInt64, maximumItems: Int, itemCount: Int? = nil) {
        self.seed = seed
        var random = SplitMix64(seed: seed)

        // Breakpoints: 1–4, ascending from 0 (so the first range starts at minimumGalleryWidth).
        var breakpoints: [Breakpoint] = []
        var minimum = 0.0
        for _ in 0..<random.int(in: 1...4) {
            breakpoints.append(Breakpoint(minimumWidth: minimum, columns: random.int(in: 1...8)))
            // Steps of at most 700 keep four breakpoints below maximumGalleryWidth (2560).
            minimum = max(minimum, 320) + random.double(in: 50...700).rounded()
        }
        func length(_ upper: Double) -> Double {
            // A quarter of the time exactly 0, to exercise edge-to-edge frames.
            random.chance(0.25) ? 0 : random.double(in: 0...upper)
        }
        func insets() -> EdgeInsets {
            EdgeInsets(top: length(40), left: length(40), bottom: length(40), right: length(40))
        }
        var options = LayoutOptions(
            breakpoints: breakpoints,
            columnSpacing: length(30),
            rowSpacing: length(30),
            insets: insets(),
            direction: RenderDirection.allCases[random.int(in: 0...2)],
            footerSpacing: length(20)
        )

        // Sections: 1–4, the items spread over them; item counts skewed towards small galleries
        // (most cases) with the occasional full-size one.
        // Small galleries are where the edge cases live (empty columns, ties, one item); large
        // ones exercise accumulated rounding. Mean ≈ 4.5% of the maximum, to keep the suite fast.
        let drawnTotal: Int
        switch random.unit() {
        case ..<0.01: drawnTotal = maximumItems
        case ..<0.05: drawnTotal = random.int(in: 0...maximumItems)
        case ..<0.40: drawnTotal = random.int(in: 0...maximumItems / 10)
        default: drawnTotal = random.int(in: 0...40)
        }
        let total = itemCount ?? drawnTotal
        let sectionCount = random.int(in: 1...4)
        var sections: [LayoutSection] = []
        var remaining = total
        for index in 0..<sectionCount {
            let count = index == sectionCount - 1 ? remaining : random.int(in: 0...remaining)
            remaining -= count
            var items: [LayoutItem] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                // Log-uniform ratio in [1/20, 20]; the sides are whole pixels like a scanner's.
                let ratio = exp(random.double(in: log(1.0 / 20)...log(20.0)))
                let width = random.int(in: 20...4000)
                let height = max(1, Int((Double(width) * ratio).rounded()))
                let extra = random.chance(0.3) ? random.double(in: 0...40) : 0
                if let item = LayoutItem(width: width, height: height, extraHeight: extra) {
                    items.append(item)
                }
            }
            sections.append(
                LayoutSection(
                    items: items,
                    headerHeight: random.chance(0.5) ? random.double(in: 1...80) : 0,
                    footerHeight: random.chance(0.5) ? random.double(in: 1...60) : 0,
                    columnCount: random.chance(0.2) ? random.int(in: 1...8) : nil,
                    // The site's form of per-section columns: its own breakpoints.
                    breakpoints: random.chance(0.15)
                        ? [
                            Breakpoint(minimumWidth: 0, columns: random.int(in: 1...8)),
                            Breakpoint(
                                minimumWidth: random.double(in: 400...1600).rounded(),
                                columns: random.int(in: 1...8)),
                        ]
                        : nil,
                    insets: random.chance(0.2) ? insets() : nil
                )
            )
        }

        // A fixed item width a quarter of the time, chosen so that every breakpoint and every
        // section override still fits at its smallest width (the engine rejects the rest).
        if random.chance(0.25) {
            var widest = Double.infinity
            for breakpoint in breakpoints {
                let smallest = max(breakpoint.minimumWidth, options.minimumGalleryWidth)
                for section in sections + [LayoutSection(items: [])] {
                    let columns = Double(
                        section.columns(
                            atGalleryWidth: smallest, breakpointColumns: breakpoint.columns))
                    let sides =
                        (section.insets ?? options.insets).left
                        + (section.insets ?? options.insets).right
                    widest = min(
                        widest, (smallest - sides - (columns - 1) * options.columnSpacing) / columns
                    )
                }
            }
            options.sizing = .fixedItemWidth(max(1, widest * random.double(in: 0.2...0.999)))
        }
        self.options = options
        self.sections = sections
    }
}
