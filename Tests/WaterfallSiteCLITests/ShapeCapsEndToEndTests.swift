import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// The shape caps built from real files: a 1:5 scarf and a 6:1 print among square photos.
@Suite("Shape caps, end to end", .serialized)
struct ShapeCapsEndToEndTests {
    /// A folder of four squares, a 1:5 photo and a 6:1 photo, with `metadata` as metadata.csv.
    static func shop(metadata: String) throws -> TemporaryFolder {
        let work = try TemporaryFolder()
        for index in 0..<4 {
            try work.write(
                "photos/Shop/square-\(index).png",
                GeneratedPhoto.png(width: 60, height: 60, seed: index))
        }
        try work.write("photos/Shop/scarf.png", GeneratedPhoto.png(width: 60, height: 300, seed: 7))
        try work.write("photos/Shop/print.png", GeneratedPhoto.png(width: 360, height: 60, seed: 8))
        try work.write("photos/metadata.csv", metadata)
        return work
    }

    static let metadata = "path,title,focus\r\nShop/scarf.png,Scarf,\"50%,20%\"\r\n"

    /// The layout file's photos by path.
    static func layoutPhotos(_ site: String) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: site + "/layout/index.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let photos = try #require(document["photos"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: photos.map { ($0["path"] as? String ?? "", $0) })
    }

    @Test("Tiles are capped at 2:1 tall and 3:1 wide by default, cropped around the focus")
    func cappedByDefault() throws {
        let work = try Self.shop(metadata: Self.metadata)
        let site = work.path + "/site"
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--layout-files",
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        let photos = try Self.layoutPhotos(site)
        let scarf = try #require(photos["Shop/scarf.png"])
        #expect(scarf["width"] as? Int == 60 && scarf["height"] as? Int == 300)
        #expect(scarf["tileWidth"] as? Int == 60 && scarf["tileHeight"] as? Int == 120)
        let print = try #require(photos["Shop/print.png"])
        #expect(print["tileWidth"] as? Int == 180 && print["tileHeight"] as? Int == 60)
        #expect(photos["Shop/square-0.png"]?["tileWidth"] == nil)
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        let tiles = index.components(separatedBy: "<li").dropFirst()
        let scarfTile = try #require(tiles.first { $0.contains("items/shop/scarf.html") })
        #expect(scarfTile.contains("--r:2;") || scarfTile.contains("--r:2\""))
        #expect(scarfTile.contains("object-position:50% 20%"))
        let printTile = try #require(tiles.first { $0.contains("items/shop/print.html") })
        #expect(printTile.contains("--r:0.333"))
        #expect(printTile.contains("object-position:50% 50%"))
        #expect(!printTile.contains(#"sizes="auto"#), "a file as wide as the tile is too narrow")
        let item = try String(contentsOfFile: site + "/items/shop/scarf.html", encoding: .utf8)
        #expect(item.contains("--ar:0.2") && !item.contains("object-position"))
    }

    @Test("0 turns the caps off: every tile has its photo's shape")
    func capsOff() throws {
        let work = try Self.shop(metadata: Self.metadata)
        let site = work.path + "/site"
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", site, "--quiet", "--max-tall", "0", "--max-wide",
            "0", "--layout-files",
        ])
        #expect(run.exitCode == .success, "\(run.error)")
        let photos = try Self.layoutPhotos(site)
        #expect(photos.values.allSatisfy { $0["tileWidth"] == nil })
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(!index.contains("object-position") && index.contains("--r:5"))
    }

    @Test("A bad focus is a metadata error naming the file, row and column")
    func badFocus() throws {
        let work = try Self.shop(metadata: "path,title,focus\r\nShop/scarf.png,Scarf,middle\r\n")
        let run = CapturedRun([
            "build", work.path + "/photos", "-o", work.path + "/site", "--quiet",
        ])
        #expect(run.exitCode == .failure)
        #expect(run.error.contains("metadata.csv"), "\(run.error)")
        #expect(run.error.contains("row 2 (line 2), column C ('focus')"), "\(run.error)")
        #expect(run.error.contains(#"like "50%,30%""#) && run.error.contains("'middle'"))
    }

    @Test("--max-tall and --max-wide take ratios from 0 to 100")
    func range() throws {
        let work = try Self.shop(metadata: Self.metadata)
        let run = CapturedRun(["build", work.path + "/photos", "--max-wide", "-1"])
        #expect(run.exitCode == .usage)
        #expect(
            run.error.contains("'--max-wide' expects a ratio from 0 to 100 (0: no cap)"),
            "\(run.error)")
    }
}
