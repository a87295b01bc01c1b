import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// Availability states, sales and product links from a metadata file to the built pages.
@Suite("Availability, sales and links, end to end", .serialized)
struct AvailabilityEndToEndTests {
    static func shop(_ photos: String) throws -> TemporaryFolder {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        for name in ["brushes.jpg", "clock.jpg", "cups.jpg"] {
            try work.write("photos/" + name, photo)
        }
        try work.write("photos/metadata.json", #"{ "photos": {"# + photos + "} }")
        return work
    }

    @Test("A pre-order, a sale and a sold-out product read as such on cards, pages and in JSON-LD")
    func states() throws {
        let work = try Self.shop(
            """
            "brushes.jpg": { "title": "Brushes", "price": "€18", "availability": "Pre-order",
                             "link": "https://shop.example/brushes" },
            "clock.jpg": { "title": "Clock", "price": "€45", "compare_at_price": "€60" },
            "cups.jpg": { "title": "Cups", "price": "€42", "availability": "out of stock",
                          "link": "https://shop.example/cups" }
            """)
        let site = work.path + "/site"
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--base-url",
            "https://shop.example/",
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains(#"<span class="wf-badge wf-badge-state">Pre-order</span>"#))
        #expect(index.contains(#"<span class="wf-badge wf-badge-sold">Out of stock</span>"#))
        #expect(
            index.contains(
                #"<bdi>€45</bdi> <s class="wf-was"><span class="wf-sr">was </span><bdi>€60</bdi></s>"#
            ))
        let brushes = try String(contentsOfFile: site + "/items/brushes.html", encoding: .utf8)
        #expect(brushes.contains(">Pre-order in the shop</a>"))
        #expect(brushes.contains(#""availability":"https://schema.org/PreOrder""#))
        let cups = try String(contentsOfFile: site + "/items/cups.html", encoding: .utf8)
        #expect(cups.contains(#"class="wf-cta wf-cta-unavailable""#))
        #expect(cups.contains(">Out of stock: see it in the shop</a>"))
        #expect(cups.contains(#""availability":"https://schema.org/OutOfStock""#))
        let clock = try String(contentsOfFile: site + "/items/clock.html", encoding: .utf8)
        #expect(clock.contains(#""price":45"#) && !clock.contains(#""price":60"#))
    }

    @Test("A sale that is no sale stops the build, naming the file, the photo and the fix")
    func badSale() throws {
        let work = try Self.shop(#""clock.jpg": { "price": "€60", "compareAtPrice": "€45" }"#)
        let run = CapturedRun(["build", work.path + "/photos", "-o", work.path + "/site"])
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("metadata.json"), "\(run.error)")
        #expect(run.error.contains("photo 'clock.jpg'") && run.error.contains("no sale"))
        #expect(!FileManager.default.fileExists(atPath: work.path + "/site/index.html"))
    }

    @Test("A shop link written without https:// stops the build with the address to write")
    func linkWithoutScheme() throws {
        let work = try Self.shop(
            #""cups.jpg": { "title": "Tote", "link": "www.etsy.com/listing/123/canvas-tote" }"#)
        let run = CapturedRun(["build", work.path + "/photos", "-o", work.path + "/site"])
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("photo 'cups.jpg' key 'link'"), "\(run.error)")
        #expect(run.error.contains("write 'https://www.etsy.com/listing/123/canvas-tote'"))
    }

    @Test("An unknown availability names the value and every word it takes")
    func unknownState() throws {
        let work = try Self.shop(#""cups.jpg": { "availability": "coming soon" }"#)
        let run = CapturedRun(["build", work.path + "/photos", "-o", work.path + "/site"])
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("'coming soon'") && run.error.contains(#""made to order""#))
    }
}
