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
        var eager: [Bool] = []
        for range in layout.breakpoints {
            let tops = Self.lowestTops(range)
            if eager.isEmpty { eager = [Bool](repeating: false, count: tops.count) }
            for (index, top) in tops.enumerated() where top < height { eager[index] = true }
        }
        self.eager = eager
        priority = Self.largest(layout, eager: eager, imageRatios: imageRatios)
    }
}

extension FirstScreen {
    /// A lower bound of each item's top over the range's gallery widths (see the type).
    fileprivate static func lowestTops(_ range: BreakpointLayout) -> [Double] {
        func lowest(_ length: LinearLength) -> Double {
            min(
                length.value(atGalleryWidth: range.minimumWidth),
                length.value(atGalleryWidth: range.maximumWidth))
        }
        var tops: [Double] = []
        var sectionTop = 0.0
        for section in range.sections {
            for item in section.items { tops.append(sectionTop + lowest(item.frame.y)) }
            sectionTop += (section.columnBottoms.map(lowest).max() ?? 0) + section.bottomOffset
        }
        return tops
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
        for (index, frame) in range.itemFrames(atGalleryWidth: width).enumerated()
        where eager[index] && frame.y < phone.height {
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
