import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// Item pages, site settings and privacy, built in-process from real files.
@Suite("Item pages and site settings, end to end", .serialized)
struct ItemPagesEndToEndTests {
    /// Four photos in two folders with metadata: a product, a sold-out one, a camera name.
    static func shop() throws -> TemporaryFolder {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        for name in ["Shop/bowl.jpg", "Shop/IMG_0001.jpg", "Shop/cup.jpg", "Yard/tree.jpg"] {
            try work.write("photos/" + name, photo)
        }
        try work.write(
            "photos/metadata.json",
            """
            { "photos": {
                "Shop/bowl.jpg": { "title": "Terracotta espresso cup & saucer", "price": "€24",
                                   "badge": "New", "link": "https://shop.example/bowl" },
                "Shop/cup.jpg": { "title": "Cup", "availability": "sold out" } },
              "sections": { "Shop": { "title": "The shop" } } }
            """)
        return work
    }

    static func inode(_ path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
    }

    @Test("Every photo has its page; cards link to them; originals stay private unless asked for")
    func itemPages() throws {
        let work = try Self.shop()
        let site = work.path + "/site"
        let run = CapturedRun(["build", work.path + "/photos", "-o", site, "--quiet"])
        #expect(run.exitCode == .success, "\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        // Gallery order: bowl, cup, IMG_0001 (natural order), then the next folder.
        let items = [
            "shop/terracotta-espresso-cup-saucer", "shop/cup", "shop/img-0001", "yard/tree",
        ].map {
            site + "/items/" + $0 + ".html"
        }
        for item in items { #expect(FileManager.default.fileExists(atPath: item), "\(item)") }
        #expect(
            !FileManager.default.fileExists(atPath: site + "/photos"), "no originals by default")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains(#"<a href="items/shop/terracotta-espresso-cup-saucer.html">"#))
        #expect(index.contains(#"id="p-shop/terracotta-espresso-cup-saucer""#))
        #expect(!index.contains("IMG") && index.contains(#"alt="The shop 3""#))
        #expect(index.contains(#"<span class="wf-badge">New</span>"#))
        #expect(index.contains(#"class="wf-sold-out""#) && index.contains(">Sold out<"))
        #expect(index.contains("4 photos") && index.contains("3 photos"))
        #expect(!index.contains("photos/Shop"))
        let bowl = try String(contentsOfFile: items[0], encoding: .utf8)
        #expect(bowl.contains(#"href="../../index.html#p-shop/terracotta-espresso-cup-saucer""#))
        #expect(
            bowl.contains(
                #"rel="next">Next: <span dir="auto">Cup</span> <span class="wf-arrow" aria-hidden="true">→</span>"#
            ))
        #expect(bowl.contains("View in shop") && !bowl.contains("Download original"))
        let tree = try String(contentsOfFile: items[3], encoding: .utf8)
        #expect(
            tree.contains(
                #"rel="prev"><span class="wf-arrow" aria-hidden="true">←</span> Previous: <span dir="auto">The shop 3</span></a>"#
            )
                && !tree.contains(#"rel="next""#))

        // A rebuild rewrites only the pages whose inputs changed: the cup's (its slug keeps its
        // address under a new title), and the pages of its neighbours, which show its name.
        let before = items.map(Self.inode)
        try work.write(
            "photos/metadata.json",
            """
            { "photos": {
                "Shop/bowl.jpg": { "title": "Terracotta espresso cup & saucer", "price": "€24",
                                   "badge": "New", "link": "https://shop.example/bowl" },
                "Shop/cup.jpg": { "title": "Blue cup", "slug": "cup", "availability": "sold out" } },
              "sections": { "Shop": { "title": "The shop" } } }
            """)
        let again = CapturedRun(["build", work.path + "/photos", "-o", site, "--quiet"])
        #expect(again.exitCode == .success, "\(again.error)")
        let after = items.map(Self.inode)
        #expect(before[0] != after[0] && before[1] != after[1] && before[2] != after[2])
        #expect(before[3] == after[3], "two photos away: kept")

        let published = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--publish-originals",
        ])
        #expect(published.exitCode == .success, "\(published.error)")
        #expect(FileManager.default.fileExists(atPath: site + "/photos/Shop/bowl.jpg"))
        let withOriginal = try String(contentsOfFile: items[0], encoding: .utf8)
        #expect(
            withOriginal.contains(#"href="../../photos/Shop/bowl.jpg" download>Download original"#))
    }

