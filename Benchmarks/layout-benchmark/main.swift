// layout-benchmark: 1,000,000 items × 4 breakpoints through MasonryLayout, against a floor loop
// that only sums the items' aspect ratios once per breakpoint, in the same run.
//
//     swift build -c release --product layout-benchmark && .build/release/layout-benchmark
//     .build/release/layout-benchmark --balance     (balance tolerance 16 vs 0, 10,000 items)
//
// Prints medians over several runs: placements per second (wall clock and this thread's CPU
// time) and the ratio to the floor; and the memory the result holds per item, both measured
// as the resident-set growth (/proc/self/statm) across the first layout and as computed from
// the data structure sizes (`GalleryLayout.storageBytes`).
import MasonryLayout

#if canImport(Glibc)
    import Glibc  // exit
#endif

// `--balance`: the adaptive sub-breakpoint benchmark (issue 7) instead; see `BalanceBenchmark`.
if CommandLine.arguments.dropFirst().contains("--balance") {
    BalanceBenchmark.run()
    exit(0)
}

let itemCount = 1_000_000
let repetitions = 7
let breakpoints = [
    Breakpoint(minimumWidth: 0, columns: 2),
    Breakpoint(minimumWidth: 640, columns: 3),
    Breakpoint(minimumWidth: 1024, columns: 4),
    Breakpoint(minimumWidth: 1600, columns: 6),
]

// Camera-like display sizes (landscape, portrait, square, panoramas), a quarter with a caption.
var random = BenchmarkRandom(seed: 2026)
let shapes = [
    (6000, 4000), (4000, 6000), (4032, 3024), (3024, 4032), (1080, 1080), (8000, 2000),
    (1200, 4800),
]
var items: [LayoutItem] = []
items.reserveCapacity(itemCount)
while items.count < itemCount {
    let (width, height) = shapes[random.int(in: 0...(shapes.count - 1))]
    let jitter = random.int(in: -200...200)
    let caption = random.int(in: 0...3) == 0 ? 24.0 : 0
    if let item = LayoutItem(width: width + jitter, height: height, extraHeight: caption) {
        items.append(item)
    }
}
let sections = [LayoutSection(items: items, headerHeight: 64, footerHeight: 32)]
let placements = Double(itemCount * breakpoints.count)

func engine(_ direction: RenderDirection) -> MasonryLayout {
    do {
        return try MasonryLayout(
            options: LayoutOptions(
                breakpoints: breakpoints, columnSpacing: 12, rowSpacing: 12,
                insets: EdgeInsets(all: 16), direction: direction
            )
        )
    } catch {
        print("layout-benchmark: \(error)")
        exit(1)
    }
}

func layout(_ engine: MasonryLayout) -> GalleryLayout {
    do {
        return try engine.layout(sections)
    } catch {
        print("layout-benchmark: \(error)")
        exit(1)
    }
}

func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}

func text(_ value: Double, decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return "\((value * scale).rounded() / scale)"
}

// Memory first, on a fresh heap: the growth of the resident set while the first result is
// alive is what the result holds (the report's scratch arrays are freed by then).
let shortestFirst = engine(.shortestFirst)
let residentBefore = ResidentMemory.bytes()
var firstResult: GalleryLayout? = layout(shortestFirst)
let residentAfter = ResidentMemory.bytes()
let storageBytes = firstResult?.storageBytes ?? 0
firstResult = nil

var checksum = 0.0
var floorWall: [Double] = []
var floorCPU: [Double] = []
for _ in 0..<repetitions {
    // The floor: touch every item once per breakpoint and do one addition.
    let reading = Stopwatch.measure {
        for _ in breakpoints {
            var sum = 0.0
            for item in items {
                sum += item.aspectRatio
            }
            checksum += sum
        }
    }
    floorWall.append(reading.wall)
    floorCPU.append(reading.cpu)
}
print(
    "layout-benchmark: \(itemCount) items × \(breakpoints.count) breakpoints (2/3/4/6 columns),",
    "medians of \(repetitions) runs, one thread"
)
print(
    "  floor (sum of ratios):  \(text(median(floorWall) * 1000, decimals: 2)) ms wall,",
    "\(text(median(floorCPU) * 1000, decimals: 2)) ms CPU → \(text(placements / median(floorCPU) / 1e6)) M items/s"
)

for direction in [RenderDirection.shortestFirst, .leftToRight] {
    let engine = direction == .shortestFirst ? shortestFirst : engine(direction)
    var wall: [Double] = []
    var cpu: [Double] = []
    var drift: [Int] = []
    var ragged: [String] = []
    for _ in 0..<repetitions {
        var result: GalleryLayout?
        let reading = Stopwatch.measure { result = layout(engine) }
        wall.append(reading.wall)
        cpu.append(reading.cpu)
        checksum += result?.breakpoints.last?.report.contentHeight ?? 0
        drift = result?.breakpoints.map(\.report.readingOrderDrift) ?? []
        ragged =
            result?.breakpoints.map { text($0.report.raggedBottom * 100, decimals: 3) + "%" } ?? []
    }
    let perSecond = placements / median(cpu)
    print("  layout, \(direction.rawValue) (placement + report):")
    print(
        "    \(text(median(wall) * 1000, decimals: 2)) ms wall (\(text(placements / median(wall) / 1e6)) M placements/s),",
        "\(text(median(cpu) * 1000, decimals: 2)) ms CPU → \(text(perSecond / 1e6)) M placements/s on one core,",
        "\(text(median(cpu) / median(floorCPU)))× the floor; target ≥ 20 M/s \(perSecond >= 20e6 ? "met" : "NOT met")"
    )
    print("    report per breakpoint: reading-order drift \(drift), ragged bottom \(ragged)")
}

// Queries (seeds 003 and 004): evaluate one breakpoint at one width, then ask for the items in
// viewport-sized rectangles scattered down the page.
do {
    let gallery = layout(shortestFirst)
    if let breakpoint = gallery.breakpoints.last {
        let width = breakpoint.referenceWidth
        var concrete: ConcreteLayout?
        let evaluation = Stopwatch.measure {
            concrete = breakpoint.evaluated(atGalleryWidth: width)
        }
        if let concrete {
            let queryCount = 100_000
            var hits = 0
            var queryRandom = BenchmarkRandom(seed: 7)
            let pageHeight = Int(concrete.contentHeight)
            let querying = Stopwatch.measure {
                for _ in 0..<queryCount {
                    let top = Double(queryRandom.int(in: 0...max(0, pageHeight - 900)))
                    let viewport = Rect(x: 0, y: top, width: width, height: 900)
                    hits += concrete.itemIndices(intersecting: viewport).count
                }
            }
            print(
                "  evaluate \(itemCount) frames + query index at W = \(width):",
                "\(text(evaluation.cpu * 1000, decimals: 2)) ms CPU"
            )
            print(
                "  viewport queries (W × 900 px): \(text(querying.cpu / Double(queryCount) * 1e9, decimals: 0)) ns CPU each,",
                "\(text(Double(hits) / Double(queryCount))) items per viewport"
            )
        }
    }
}

print(
    "  memory, computed (GalleryLayout.storageBytes): \(text(Double(storageBytes) / Double(itemCount))) B per item",
    "for all \(breakpoints.count) breakpoints (input items, 32 B each, are shared, not copied)"
)
if let before = residentBefore, let after = residentAfter {
    print(
        "  memory, measured (statm resident growth over the first layout):",
        "\(text(Double(after - before) / Double(itemCount))) B per item"
    )
} else {
    print("  memory, measured: /proc/self/statm unavailable")
}
print("  (checksum \(checksum))")
