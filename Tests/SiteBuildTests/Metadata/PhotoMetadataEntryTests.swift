import Testing

@testable import SiteBuild

/// An entry keeps value semantics although its fields live in a shared box: a change to one copy
/// never shows in another.
@Suite("Metadata: an entry's fields copied on write")
struct PhotoMetadataEntryTests {
    @Test("changing a copy leaves the original as it was")
    func copyOnWrite() {
        var entry = PhotoMetadata.Entry(title: "Bowl")
        let original = entry
        entry.title = "Cup"
        entry.tags = ["blue"]
        entry.position = 2
        #expect(original.title == "Bowl")
        #expect(original.tags.isEmpty)
        #expect(original.position == nil)
        #expect(entry.title == "Cup")
        #expect(entry.tags == ["blue"])
        #expect(entry != original)
    }

    @Test("a change through a table changes that entry alone")
    func throughTable() {
        let entry = PhotoMetadata.Entry(caption: "plain")
        var table = ["a.jpg": entry, "b.jpg": entry]
        table["a.jpg"]?.caption = "changed"
        #expect(table["a.jpg"]?.caption == "changed")
        #expect(table["b.jpg"]?.caption == "plain")
        #expect(entry.caption == "plain")
    }

    @Test("entries are equal by their fields, whether or not they share a box")
    func equality() {
        var left = PhotoMetadata.Entry(title: "Bowl", price: "€24")
        var right = PhotoMetadata.Entry(title: "Bowl")
        #expect(left != right)
        right.price = "€24"
        #expect(left == right)
        left.availability = .soldOut
        #expect(left != right)
    }
}
