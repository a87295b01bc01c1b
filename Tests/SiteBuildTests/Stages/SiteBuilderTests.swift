import Testing

@testable import SiteBuild

@Suite("Site builder")
struct SiteBuilderTests {
    @Test(
        "Originals are shared out to linkers at folder boundaries, covering every photo once",
        arguments: [1, 2, 3])
    func foldersSplit(count: Int) {
        let paths =
            ["a.jpg", "b.jpg"] + (0..<7).map { "A/\($0).jpg" } + ["B/x.jpg"]
            + (0..<5).map { "C/D/\($0).jpg" }
        let runs = SiteBuilder.foldersSplit(paths, into: count)
        #expect(runs.count == count)
        #expect(runs.flatMap { Array($0) } == Array(paths.indices))
        for (first, second) in zip(runs, runs.dropFirst()) where !first.isEmpty && !second.isEmpty {
            #expect(
                Catalogue.folder(of: paths[first.upperBound - 1])
                    != Catalogue.folder(of: paths[second.lowerBound]))
        }
    }

    @Test("One folder cannot be split: the second linker gets nothing")
    func oneFolder() {
        let runs = SiteBuilder.foldersSplit((0..<10).map { "F/\($0).jpg" }, into: 2)
        #expect(runs == [0..<10, 10..<10])
    }
}
