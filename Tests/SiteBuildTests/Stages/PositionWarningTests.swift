import Testing

@testable import SiteBuild

@Suite("The GPS position warning's words")
struct PositionWarningTests {
    @Test("none without such originals; the count, three names and the rest counted")
    func text() throws {
        #expect(PositionWarning.text(paths: [], publishesOriginals: true, renditions: true) == nil)
        let many = try #require(
            PositionWarning.text(
                paths: ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"], publishesOriginals: true,
                renditions: true))
        #expect(
            many
                == "warning: 5 published originals carry the GPS position where they were taken, for anyone to read: 'a.jpg', 'b.jpg', 'c.jpg' and 2 more; remove it first (exiftool -gps:all= -xmp:gps*= -overwrite_original PHOTOS_FOLDER), or leave out --publish-originals"
        )
    }

    @Test("the way out follows why the originals are published")
    func remedy() throws {
        let off = try #require(
            PositionWarning.text(paths: ["a.jpg"], publishesOriginals: false, renditions: false))
        #expect(
            off.hasSuffix(
                "or leave out --no-renditions, so that the tiles show resized copies without EXIF"))
        let failed = try #require(
            PositionWarning.text(paths: ["a.jpg"], publishesOriginals: false, renditions: true))
        #expect(failed.hasSuffix("or let the build resize it (see the warnings above)"))
        #expect(failed.contains("'a.jpg'; remove"))
    }

    @Test("a name that would drive the terminal is shown escaped")
    func escaped() throws {
        let text = try #require(
            PositionWarning.text(
                paths: ["a\u{1B}[2J.jpg"], publishesOriginals: true, renditions: true))
        #expect(!text.contains("\u{1B}"))
    }
}
