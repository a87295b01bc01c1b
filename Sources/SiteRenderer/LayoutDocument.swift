import MasonryLayout

/// `layout.json`: every photo's frame per breakpoint and the engine's per-breakpoint report, for
/// other tools (and for the browser test that checks the page against it).
///
/// A page has one entry per range of gallery width: a breakpoint, or one of the balancing
/// sub-ranges it was split into (`breakpoint` and `subrange` say which), each with its report.
/// Lengths are linear in the gallery width W and written as `[a, b]` meaning `a·W + b` px.
/// Frames are relative to their section's top edge; sections stack, each
/// `max(columnBottoms) + bottomOffset` tall; a footer `[x, width, gap, height]` sits `gap` below
/// the tallest column. An item is
/// `[section, column, xa, xb, ya, yb, wa, wb, ha, hb]`, in the page's photo order.
/// Written page by page so a 100,000-photo site never holds the whole document.
public enum LayoutDocument {
    /// The document's opening, up to the pages array.
    public static func header(options: SiteOptions, pageCount: Int, photoCount: Int) -> String {
        var json = JSONText(pretty: false)
        json.beginObject()
        json.string("generator", "waterfall-site")
        json.string("units", "lengths are [a, b] = a × galleryWidth + b, in CSS px")
        json.integer("photoCount", photoCount)
        json.integer("pageCount", pageCount)
        json.beginObject("options")
        json.number("columnSpacing", options.layout.columnSpacing)
        json.number("rowSpacing", options.layout.rowSpacing)
        json.beginObject("insets")
        json.number("top", options.layout.insets.top)
        json.number("left", options.layout.insets.left)
        json.number("bottom", options.layout.insets.bottom)
        json.number("right", options.layout.insets.right)
        json.endObject()
        json.number("captionHeight", options.captionHeight)
        json.number("headerHeight", options.headerHeight)
        json.number("footerHeight", options.footerHeight)
        json.string("direction", options.layout.direction.rawValue)
        if case .fixedItemWidth(let width) = options.layout.sizing {
            json.number("itemWidth", width)
        } else {
            json.null("itemWidth")
        }
        json.number("balanceTolerance", options.layout.balanceTolerance)
        json.endObject()
        json.beginArray("breakpoints")
        for breakpoint in options.layout.breakpoints {
            json.beginObject()
            json.number("minWidth", breakpoint.minimumWidth)
            json.integer("columns", breakpoint.columns)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        // Drop the closing brace: pages follow.
        var text = json.text
        text.removeLast()
        return text + ",\n\"pages\":[\n"
    }

    public static let footer = "\n]}\n"
    public static let pageSeparator = ",\n"

    /// One page's entry.
    public static func page(_ page: SitePage, rendered: SiteRenderer.RenderedPage) -> String {
        var json = JSONText(pretty: false)
        json.beginObject()
        json.string("file", page.fileName)
        json.integer("ranges", rendered.layout.breakpoints.count)
        json.integer("layoutBytes", rendered.layoutBytes)
        json.number(
            "layoutBytesPerPhoto", Double(rendered.layoutBytes) / Double(max(1, page.photoCount)),
            decimals: 1)
        json.beginArray("sections")
        for (index, section) in page.sections.enumerated() {
            json.beginObject()
            json.string("id", rendered.sectionIDs[index])
            json.string("folder", section.folder)
            json.string("title", section.title)
            json.endObject()
        }
        json.endArray()
        json.beginArray("photos")
        for section in page.sections {
            for photo in section.photos {
                json.beginObject()
                json.string("path", photo.path)
                json.integer("width", photo.width)
                json.integer("height", photo.height)
                json.endObject()
            }
        }
        json.endArray()
        json.beginArray("breakpoints")
        for layout in rendered.layout.breakpoints {
            json.beginObject()
            json.number("minWidth", layout.minimumWidth)
            json.number("maxWidth", layout.maximumWidth)
            json.integer("columns", layout.breakpoint.columns)
            json.integer("breakpoint", layout.breakpointIndex)
            json.integer("subrange", layout.subrangeIndex)
            json.number("referenceWidth", layout.referenceWidth)
            json.beginObject("report")
            json.number("contentHeight", layout.report.contentHeight, decimals: 3)
            json.number("raggedBottom", layout.report.raggedBottom, decimals: 4)
            json.number(
                "raggedBottomAtMinWidth", layout.report.raggedBottomAtMinimumWidth, decimals: 4)
            json.number(
                "raggedBottomAtMaxWidth", layout.report.raggedBottomAtMaximumWidth, decimals: 4)
            json.number("worstPlacementDrift", layout.report.worstPlacementDrift, decimals: 3)
            json.integer("placementsOverTolerance", layout.report.placementsOverTolerance)
            json.integer("readingOrderDrift", layout.report.readingOrderDrift)
            json.endObject()
            json.beginArray("sections")
            for section in layout.sections {
                json.beginObject()
                json.integer("columns", section.columns)
                json.number("itemsTop", section.itemsTop, decimals: 4)
                json.number("bottomOffset", section.bottomOffset, decimals: 4)
                json.beginArray("columnBottoms")
                for bottom in section.columnBottoms { linear(&json, bottom) }
                json.endArray()
                if let header = section.header {
                    json.beginArray("header")
                    for length in [header.x, header.y, header.width, header.height] {
                        linear(&json, length)
                    }
                    json.endArray()
                } else {
                    json.null("header")
                }
                if section.footerHeight > 0 {
                    // x, width, the gap below the tallest column, height.
                    json.beginArray("footer")
                    linear(&json, section.contentX)
                    linear(&json, section.contentWidth)
                    linear(&json, LinearLength(constant: section.footerOffset))
                    linear(&json, LinearLength(constant: section.footerHeight))
                    json.endArray()
                } else {
                    json.null("footer")
                }
                json.endObject()
            }
            json.endArray()
            json.beginArray("items")
            for (sectionIndex, section) in layout.sections.enumerated() {
                for item in section.items {
                    json.beginArray()
                    json.integer(nil, sectionIndex)
                    json.integer(nil, item.column)
                    // Four lengths, each as its two numbers (no array per item: this runs for every
                    // photo in every width range).
                    numbers(&json, item.frame.x)
                    numbers(&json, item.frame.y)
                    numbers(&json, item.frame.width)
                    numbers(&json, item.frame.height)
                    json.endArray()
                }
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text
    }

    private static func linear(_ json: inout JSONText, _ length: LinearLength) {
        json.beginArray()
        numbers(&json, length)
        json.endArray()
    }

    /// A linear length's two numbers, px per gallery px and px.
    private static func numbers(_ json: inout JSONText, _ length: LinearLength) {
        json.number(nil, length.perGalleryWidth, decimals: 9)
        json.number(nil, length.constant, decimals: 4)
    }
}
