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
}
