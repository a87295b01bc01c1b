import Testing

@testable import SiteBuild

@Suite("Category paths")
struct CategoryPathsTests {
    @Test("Folders become slugs at the site's top; nested folders nest; names never meet")
    func paths() {
        let folders = CategoryPaths.folders(
            for: ["Ceramics", "Prints/Large Prints", "Prints", "prints!", "Items", "assets/x"],
            reserved: ["items", "assets", "tags"])
        #expect(folders["Ceramics"] == "ceramics/")
        #expect(folders["Prints/Large Prints"] == "prints/large-prints/")
        #expect(folders["Prints"] == "prints/")
        #expect(folders["prints!"] == "prints-2/")
        #expect(folders["Items"] == "items-2/")
        #expect(folders["assets/x"] == "assets-2/x/")
    }

    @Test("A name too long for the file system is shortened, with room for a counter")
    func longName() {
        let long = String(repeating: "a", count: 400)
        let folders = CategoryPaths.folders(for: [long, long.uppercased() + "!"], reserved: [])
        let first = folders[long]!
        #expect(first.utf8.count <= NameLength.nameLimit - 8 + 1)
        #expect(folders[long.uppercased() + "!"] == String(first.dropLast()) + "-2/")
    }
}
