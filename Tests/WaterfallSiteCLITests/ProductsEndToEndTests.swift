import Foundation
import TestSupport
import Testing

@Suite("Products of several photos and variants, end to end")
struct ProductsEndToEndTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// A copy of the sample in a temporary folder, with `edit` applied to its metadata.json.
    func sample(editing edit: (String) -> String = { $0 }) throws -> TemporaryFolder {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        try editMetadata(work, edit)
        return work
    }

    func editMetadata(_ work: TemporaryFolder, _ edit: (String) -> String) throws {
        let file = work.url.appending(path: "photos/metadata.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try edit(text).write(to: file, atomically: true, encoding: .utf8)
    }

    func build(_ work: TemporaryFolder, _ options: [String] = []) throws -> ProcessRun {
        try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-renditions"] + options, in: work.url)
    }

    @Test("The sample's products: one card each, a page with every photo, variants listed")
    func sampleProducts() throws {
        let work = try sample()
        let run = try build(work)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("Built 37 photos as 35 products"))
        let site = work.url.appending(path: "site")
        let home = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(home.contains("items/ceramics/stacking-cups-set-of-6.html"))
        #expect(!home.contains("Cup-Rims-Detail"), "the rims are not a card of their own")
        let cups = try String(
            contentsOf: site.appending(path: "items/ceramics/stacking-cups-set-of-6.html"),
            encoding: .utf8)
        #expect(cups.contains("Cup-Rims-Detail.jpg"))
        #expect(cups.contains(##"<a href="#view-2">"##))
        let print = try String(
            contentsOf: site.appending(path: "items/nature/flower-print-a4.html"), encoding: .utf8)
        #expect(print.contains(##"<a href="#view-2" dir="auto">Orange</a>"##))
        #expect(
            !FileManager.default.fileExists(
                atPath: site.appending(path: "items/nature/orange-blossom.html").path))
    }

    @Test("A rebuild after changing one variant's price rewrites only its product's page")
    func variantPriceRewritesItsPage() throws {
        let work = try sample()
        #expect(try build(work).status == 0)
        let site = work.url.appending(path: "site")
        let before = try BuildCacheTests.identities(of: site)
        try editMetadata(work) {
            $0.replacingOccurrences(of: #""price": "€28""#, with: #""price": "€30""#)
        }
        let run = try build(work)
        #expect(run.status == 0, "\(run.error)")
        let after = try BuildCacheTests.identities(of: site)
        #expect(after.keys.sorted() == before.keys.sorted(), "the same files")
        let rewritten = after.keys.filter { after[$0] != before[$0] }.sorted()
        // The card shows the cover, the yellow print at €24: no gallery page changes.
        #expect(rewritten == ["items/nature/flower-print-a4.html"], "\(rewritten)")
        let page = try String(
            contentsOf: site.appending(path: "items/nature/flower-print-a4.html"), encoding: .utf8)
        #expect(page.contains("€30"))
    }

    @Test("Rows of one product that disagree stop the build and are listed by check, naming both")
    func conflictingRows() throws {
        let work = try sample {
            $0.replacingOccurrences(
                of: #""product": "stacking-cups", "position": 2,"#,
                with: #""product": "stacking-cups", "position": 2, "price": "€40","#)
        }
        let run = try build(work)
        #expect(run.status == 1)
        #expect(
            run.error.contains(
                "photo 'Ceramics/stacked-cups.jpg' key 'price': product 'stacking-cups': price is '€42' here but '€40' in photo 'Ceramics/Cup-Rims-Detail.jpg' key 'price'"
            ), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
        let check = try ProcessRun(binary, ["check", "photos"], in: work.url)
        #expect(check.status == 1)
        #expect((check.output + check.error).contains("product 'stacking-cups': price"))
    }

    @Test("A photo's old page leads to its product's page once it joins the product")
    func joiningAProductRedirects() throws {
        let work = try sample {
            $0.replacingOccurrences(
                of: #""product": "stacking-cups", "position": 2,"#, with: #""title": "Cup rims","#)
        }
        #expect(try build(work).status == 0)
        let site = work.url.appending(path: "site")
        let old = site.appending(path: "items/ceramics/cup-rims.html")
        #expect(FileManager.default.fileExists(atPath: old.path))
        try editMetadata(work) {
            $0.replacingOccurrences(
                of: #""title": "Cup rims","#, with: #""product": "stacking-cups", "position": 2,"#)
        }
        let run = try build(work)
        #expect(run.status == 0, "\(run.error)")
        let redirect = try String(contentsOf: old, encoding: .utf8)
        #expect(redirect.contains("stacking-cups-set-of-6.html"), "\(redirect)")
        let hostFile = try String(
            contentsOf: site.appending(path: "_redirects"), encoding: .utf8)
        #expect(
            hostFile.contains(
                "/items/ceramics/cup-rims.html /items/ceramics/stacking-cups-set-of-6.html 301"),
            "\(hostFile)")
    }
}
