import MasonryLayout

/// The tiles of a page that can be on its first screen, which load at once, and the one image
/// among them the browser should fetch first.
///
/// A tile counts when its top edge is above `height` at some gallery width of some range of the
/// layout (a breakpoint, or a balancing sub-range of one). Every other image loads lazily, so on
/// a slow phone link the few images on screen do not share the bandwidth with a dozen below it.
///
/// Within a range a tile's top in its section is linear in the gallery width, so its lowest value
/// is at one end of the range; the section's own top is a sum of the earlier sections' heights,
/// each a maximum over its columns' linear bottoms, which is bounded below by the largest of the
/// columns' lower ends. The sum of the two bounds is never above the tile's real top at any width
/// of the range, so no tile that can be on the first screen is ever left lazy.
struct FirstScreen: Equatable {
    /// Per item of the page, in order (each section's items after the previous section's):
    /// whether its image loads eagerly.
    let eager: [Bool]
    /// The item whose image gets `fetchpriority=high`: of the eager items on a typical phone's
    /// first screen (where the bandwidth is scarcest; see ``phone``), the one with the most area
    /// on that screen, the first of equals; nil when none. A phone fetches the images near its
    /// viewport, eager or lazy, all at once on a slow link (Chromium's lazy-load margin grows
    /// to thousands of px there), so this one hint is what lets the largest paint come first.
    let priority: Int?

    /// `imageRatios`: each item's photo height ÷ width, so the priority is measured on the
    /// photo above its caption band (the band is text, which paints no image); empty: the
    /// whole tile.
    init(_ layout: GalleryLayout, height: Double, imageRatios: [Double] = []) {
        let count = layout.breakpoints.first?.sections.reduce(0) { $0 + $1.items.count } ?? 0
        var eager = [Bool](repeating: false, count: count)
        for range in layout.breakpoints {
            // A lower bound of each item's top over the range's gallery widths (see the type).
            Self.itemsAbove(height, in: range) { length in
                min(
                    length.value(atGalleryWidth: range.minimumWidth),
                    length.value(atGalleryWidth: range.maximumWidth))
            } visit: { index, _, _ in
                eager[index] = true
            }
        }
        self.eager = eager
        priority = Self.largest(layout, eager: eager, imageRatios: imageRatios)
    }
}

extension FirstScreen {
    /// Calls `visit` with each item of `range` whose top, with every length measured by
    /// `measure`, is above `height`: its index on the page, the item and its section's top.
    ///
    /// Only the first tiles of a page are visited, whatever its length: an item's top is never
    /// above the one before it in its column (either side of the range's ends, so also at
    /// whichever end is lower), so a column is done at its first item at or below `height`, a
    /// section when all its columns are, and the page at the first section that starts there.
    fileprivate static func itemsAbove(
        _ height: Double, in range: BreakpointLayout, measure: (LinearLength) -> Double,
        visit: (_ index: Int, _ item: PlacedItem, _ sectionTop: Double) -> Void
    ) {
        var first = 0
        var sectionTop = 0.0
        for section in range.sections {
            guard sectionTop < height else { return }
            var done = [Bool](repeating: false, count: section.columns)
            var columnsLeft = section.columns
            for (offset, item) in section.items.enumerated() where !done[item.column] {
                if sectionTop + measure(item.frame.y) < height {
                    visit(first + offset, item, sectionTop)
                } else {
                    done[item.column] = true
                    columnsLeft -= 1
                    if columnsLeft == 0 { break }
                }
            }
            first += section.items.count
            sectionTop += (section.columnBottoms.map(measure).max() ?? 0) + section.bottomOffset
        }
    }

    /// The eager item with the most area on a typical phone's first screen (see ``phone``) at
    /// the narrowest breakpoint: the part of its tile on that screen, as a browser measures the
    /// largest contentful paint (a tall photo mostly below the fold loses to a wide one above
    /// it), without the caption band under it.
    fileprivate static func largest(
        _ layout: GalleryLayout, eager: [Bool], imageRatios: [Double]
    ) -> Int? {
        let narrowest = layout.breakpoints.filter {
            $0.breakpointIndex == layout.breakpoints.first?.breakpointIndex
        }
        guard let first = narrowest.first, let last = narrowest.last else { return nil }
        let width = min(max(phone.width, first.minimumWidth), last.maximumWidth)
        let range = narrowest.first { width <= $0.maximumWidth } ?? last
        var best: (index: Int, area: Double)?
        itemsAbove(phone.height, in: range) {
            $0.value(atGalleryWidth: width)
        } visit: {
            index, item, sectionTop in
            guard eager[index] else { return }
            var frame = item.frame.evaluated(atGalleryWidth: width)
            frame.y += sectionTop
            let photoHeight =
                index < imageRatios.count
                ? min(frame.height, frame.width * imageRatios[index]) : frame.height
            let bottom = min(frame.y + photoHeight, phone.height)
            let area = frame.width * (bottom - max(frame.y, 0))
            if area > best?.area ?? 0 { best = (index, area) }
        }
        return best?.index
    }

    /// The phone the priority image is chosen for: Lighthouse's (412 × 823 CSS px, the screen
    /// PageSpeed Insights measures), less the same 80 px of page header as the default first
    /// screen. Not the narrowest width: at 320 px more tiles fit above the fold than on most
    /// phones, and the pick would often be a tile below a real phone's fold.
    static let phone = (width: 412.0, height: 743.0)
}
