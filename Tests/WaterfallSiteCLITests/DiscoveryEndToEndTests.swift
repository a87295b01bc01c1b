import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--base-url` from the command line on real files: what is written with it and without it.
@Suite("Found and shared, end to end", .serialized)
struct DiscoveryEndToEndTests {
    static let hostile = "</script><!-- \"x\" 'y' \u{2028} -->"

    static func shop() throws -> TemporaryFolder {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        for name in ["Shop/bowl.jpg", "Shop/cup.jpg", "Shop/vase.jpg", "Yard/tree.jpg"] {
            try work.write("photos/" + name, photo)
        }
        let hostile = Self.hostile.replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
        try work.write(
            "photos/metadata.json",
            """
            { "photos": {
                "Shop/bowl.jpg": { "title": "\(hostile)", "slug": "bowl", "price": "€24",
                                   "caption": "\(hostile)",
                                   "link": "https://shop.example/bowl" },
                "Shop/cup.jpg": { "title": "Cup", "price": "18.50", "availability": "sold out" },
                "Shop/vase.jpg": { "title": "Vase", "price": "ask us" },
                "Yard/tree.jpg": { "creator": "Ana" } } }
            """)
        return work
    }

    @Test("Without --base-url: relative canonical links, no cards, no site files, one hint")
    func withoutBaseURL() throws {
        let work = try Self.shop()
        let site = work.path + "/site"
        let run = CapturedRun(["build", work.path + "/photos", "-o", site, "--currency", "EUR"])
        #expect(run.exitCode == .success, "\(run.error)")
        #expect(run.output.contains("--base-url URL would add"))
        #expect(run.error.isEmpty, "no price warning without structured data: \(run.error)")
        for name in ["sitemap.xml", "robots.txt", "feed.xml"] {
            #expect(!FileManager.default.fileExists(atPath: site + "/" + name), "\(name)")
        }
        let cup = try String(contentsOfFile: site + "/items/shop/cup.html", encoding: .utf8)
        #expect(cup.contains(#"<link rel="canonical" href="cup.html">"#))
        #expect(!cup.contains("og:") && !cup.contains("ld+json"))
        // A bare amount with a currency is shown as the language writes prices.
        #expect(cup.contains("€18.50"))
        // A share image without --base-url would do nothing: said, not silently dropped.
        let shared = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--share-image", "Shop/cup.jpg",
        ])
        #expect(shared.exitCode == .success, "\(shared.error)")
        #expect(
            shared.error.contains("share image 'Shop/cup.jpg' is used only with --base-url"),
            "\(shared.error)")
    }

    @Test("With --base-url: cards, JSON-LD that hostile text cannot break, sitemap, robots, feed")
    func withBaseURL() throws {
        let work = try Self.shop()
        let site = work.path + "/site"
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--base-url", "https://Shop.example/g",
            "--currency", "EUR", "--quiet",
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        #expect(run.error.contains("photo 'Shop/vase.jpg': price 'ask us'"), "\(run.error)")
        let bowl = try String(contentsOfFile: site + "/items/shop/bowl.html", encoding: .utf8)
        #expect(
            bowl.contains(
                #"<link rel="canonical" href="https://shop.example/g/items/shop/bowl.html">"#))
        #expect(
            bowl.contains(
                #"<meta property="og:url" content="https://shop.example/g/items/shop/bowl.html">"#))
        #expect(!bowl.contains("</script><!--") && !bowl.contains("\u{2028}</script>"))
        let script = try #require(
            bowl.components(separatedBy: #"<script type="application/ld+json">"#).last?
                .components(separatedBy: "</script>").first)
        let product = try #require(
            try JSONSerialization.jsonObject(with: Data(script.utf8)) as? [String: Any])
        #expect(product["@type"] as? String == "Product")
        #expect(product["name"] as? String == Self.hostile)
        let offers = product["offers"] as? [String: Any]
        #expect(offers?["url"] as? String == "https://shop.example/bowl")
        #expect(offers?["priceCurrency"] as? String == "EUR")
        let cup = try String(contentsOfFile: site + "/items/shop/cup.html", encoding: .utf8)
        #expect(
            cup.contains(
                #""price":18.5,"priceCurrency":"EUR","availability":"https://schema.org/SoldOut""#))
        let vase = try String(contentsOfFile: site + "/items/shop/vase.html", encoding: .utf8)
        #expect(vase.contains(#""@type":"ImageObject""#) && !vase.contains("Offer"))
        let tree = try String(contentsOfFile: site + "/items/yard/tree.html", encoding: .utf8)
        #expect(tree.contains(#""creator":{"@type":"Person","name":"Ana"}"#))
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains(#""@type":"ItemList""#) && index.contains("og:image:width"))

        let sitemap = try String(contentsOfFile: site + "/sitemap.xml", encoding: .utf8)
        #expect(sitemap.contains("<loc>https://shop.example/g/</loc>"))
        #expect(
            sitemap.contains("<loc>https://shop.example/g/items/yard/tree.html</loc><image:image>"))
        let robots = try String(contentsOfFile: site + "/robots.txt", encoding: .utf8)
        #expect(robots.contains("Sitemap: https://shop.example/g/sitemap.xml"))
        let feed = try String(contentsOfFile: site + "/feed.xml", encoding: .utf8)
        #expect(feed.components(separatedBy: "<entry>").count == 5)
        for file in ["sitemap.xml", "feed.xml"] {
            let parser = try #require(
                XMLParser(contentsOf: URL(fileURLWithPath: site + "/" + file)))
            #expect(parser.parse(), "\(file)")
        }

        // A rebuild with nothing changed keeps the sitemap file itself; a newer photo changes
        // the feed but renders no item page again.
        func inode(_ path: String) -> UInt64 {
            var info = stat()
            return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
        }
        let sitemapInode = inode(site + "/sitemap.xml")
        let itemInode = inode(site + "/items/shop/cup.html")
        var times = [
            timespec(tv_sec: 2_000_000_000, tv_nsec: 0),
            timespec(tv_sec: 2_000_000_000, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, work.path + "/photos/Yard/tree.jpg", &times, 0) == 0)
        let again = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--base-url", "https://shop.example/g/",
            "--currency", "EUR",
        ])
        #expect(again.exitCode == .success, "\(again.error)")
        #expect(inode(site + "/sitemap.xml") == sitemapInode)
        #expect(inode(site + "/items/shop/cup.html") == itemInode)
        let newer = try String(contentsOfFile: site + "/feed.xml", encoding: .utf8)
        #expect(newer != feed)
        #expect(
            newer.components(separatedBy: "<entry>")[1].contains("items/yard/tree.html"),
            "the newest photo comes first")
    }

    @Test("--no-sitemap and --no-feed leave those files out")
    func turnedOff() throws {
        let work = try Self.shop()
        let site = work.path + "/site"
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--base-url", "https://shop.example/",
            "--no-sitemap", "--no-feed", "--quiet",
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        for name in ["sitemap.xml", "robots.txt", "feed.xml"] {
            #expect(!FileManager.default.fileExists(atPath: site + "/" + name), "\(name)")
        }
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains("og:image") && !index.contains("application/atom+xml"))
    }

    @Test(
        "A bad --base-url is a usage error naming the value",
        arguments: ["shop.example/gallery", "ftp://shop.example/", "https://shop.example/?a=1"])
    func badBaseURL(_ value: String) throws {
        let work = try Self.shop()
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", work.path + "/site", "--base-url", value,
        ])
        #expect(run.exitCode == .usage)
        #expect(run.error.contains("'--base-url'") && run.error.contains("'\(value)'"))
        #expect(!FileManager.default.fileExists(atPath: work.path + "/site"))
    }

    @Test("A bad baseURL or currency in the settings file names the key")
    func badSettings() throws {
        let work = try Self.shop()
        try work.write("photos/waterfall.json", #"{ "baseURL": "gallery/", "currency": "EUR" }"#)
        let run = CapturedRun(["build", work.path + "/photos", "-o", work.path + "/site"])
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("key 'baseURL'"), "\(run.error)")
        try work.write(
            "photos/waterfall.json", #"{ "baseURL": "https://a.example", "currency": "€" }"#)
        let second = CapturedRun(["build", work.path + "/photos", "-o", work.path + "/site"])
        #expect(second.error.contains("key 'currency'"), "\(second.error)")
    }
}
