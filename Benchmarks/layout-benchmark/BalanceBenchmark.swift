import MasonryLayout

#if canImport(Glibc)
    import Glibc  // exit
#endif

/// `layout-benchmark --balance`: adaptive sub-breakpoints (issue 7) on 10,000 camera-like items
/// with the site's defaults (breakpoints 0:2, 640:3, 1024:4, 1440:5; spacings and insets 16),
/// balance tolerance 16 (one row spacing) against 0. Two shapes of the same items: one gallery of
/// 10,000 (the worst case: imbalance accumulates down a long page) and the site's paging, 20
/// galleries of 500 laid out one after another. Prints, per shape, the sub-ranges per breakpoint,
/// the worst placement drift before and after, how many placements differ from the previous
/// sub-range's (what an emitter that skips unchanged photos still writes), and the median CPU
/// time ratio.
enum BalanceBenchmark {
    static let itemCount = 10_000
    static let repetitions = 5
    static let breakpoints = [
        Breakpoint(minimumWidth: 0, columns: 2), Breakpoint(minimumWidth: 640, columns: 3),
        Breakpoint(minimumWidth: 1024, columns: 4), Breakpoint(minimumWidth: 1440, columns: 5),
    ]

    static func run() {
        var random = BenchmarkRandom(seed: 2026)
        let shapes = [
            (6000, 4000), (4000, 6000), (4032, 3024), (3024, 4032), (1080, 1080), (8000, 2000),
            (1200, 4800),
        ]
        var items: [LayoutItem] = []
        while items.count < itemCount {
            let (width, height) = shapes[random.int(in: 0...(shapes.count - 1))]
            if let item = LayoutItem(width: width + random.int(in: -200...200), height: height) {
                items.append(item)
            }
        }
        print(
            "layout-benchmark --balance: \(itemCount) items, breakpoints 2/3/4/5 columns, medians of \(repetitions) runs"
        )
        report(
            shape: "one gallery of \(itemCount)",
            galleries: [[LayoutSection(items: items, headerHeight: 56)]])
        let pages = stride(from: 0, to: itemCount, by: 500).map { start in
            [
                LayoutSection(
                    items: Array(items[start..<min(start + 500, itemCount)]), headerHeight: 56)
            ]
        }
        report(shape: "20 pages of 500", galleries: pages)
    }

    static func engine(tolerance: Double) -> MasonryLayout {
        do {
            return try MasonryLayout(
                options: LayoutOptions(
                    breakpoints: breakpoints, columnSpacing: 16, rowSpacing: 16,
                    insets: EdgeInsets(all: 16),
                    balanceTolerance: tolerance
                )
            )
        } catch {
            print("layout-benchmark: \(error)")
            exit(1)
        }
    }

    static func report(shape: String, galleries: [[LayoutSection]]) {
        var results: [Double: [GalleryLayout]] = [:]
        var cpu: [Double: Double] = [:]
        for tolerance in [0.0, 16] {
            let engine = engine(tolerance: tolerance)
            var times: [Double] = []
            for _ in 0..<repetitions {
                var layouts: [GalleryLayout] = []
                let reading = Stopwatch.measure {
                    do {
                        layouts = try galleries.map { try engine.layout($0) }
                    } catch {
                        print("layout-benchmark: \(error)")
                        exit(1)
                    }
                }
                times.append(reading.cpu)
                results[tolerance] = layouts
            }
            cpu[tolerance] = times.sorted()[times.count / 2]
        }
        print("  \(shape):")
        for tolerance in [0.0, 16] {
            let layouts = results[tolerance] ?? []
            var counts: [Int] = []
            var worst: [String] = []
            var over = 0
            var placements = 0
            var bytes = 0
            for index in breakpoints.indices {
                counts.append(layouts.map { $0.subrangeCount(ofBreakpoint: index) }.max() ?? 0)
                let drift =
                    layouts.flatMap { $0.subranges(ofBreakpoint: index) }.map(
                        \.report.worstPlacementDrift
                    ).max() ?? 0
                worst.append("\((drift * 10).rounded() / 10)")
            }
            for layout in layouts {
                bytes += layout.storageBytes
                for range in layout.breakpoints {
                    over += range.report.placementsOverTolerance
                    placements += range.sections.reduce(0) { $0 + $1.items.count }
                }
            }
            // What an emitter that skips unchanged photos must write: the placements (column,
            // index in it and what lies above) that differ from the previous sub-range's.
            var changed = 0
            var repeated = 0
            var movedColumn = 0
            for layout in layouts {
                for (previous, next) in zip(layout.breakpoints, layout.breakpoints.dropFirst())
                where previous.breakpointIndex == next.breakpointIndex {
                    for (a, b) in zip(previous.sections, next.sections) {
                        for (p, q) in zip(a.items, b.items) {
                            if p.column != q.column {
                                movedColumn += 1
                            }
                            if p.column == q.column && p.indexInColumn == q.indexInColumn
                                && p.ratiosAbove == q.ratiosAbove && p.pixelsAbove == q.pixelsAbove
                            {
                                repeated += 1
                            } else {
                                changed += 1
                            }
                        }
                    }
                }
            }
            let total = layouts.reduce(0) { $0 + $1.breakpoints.count }
            print(
                "    tolerance \(Int(tolerance)): \((cpu[tolerance] ?? 0) * 1000) ms CPU;",
                "sub-ranges per breakpoint (most on a page) \(counts), \(total) ranges in all;",
                "worst drift px \(worst); placements over 16 px at a range end: \(over) of \(placements);",
                "storage \(bytes / itemCount) B per item"
            )
            if changed + repeated > 0 {
                let share = Double(changed) / Double(changed + repeated) * 100
                print(
                    "      placements that differ from the previous sub-range's: \(changed) of \(changed + repeated)",
                    "(\((share * 10).rounded() / 10)%), \((Double(changed) / Double(itemCount) * 10).rounded() / 10) per photo;",
                    "in another column: \(movedColumn)"
                )
            }
        }
        let ratio = (cpu[16] ?? 0) / max(cpu[0] ?? 1, 1e-9)
        print("    time ratio (16 vs 0): \((ratio * 100).rounded() / 100)×")
    }
}
