import MasonryLayout
import Testing

@testable import SiteRenderer

@Suite("Page fingerprints")
struct PageFingerprintTests {
    @Test(
        "Equal pages have equal fingerprints, by either entry point; any change to what a page shows changes it"
    )
    func fingerprintFollowsEveryField() throws {
        let renderer = try SiteRendererTests.renderer()
        let page = SiteRendererTests.page(photos: 12)
        let base = renderer.fingerprint(of: page, salt: 1)
        #expect(renderer.fingerprint(of: page, salt: 1) == base)
        #expect(
            renderer.fingerprint(
                page: page.number, of: page.count,
                sections: page.sections.map { ($0.folder, $0.title, $0.options, $0.photos[...]) },
                salt: 1)
                == base)
        #expect(renderer.fingerprint(of: page, salt: 2) != base, "another program build")
        #expect(
            try SiteRendererTests.renderer(captionHeight: 64).fingerprint(of: page, salt: 1)
                != base, "other options")

        let image = SiteImage(
            candidates: [.init(path: "renditions/a-100.jpg", width: 100)],
            src: "renditions/a-100.jpg")
        let changes: [(String, (inout SitePhoto) -> Void)] = [
            ("path", { $0.path += "x" }), ("width", { $0.width += 1 }),
            ("height", { $0.height += 1 }),
            ("alt", { $0.alt += "!" }), ("title", { $0.title = "T" }),
            ("caption", { $0.caption = "C" }),
            ("price", { $0.price = "€1" }), ("link", { $0.link = "https://example.com" }),
            ("image", { $0.image = image }),
        ]
        for (field, change) in changes {
            var changed = page
            change(&changed.sections[1].photos[2])
            #expect(renderer.fingerprint(of: changed, salt: 1) != base, "\(field)")
        }
        var moved = page
        moved.sections[0].title += " "
        #expect(renderer.fingerprint(of: moved, salt: 1) != base, "section title")
        let sectionChanges: [(String, (inout SectionOptions) -> Void)] = [
            ("footer", { $0.footer = "F" }),
            ("columns", { $0.columns = [Breakpoint(minimumWidth: 0, columns: 1)] }),
            ("insets", { $0.insets = EdgeInsets(all: 3) }), ("sizes", { $0.imageSizes = "50vw" }),
        ]
        for (field, change) in sectionChanges {
            var changed = page
            change(&changed.sections[1].options)
            #expect(renderer.fingerprint(of: changed, salt: 1) != base, "section \(field)")
        }
        var renumbered = page
        renumbered.count += 1
        #expect(renderer.fingerprint(of: renumbered, salt: 1) != base, "page count")
        // The same photos cut into sections differently.
        var regrouped = page
        let first = regrouped.sections[1].photos.removeFirst()
        regrouped.sections[0].photos.append(first)
        #expect(renderer.fingerprint(of: regrouped, salt: 1) != base, "section boundaries")
    }

    @Test(
        "A photo changed in place after its page was keyed changes the key; copies keep theirs"
    )
    func changeAfterKeying() throws {
        let renderer = try SiteRendererTests.renderer()
        var page = SiteRendererTests.page(photos: 12)
        let base = renderer.fingerprint(of: page, salt: 1)
        // No other page shares the photo's box: it changes in place, and must forget the
        // digest that the key above kept in it.
        page.sections[1].photos[2].caption = "Glazed"
        let glazed = renderer.fingerprint(of: page, salt: 1)
        #expect(glazed != base)
        page.sections[1].photos[2].caption = nil
        #expect(renderer.fingerprint(of: page, salt: 1) == base)
        // A shared box is copied on the change: the other page keeps its photo and its key.
        let copy = page
        page.sections[1].photos[2].caption = "Glazed"
        #expect(renderer.fingerprint(of: page, salt: 1) == glazed)
        #expect(renderer.fingerprint(of: copy, salt: 1) == base)
    }

    @Test("Strings are hashed with their length: splitting text differently changes the hash")
    func textBoundaries() {
        var one = StableHasher()
        one.combine("ab")
        one.combine("c")
        var other = StableHasher()
        other.combine("a")
        other.combine("bc")
        #expect(one.value != other.value)
        var long = StableHasher()
        long.combine("0123456789abcdef0123")
        var longer = StableHasher()
        longer.combine("0123456789abcdef01234")
        #expect(long.value != longer.value)
    }
}
