import Foundation
import PhotoRenditions
import PhotoScanner
import TestSupport
import Testing

@testable import SiteBuild

/// The placeholder colours in a photo's renditions field (`jpg+webp:195,292~rrggbbrrggbb`):
/// kept, so a rebuild that keeps the renditions shows the same colours without decoding.
@Suite("Build cache: placeholder colours")
struct BuildCachePlaceholderTests {
    /// A cache of three photos: with colours, without (a PNG), and a remembered failure.
    static func cacheText() -> String {
        let photos = (1...3).map { index in
            ScannedPhoto(
                relativePath: "photo\(index).jpg", format: .jpeg, storedWidth: 800,
                storedHeight: 600, orientation: 1, byteSize: 1000,
                identity: FileIdentity(
                    device: 1, inode: UInt64(index), size: 1000, modified: Int64(index)))
        }
        var draft = BuildCache.Draft(ScanResult(photos: photos, diagnostics: []))
        draft.renditions[0] = BuildCache.RenditionKey(
            fingerprint: "q=82", contentHash: "0123456789abcdef0123", fileExtension: "jpg",
            widths: [195, 292], sources: [.webp],
            placeholder: PlaceholderColours(top: 0x12_3456, bottom: 0xab_cdef))
        draft.renditions[1] = BuildCache.RenditionKey(
            fingerprint: "q=82", contentHash: "123456789abcdef01234", fileExtension: "png",
            widths: [195])
        draft.renditions[2] = .failed("the JPEG ends early", fingerprint: "q=82;max=1")
        draft.pages = [
            BuildCache.PageRecord(ranges: 1, worstDrift: 0, layoutBytes: 10, photos: 3)
        ]
        return String(decoding: draft.data(reusing: nil, positions: { [] }), as: UTF8.self)
    }

    @Test("the colours come back as written; a photo without them has none")
    func roundTrip() throws {
        let text = Self.cacheText()
        #expect(text.contains("jpg+webp:195,292~123456abcdef\t"))
        let (cache, warning) = try BuildCacheParsingTests.load(text)
        #expect(warning == nil)
        let keys = try #require(cache).renditionKeys
        #expect(keys[0]?.placeholder == PlaceholderColours(top: 0x12_3456, bottom: 0xab_cdef))
        #expect(keys[0]?.widths == [195, 292] && keys[0]?.sources == [.webp])
        #expect(keys[1]?.placeholder == nil && keys[1]?.widths == [195])
        #expect(keys[2]?.failure == "the JPEG ends early")
    }

    @Test(
        "damaged colours make the whole cache be ignored, never trusted in part",
        arguments: [
            "~123456abcde", "~123456ABCDEF", "~123456abcdefa", "~", "~zzzzzzzzzzzz",
        ])
    func damaged(suffix: String) throws {
        let text = Self.cacheText().replacingOccurrences(
            of: "~123456abcdef", with: suffix)
        let (cache, warning) = try BuildCacheParsingTests.load(text)
        #expect(cache == nil)
        #expect(warning != nil)
    }
}
