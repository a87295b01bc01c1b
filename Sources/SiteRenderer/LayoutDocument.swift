import MasonryLayout

/// `layout.json` and `layout/`: every photo's frame per breakpoint and the engine's
/// per-breakpoint report, for other tools (and for the browser test that checks the page against
/// it).
///
/// `layout.json` holds the options, the breakpoints and, per page, the name of its HTML file and
/// of its own layout file, `layout/PAGE.json` (`layout/index.json`, `layout/page-2.json`, …). One
/// file per page keeps a rebuild after a small change small: a new caption or photo rewrites the
/// layout of the pages it is on, never the whole site's.
///
/// A page has one entry per range of gallery width: a breakpoint, or one of the sub-ranges it was
/// split into (`breakpoint` and `subrange` say which; `band` counts the band ranges, the parts
/// ``BandSplits`` cut the breakpoints into so no card's band holds two spare lines, over the
/// whole page, and a range's tiles have the bands of its band range), each with its report.
/// Lengths are linear in the gallery width W and written as `[a, b]` meaning `a·W + b` px.
/// Frames are relative to their section's top edge; sections stack, each
/// `max(columnBottoms) + bottomOffset` tall; a footer `[x, width, gap, height]` sits `gap` below
/// the tallest column. An item is
/// `[section, column, xa, xb, ya, yb, wa, wb, ha, hb]`, in the page's photo order.
public enum LayoutDocument {
    /// The file that lists the pages and the options they were laid out with.
    public static let indexFileName = "layout.json"
    /// The folder of the pages' own layout files.
    public static let folderName = "layout"

    /// Where the layout of the page whose HTML file is `pageFileName` goes, relative to the site.
    public static func path(ofPage pageFileName: String) -> String {
        let stem =
            pageFileName.hasSuffix(".html") ? String(pageFileName.dropLast(5)) : pageFileName
        return "\(folderName)/\(stem).json"
    }

    /// The folder that holds the layout files of the pages in the site's folder `folder` (and
    /// in its subfolders), relative to the site: `layout/ceramics` for `ceramics`.
    public static func folder(ofPagesIn folder: String) -> String {
        "\(folderName)/\(folder)"
    }

    /// `layout.json`: the options, the breakpoints, and for each page its HTML file and its
    /// layout file (see ``path(ofPage:)``), `pageFileNames` in page order.
    public static func index(
        options: SiteOptions, pageFileNames: [String], photoCount: Int
    ) -> String {
        var json = JSONText(pretty: false)
        json.beginObject()
        json.string("generator", "waterfall-site")
        json.string("units", "lengths are [a, b] = a × galleryWidth + b, in CSS px")
        json.integer("photoCount", photoCount)
        json.integer("pageCount", pageFileNames.count)
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
        json.beginArray("pages")
        for fileName in pageFileNames {
            json.beginObject()
            json.string("file", fileName)
            json.string("layout", path(ofPage: fileName))
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text + "\n"
    }

    /// One page's layout file (see ``path(ofPage:)``).
    public static func page(_ page: SitePage, rendered: SiteRenderer.RenderedPage) -> String {
        var json = JSONText(pretty: false)
        json.beginObject()
        json.string("file", page.path)
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
                // A tile cropped to the shape caps: the shape the layout placed it at.
                if let shape = photo.tileShape {
                    json.integer("tileWidth", shape.width)
                    json.integer("tileHeight", shape.height)
                }
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
            json.integer("band", layout.bandIndex)
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
        return json.text + "\n"
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