    @Test("Polish and Arabic count photos in their own plural forms, from the built-in words")
    func pluralForms() throws {
        let work = try Self.shop()
        let site = work.path + "/site"
        let polish = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--language", "pl",
        ])
        #expect(polish.exitCode == .success && polish.error.isEmpty, "\(polish.error)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        // 4 is few, the Shop's 3 too, the Yard's 1 is one.
        #expect(
            index.contains("4 zdjęcia") && index.contains("3 zdjęcia")
                && index.contains("1 zdjęcie"))
        #expect(index.contains("Wyprzedane") && index.contains("Przejdź do zdjęć"))

        let arabic = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--language", "ar",
            "--layout-files",
        ])
        #expect(arabic.exitCode == .success && arabic.error.isEmpty, "\(arabic.error)")
        let arabicIndex = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        // Arabic reads right to left: the page says so and its tiles are mirrored.
        #expect(arabicIndex.contains(#"<html lang="ar" dir="rtl">"#))
        let layout = try EndToEndTests.layout(of: URL(fileURLWithPath: site))
        #expect((layout["options"] as? [String: Any])?["direction"] as? String == "rightToLeft")
        #expect(arabicIndex.contains("4 صور") && arabicIndex.contains("صورة واحدة"))
        #expect(arabicIndex.contains("نفدت الكمية"))
    }

    @Test("language, description, intro, logo, favicon and the call to action reach the pages")
    func settings() throws {
        let work = try Self.shop()
        try work.write("logo.png", GeneratedPhoto.png(width: 8, height: 8, seed: 1))
        try work.write("icon.png", GeneratedPhoto.png(width: 4, height: 4, seed: 2))
        let site = work.path + "/site"
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--language", "de",
            "--description", "Keramik aus der Werkstatt", "--intro", "Alles handgemacht.",
            "--logo", work.path + "/logo.png", "--favicon", work.path + "/icon.png",
            "--call-to-action", "Jetzt kaufen",
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains(#"<html lang="de">"#))
        #expect(index.contains(#"<meta name="description" content="Keramik aus der Werkstatt">"#))
        #expect(index.contains(#"<p class="site-intro">Alles handgemacht.</p>"#))
        #expect(index.contains("4 Fotos") && index.contains("Ausverkauft"))
        #expect(index.contains("Zu den Fotos springen"))
        let logo = try #require(
            SiteRendererTestsShim.match(#"src="(assets/logo\.[0-9a-f]{16}\.png)""#, index))
        #expect(FileManager.default.fileExists(atPath: site + "/" + logo))
        let icon = try #require(
            SiteRendererTestsShim.match(
                #"rel="icon" href="(assets/favicon\.[0-9a-f]{16}\.png)""#, index))
        #expect(FileManager.default.fileExists(atPath: site + "/" + icon))
        let bowl = try String(
            contentsOfFile: site + "/items/shop/terracotta-espresso-cup-saucer.html",
            encoding: .utf8)
        #expect(bowl.contains(">Jetzt kaufen</a>") && bowl.contains("Zurück zur Galerie"))
        #expect(bowl.contains(#"<link rel="icon" href="../../\#(icon)">"#))

        let unknown = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--language", "fi",
        ])
        #expect(unknown.exitCode == .success)
        #expect(unknown.error.contains("no interface words for language 'fi'; English is used"))
        let bad = CapturedRun(["build", work.path + "/photos", "-o", site, "--language", "e n"])
        #expect(bad.exitCode == .usage && bad.error.contains("--language"))
        let missing = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--logo", work.path + "/none.png",
        ])
        #expect(missing.exitCode == .failure && missing.error.contains("--logo"))
    }

    @Test("Folders whose names differ only in Unicode form (a Mac's decomposed é) both publish")
    func canonicallyEquivalentFolders() throws {
        let work = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        // "Café" typed on Linux (é composed) and copied from a Mac (e + U+0301): Swift's String
        // takes them for one name, the file system for two folders.
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        for name in [composed + "/bowl.jpg", decomposed + "/cup.jpg", decomposed + "/bowl.jpg"] {
            try work.write("photos/" + name, photo)
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: work.path + "/photos")
        #expect(folders.count == 2 && Set(folders).count == 1, "two folders, one String")
        let site = work.path + "/site"
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--publish-originals",
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        for name in [composed + "/bowl.jpg", decomposed + "/cup.jpg", decomposed + "/bowl.jpg"] {
            var info = stat()
            #expect(stat(site + "/photos/" + name, &info) == 0, "\(Array(name.utf8))")
        }
        // One folder of item pages, in the composed form; the two bowls meet in one slug, so
        // each gets a hash of its own path.
        let items = try FileManager.default.contentsOfDirectory(atPath: site + "/items")
        #expect(items.map { Array($0.utf8) } == [Array(composed.lowercased().utf8)])
        let pages = try FileManager.default.contentsOfDirectory(atPath: site + "/items/" + items[0])
            .sorted()
        #expect(pages.count == 3 && pages.contains("cup.html"), "\(pages)")
        #expect(pages.filter { $0.hasPrefix("bowl-") && $0.hasSuffix(".html") }.count == 2)
    }

    @Test(
        "A folder renamed to the other Unicode form of its name: the rebuild equals a clean build")
    func folderRenamedToOtherUnicodeForm() throws {
        let work = try TemporaryFolder()
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        try work.write("photos/" + composed + "/bowl.jpg", Repository.samplePhoto())
        try work.write("photos/cup.jpg", Repository.samplePhoto("wall-clock.jpg"))
        let site = work.path + "/site"
        let build = ["build", work.path + "/photos", "--quiet", "--publish-originals"]
        #expect(CapturedRun(build + ["-o", site]).exitCode == .success)
        // As a Mac's copy of the folder names it; the file keeps its inode and times, so only the
        // name's bytes tell the photo moved.
        #expect(
            rename(work.path + "/photos/" + composed, work.path + "/photos/" + decomposed) == 0)
        let rebuild = CapturedRun(build + ["-o", site])
        #expect(rebuild.exitCode == .success && rebuild.error.isEmpty, "\(rebuild.error)")
        #expect(
            CapturedRun(build + ["-o", work.path + "/clean", "--no-cache"]).exitCode == .success)
        #expect(try Self.exactTree(site) == Self.exactTree(work.path + "/clean"))
        var info = stat()
        #expect(stat(site + "/photos/" + composed + "/bowl.jpg", &info) != 0, "the old name left")
    }

    /// Every file below `root` as its path's bytes and its own, in byte order: a dictionary keyed
    /// by `String` would take a name in one Unicode form for the other.
    static func exactTree(_ root: String) throws -> [[UInt8]: Data] {
        var files: [[UInt8]: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            files[Array(path.utf8)] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
        }
        return files
    }

    @Test("A theme made before item pages builds with the built-in item page and a warning")
    func oldTheme() throws {
        let work = try Self.shop()
        let theme = work.url.appending(path: "theme")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        for name in ["page.html", "section.html", "tile.html", "pagination.html", "waterfall.css"] {
            try FileManager.default.copyItem(
                at: Repository.root.appending(path: "Templates/" + name),
                to: theme.appending(path: name))
        }
        let site = work.path + "/site"
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--templates", theme.path,
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        #expect(run.error.contains("theme has no item.html; the built-in item page is used"))
        #expect(run.error.contains("theme has no strings.json"))
        #expect(
            FileManager.default.fileExists(
                atPath: site + "/items/shop/terracotta-espresso-cup-saucer.html"))
    }
}

/// A first capture group of a regular expression.
enum SiteRendererTestsShim {
    static func match(_ pattern: String, _ text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(found.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
