import MasonryLayout

/// The ranges of gallery width a page's layouts serve, as the stylesheet needs them.
///
/// The engine returns one layout per range, ascending; consecutive ranges of one breakpoint (the
/// balancing sub-ranges) share its column count. Within such a group a tile leaves out a value
/// that did not change, so the rule of range *i* falls back along the group:
/// `--c: var(--c5, var(--c4, var(--c3, 0)))`.
struct LayoutRanges {
    /// For each range, the index of the first range of its breakpoint.
    let groupStarts: [Int]
    /// The index of each band range's first range, ascending: where a tile's band may change.
    let bandStarts: [Int]
    /// For each range, its lower bound (0 for the first: its rules apply below it too) and its
    /// upper bound (infinity for the last: its rules extrapolate above it).
    private let bounds: [ClosedRange<Double>]

    init(_ layout: GalleryLayout) {
        var starts: [Int] = []
        var bandStarts: [Int] = []
        var bounds: [ClosedRange<Double>] = []
        let layouts = layout.breakpoints
        for (index, range) in layouts.enumerated() {
            let startsGroup = index == 0 || layouts[index - 1].breakpoint != range.breakpoint
            starts.append(startsGroup ? index : starts[index - 1])
            if index == 0 || layouts[index - 1].bandIndex != range.bandIndex {
                bandStarts.append(index)
            }
            let lower = index == 0 ? 0 : range.minimumWidth
            let upper =
                index == layouts.count - 1 ? Double.infinity : layouts[index + 1].minimumWidth
            bounds.append(lower...max(lower, upper))
        }
        groupStarts = starts
        self.bandStarts = bandStarts
        self.bounds = bounds
    }

    /// The gallery widths at which range `index`'s rules are in force.
    func widths(_ index: Int) -> ClosedRange<Double> { bounds[index] }

    /// Range `index` in the names of the tile properties: base 36, so up to 36 ranges per page
    /// cost one character (`--c0` … `--cZ`), its letters capitals. A tile leaves out a value that
    /// did not change, and the rule's `var()` then falls back past its name, unless the name is
    /// set on an ancestor: a theme's custom property inherits into the tile. The built-in theme's
    /// are lowercase words (`--bg`, which base 36 in small letters spells range 16's band as, took
    /// the place of every band at the generated shop's widest ranges), so the ranges' names take
    /// capitals, which themes do not use (Templates/README.md reserves them).
    static func suffix(_ index: Int) -> String {
        String(index, radix: 36, uppercase: true)
    }

    /// The tile properties written per range, each followed by the range's ``suffix(_:)``: the
    /// column `--c`, the ratios `--a` and px `--k` above the tile, the band's height `--b` and
    /// its title's `--tl` and caption's `--nl` lines.
    static let propertyNames = ["c", "a", "k", "b", "tl", "nl"]

    /// A tile's band as its properties carry it: the height `--b` (as written) and the lines of
    /// its title `--tl` and caption `--nl`.
    struct BandValues: Equatable {
        var height: String
        var titleLines: Int
        var captionLines: Int
    }

    /// What the band properties fall back to when a tile writes none: no band, one line each.
    static let bandDefaults = BandValues(height: "0", titleLines: 1, captionLines: 1)

    /// The rule that makes range `index`'s tile properties the ones in force. The band's
    /// properties change only between band ranges (breakpoints, or the parts ``BandSplits`` cut
    /// them into), so they fall back along the first ranges of the band ranges up to this one:
    /// `--b: var(--b4, var(--b2, var(--b0, 0)))`.
    func tileRule(_ index: Int) -> String {
        func chain(_ name: String, _ ranges: [Int], _ fallback: String) -> String {
            var value = fallback
            for range in ranges {
                value = "var(--\(name)\(Self.suffix(range)),\(value))"
            }
            return value
        }
        let group = Array(groupStarts[index]...index)
        let bandRangeStarts = bandStarts.filter { $0 <= index }
        let defaults = Self.bandDefaults
        return ".wf-tiles>li{--c:\(chain("c", group, "0"));--a:\(chain("a", group, "0"));"
            + "--k:\(chain("k", group, "0"));--b:\(chain("b", bandRangeStarts, defaults.height));"
            + "--tl:\(chain("tl", bandRangeStarts, String(defaults.titleLines)));"
            + "--nl:\(chain("nl", bandRangeStarts, String(defaults.captionLines)))}"
    }
}
