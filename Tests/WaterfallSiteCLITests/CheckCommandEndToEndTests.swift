import Foundation
import TestSupport
import Testing

/// `waterfall-site check` run as the built binary: clean on the sample, every problem of a
/// hostile shop named by file, row and column, and `build --strict` stopping on the same
/// warnings.
@Suite("waterfall-site check, end to end")
struct CheckCommandEndToEndTests {
    static func binary() throws -> URL {
        try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// A shop with a problem of every kind: a link without https://, an unknown availability,
    /// a sale that is none, a section with more columns than fit, a priced photo with no title or alt text, a row naming no photo, a
    /// folder row without photos, a top-level title, and a file that is no photo.
    static func hostileShop() throws -> TemporaryFolder {
        let shop = try TemporaryFolder()
        let photo = try Repository.samplePhoto()
        for path in ["top.jpg", "Ceramics/mug.jpg", "Ceramics/bowl.jpg", "Ceramics/vase.jpg"] {
            try shop.write(path, photo)
        }
        try shop.write("Ceramics/broken.jpg", "not a photo")
        try shop.write(
            "metadata.csv",
            """
            path,title,alt,price,link,compareAtPrice,availability,columns
            ./,Top photos,,,,,,
            Ceramics/mug.jpg,,,€24,,,,
            Ceramics/bowl.jpg,Bowl,A bowl,€30,www.etsy.com/listing/1,,,
            Ceramics/gone.jpg,Gone,,,,,,
            top.jpg,Top,A top,€10,,€5,,
            Ceramics/vase.jpg,Vase,A vase,,,,whenever,
            Prints/,Prints,,,,,,
            Ceramics/,,,,,,,400

            """)
        return shop
    }

    @Test("The sample is clean: nothing on stdout, exit 0, and nothing written")
    func sampleIsClean() throws {
        let work = try TemporaryFolder()
        let run = try ProcessRun(
            try Self.binary(), ["check", Repository.sampleImages.path], in: work.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.isEmpty)
        #expect(run.error.contains("Checked 37 photos and '"))
        #expect(run.error.contains("no problems"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
    }

    @Test("A hostile shop: each problem on a line of its own with file, row and column; exit 1")
    func hostileShopProblems() throws {
        let shop = try Self.hostileShop()
        let run = try ProcessRun(try Self.binary(), ["check", shop.path, "-q"], in: shop.url)
        #expect(run.status == 1)
        let file = "metadata file '\(shop.path)/metadata.csv'"
        let lines = run.output.split(separator: "\n").map(String.init)
        let expected = [
            "error: \(file): row 4 (line 4), column E ('link'): 'www.etsy.com/listing/1' is a web address without https://",
            "error: \(file): row 7 (line 7), column G ('availability'): must be one of",
            "error: \(file): row 6 (line 6), column F ('compareAtPrice'): compareAtPrice '€5' is not more than the price '€10'",
            "error: \(file): row 9 (line 9), column H ('columns'): 400 columns are",
            "warning: \(file): row 2 (line 2), column B ('title'): the top-level photos have no section header",
            "warning: \(file): row 3 (line 3), column B ('title'): has a price but no title",
            "warning: \(file): row 3 (line 3), column C ('alt'): has a price but no alt text and no title",
            "warning: \(file): row 5 (line 5), column A ('path'): no photo 'Ceramics/gone.jpg' was found",
            "warning: \(file): row 8 (line 8), column A ('path'): no photos in folder 'Prints'",
            "skipped: Ceramics/broken.jpg: ",
        ]
        #expect(lines.count == expected.count, "\(run.output)")
        for (line, start) in zip(lines, expected) {
            #expect(line.hasPrefix(start), "\(line)")
        }
        #expect(run.error.contains("4 errors and 6 warnings; the site would not be built"))
        // Nothing was built or recorded, in the shop or beside it.
        #expect(!FileManager.default.fileExists(atPath: shop.url.appending(path: "_site").path))
    }

    @Test(
        "Warnings alone exit 0, and 1 with --strict; build prints the same lines and --strict stops it"
    )
    func warningsAndStrict() throws {
        let shop = try TemporaryFolder()
        try shop.write("Cups/a.jpg", try Repository.samplePhoto())
        try shop.write(
            "metadata.json", #"{"photos": {"Cups/a.jpg": {"price": "€4", "alt": "A cup"}}}"#)
        let binary = try Self.binary()
        let check = try ProcessRun(binary, ["check", shop.path], in: shop.url)
        #expect(check.status == 0, "\(check.error)")
        let warning =
            "warning: metadata file '\(shop.path)/metadata.json': photo 'Cups/a.jpg' key 'title': has a price but no title"
        #expect(check.output.hasPrefix(warning))
        #expect(check.output.split(separator: "\n").count == 1)
        #expect(check.error.contains("1 warning"))
        let strictCheck = try ProcessRun(binary, ["check", shop.path, "--strict"], in: shop.url)
        #expect(strictCheck.status == 1)
        #expect(strictCheck.error.contains("1 warning (--strict); the site would not be built"))

        let site = shop.url.appending(path: "site")
        let strictBuild = try ProcessRun(
            binary, ["build", shop.path, "-o", site.path, "--no-renditions", "--strict"],
            in: shop.url)
        #expect(strictBuild.status == 1)
        #expect(strictBuild.error.contains(warning))
        #expect(
            strictBuild.error.contains(
                "--strict: 1 metadata warning; the site was not built"))
        #expect(!FileManager.default.fileExists(atPath: site.path))
        let build = try ProcessRun(
            binary, ["build", shop.path, "-o", site.path, "--no-renditions", "-q"], in: shop.url)
        #expect(build.status == 0, "\(build.error)")
        #expect(build.error == check.output)
    }

    @Test("The command line: its own --help, the top-level help, and 64 for misuse")
    func usage() throws {
        let binary = try Self.binary()
        let help = try ProcessRun(binary, ["check", "--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("Usage: waterfall-site check [PHOTOS]"))
        #expect(help.output.contains("--strict"))
        let main = try ProcessRun(binary, ["--help"])
        #expect(main.output.contains("waterfall-site check PHOTOS"))
        let twoFolders = try ProcessRun(binary, ["check", "a", "b"])
        #expect(twoFolders.status == 64)
        #expect(twoFolders.error.contains("check takes one folder of photos, got 2"))
        let misspelt = try ProcessRun(binary, ["chek"])
        #expect(misspelt.status == 64)
        #expect(misspelt.error.contains("did you mean 'check'?"))
    }
}
