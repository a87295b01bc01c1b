/// An image's `fetchpriority`: which of a page's images the browser should fetch first.
///
/// A gallery page has one `high` image (the largest on a phone's first screen, see
/// ``FirstScreen``); its other eager images are `low`, so on a slow link they wait for it rather
/// than share the bandwidth with it from the start (Chromium holds low-priority requests while
/// the page's stylesheets load, and an HTTP/2 host sends by priority). Lazy images need no hint:
/// the browser fetches them once the page is laid out.
enum FetchPriority: String {
    case high
    case low
    /// No attribute: the browser's own order.
    case auto

    /// The attribute with a leading space, or nothing for ``auto``.
    var attribute: String { self == .auto ? "" : " fetchpriority=\(rawValue)" }

    /// A tile's priority: `high` for the page's first image, `low` for its other eager ones.
    static func tile(eager: Bool, first: Bool) -> FetchPriority {
        first ? .high : eager ? .low : .auto
    }
}
