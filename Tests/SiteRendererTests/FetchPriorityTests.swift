import Testing

@testable import SiteRenderer

@Suite("Fetch priority: the first image high, the other eager ones low, lazy ones unmarked")
struct FetchPriorityTests {
    @Test("A tile's priority follows from its place on the first screen")
    func tile() {
        #expect(FetchPriority.tile(eager: true, first: true) == .high)
        #expect(FetchPriority.tile(eager: true, first: false) == .low)
        #expect(FetchPriority.tile(eager: false, first: false) == .auto)
    }

    @Test("Only an explicit priority writes the attribute")
    func attribute() {
        #expect(FetchPriority.high.attribute == " fetchpriority=high")
        #expect(FetchPriority.low.attribute == " fetchpriority=low")
        #expect(FetchPriority.auto.attribute.isEmpty)
    }

    @Test("On a gallery page one eager tile is high, the other eager ones low, no lazy one marked")
    func page() throws {
        let html = try ResponsiveImageTests.renderer().render(ResponsiveImageTests.page()).html
        let tiles = html.components(separatedBy: "<li").dropFirst()
        let eager = tiles.filter { $0.contains("loading=eager") }
        #expect(eager.filter { $0.contains("fetchpriority=high") }.count == 1)
        #expect(eager.filter { $0.contains("fetchpriority=low") }.count == eager.count - 1)
        #expect(!tiles.contains { $0.contains("loading=lazy") && $0.contains("fetchpriority") })
        #expect(tiles.contains { $0.contains("loading=lazy") }, "the page has lazy tiles too")
    }

    @Test(
        "The head preloads the high tile's image, before the stylesheets, as its picture offers it")
    func preload() throws {
        let html = try ResponsiveImageTests.renderer().render(ResponsiveImageTests.page()).html
        let srcsets = SiteRendererTests.matches(
            #"<link rel="preload" as="image"[^>]* imagesrcset="([^"]*)""#, in: html)
        let sizes = SiteRendererTests.matches(
            #"<link rel="preload" as="image"[^>]* imagesizes="([^"]*)" fetchpriority="high">"#,
            in: html)
        try #require(srcsets.count == 1 && sizes.count == 1)
        let preload = try #require(html.range(of: "<link rel=\"preload\""))
        let stylesheet = try #require(html.range(of: "<link rel=\"stylesheet\""))
        #expect(preload.lowerBound < stylesheet.lowerBound)
        // The high tile's first candidates: its first <source>'s, or its <img>'s.
        let tile = try #require(
            html.components(separatedBy: "<li").first { $0.contains("fetchpriority=high") })
        #expect(srcsets.first == SiteRendererTests.matches(#" srcset="([^"]*)""#, in: tile).first)
        #expect(sizes.first == SiteRendererTests.matches(#" sizes="([^"]*)""#, in: tile).first)
    }
}
