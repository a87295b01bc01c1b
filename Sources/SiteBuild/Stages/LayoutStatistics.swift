import SiteRenderer

/// What the layout cost, for the build summary: how many width ranges the balancing made, the
/// worst drift left, and the bytes of layout data per photo.
struct LayoutStatistics {
    private var ranges = 0
    private var pages = 0
    private var worstDrift = 0.0
    private var layoutBytes = 0
    private var photos = 0

    mutating func add(_ page: BuildCache.PageRecord) {
        pages += 1
        ranges += page.ranges
        worstDrift = max(worstDrift, page.worstDrift)
        layoutBytes += page.layoutBytes
        photos += page.photos
    }

    /// "Layout: 4 breakpoints in 7.5 width ranges per page (balanced within 16 px, worst 15.2 px), 120 bytes of layout per photo"
    func summary(breakpoints: Int, tolerance: Double) -> String {
        let perPage = pages > 0 ? Double(ranges) / Double(pages) : 0
        var line =
            "Layout: \(breakpoints) breakpoint\(breakpoints == 1 ? "" : "s") in \(NumberText.decimal(perPage, decimals: 1)) width range\(perPage == 1 ? "" : "s")"
        line += pages > 1 ? " per page" : ""
        if tolerance > 0 {
            line +=
                " (balanced within \(NumberText.decimal(tolerance, decimals: 1)) px, worst \(NumberText.decimal(worstDrift, decimals: 1)) px)"
        } else {
            line += " (no balancing, worst drift \(NumberText.decimal(worstDrift, decimals: 1)) px)"
        }
        line +=
            ", \(NumberText.grouped(photos > 0 ? layoutBytes / photos : 0)) bytes of layout per photo"
        return line
    }
}
