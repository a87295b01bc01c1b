import SiteRenderer
import Testing

@testable import SiteBuild

@Suite("Redirects of moved item pages")
struct RedirectsTests {
    typealias Move = Redirects.Move

    @Test("A moved page leaves a redirect to its photo; an unmoved or new one does not")
    func moved() {
        let redirects = Redirects.following(
            Redirects(),
            moves: [
                Move(
                    photoPath: "a.jpg", itemPath: "items/mug.html", previousItemPath: "items/a.html"
                ),
                Move(
                    photoPath: "b.jpg", itemPath: "items/b.html", previousItemPath: "items/b.html"),
                Move(photoPath: "c.jpg", itemPath: "items/c.html", previousItemPath: nil),
            ])
        #expect(redirects == Redirects(["items/a.html": "a.jpg"]))
        #expect(
            redirects.targets(itemPaths: ["a.jpg": "items/mug.html"]).map { [$0.from, $0.to] }
                == [["items/a.html", "items/mug.html"]])
    }

    @Test("Renamed twice, both old paths lead to the newest; renamed back, the page wins")
    func renamedTwice() {
        var redirects = Redirects.following(
            Redirects(),
            moves: [
                Move(photoPath: "a.jpg", itemPath: "items/b.html", previousItemPath: "items/a.html")
            ])
        redirects = Redirects.following(
            redirects,
            moves: [
                Move(photoPath: "a.jpg", itemPath: "items/c.html", previousItemPath: "items/b.html")
            ])
        #expect(redirects == Redirects(["items/a.html": "a.jpg", "items/b.html": "a.jpg"]))
        #expect(
            redirects.targets(itemPaths: ["a.jpg": "items/c.html"]).map(\.to)
                == ["items/c.html", "items/c.html"])
        redirects = Redirects.following(
            redirects,
            moves: [
                Move(photoPath: "a.jpg", itemPath: "items/a.html", previousItemPath: "items/c.html")
            ])
        #expect(redirects == Redirects(["items/b.html": "a.jpg", "items/c.html": "a.jpg"]))
    }

    @Test("A redirect is dropped when another product's page takes its path or its photo goes")
    func dropped() {
        let previous = Redirects(["items/old.html": "a.jpg", "items/gone.html": "z.jpg"])
        let redirects = Redirects.following(
            previous,
            moves: [
                Move(
                    photoPath: "a.jpg", itemPath: "items/new.html",
                    previousItemPath: "items/new.html"),
                Move(
                    photoPath: "b.jpg", itemPath: "items/old.html", previousItemPath: "items/b.html"
                ),
            ])
        #expect(redirects == Redirects(["items/b.html": "b.jpg"]))
    }

    @Test("Relative links climb out of the folders the two paths do not share")
    func relativeLinks() {
        #expect(Redirects.relativeLink(from: "items/a/x.html", to: "items/a/y.html") == "y.html")
        #expect(
            Redirects.relativeLink(from: "items/a/b/x.html", to: "items/c/y z.html")
                == "../../c/y%20z.html")
        #expect(Redirects.relativeLink(from: "items/x.html", to: "items/a/y.html") == "a/y.html")
        #expect(
            Redirects.relativeLink(from: "items/a/x.html", to: "items/a-b/y.html")
                == "../a-b/y.html")
    }

    @Test("The page refreshes to the new path, links it for people, and has no script")
    func page() throws {
        let page = Redirects.page(
            from: "items/shop/img-1.html", to: "items/shop/mug & cup.html", name: "Mug & cup",
            language: "en", site: nil)
        #expect(
            page.contains(#"<meta http-equiv="refresh" content="0; url=mug%20%26%20cup.html">"#))
        #expect(page.contains(#"<link rel="canonical" href="mug%20%26%20cup.html">"#))
        #expect(page.contains(#"<a href="mug%20%26%20cup.html">Mug &amp; cup</a>"#))
        #expect(!page.contains("<script"))
        let site = try #require(SiteAddress("https://shop.example/gallery/"))
        let absolute = Redirects.page(
            from: "items/a.html", to: "items/b.html", name: "B", language: "de", site: site)
        #expect(
            absolute.contains(
                #"<link rel="canonical" href="https://shop.example/gallery/items/b.html">"#))
        #expect(absolute.contains(#"content="0; url=b.html""#) && absolute.contains(#"lang="de""#))
    }

    @Test("_redirects has one permanent redirect a line, paths from the root, encoded")
    func hostFile() {
        let text = Redirects.hostFile([
            ("items/a b.html", "items/c.html"), ("items/d.html", "items/e.html"),
        ])
        let rules = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(
            rules == ["/items/a%20b.html /items/c.html 301", "/items/d.html /items/e.html 301"])
    }
}
