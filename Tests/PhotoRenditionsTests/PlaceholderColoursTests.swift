import CImageRenditions
import Foundation
import Testing

@testable import PhotoRenditions

@Suite("Placeholder colours: measured from the narrowest rendition, kept as text, drawn as CSS")
struct PlaceholderColoursTests {
    /// A `width` × `height` RGB picture whose top half is `top` and bottom half `bottom`.
    static func halves(width: Int, height: Int, top: [UInt8], bottom: [UInt8]) -> [UInt8] {
        (0..<height).flatMap { y in
            (0..<width).flatMap { _ in y < height / 2 ? top : bottom }
        }
    }

    static func colours(of jpeg: [UInt8]) -> PlaceholderColours? {
        jpeg.withUnsafeBufferPointer { PlaceholderColours(jpeg: $0) }
    }

    /// Whether `colour` is within `tolerance` of `expected` in every channel.
    static func near(_ colour: UInt32, _ expected: [Int], tolerance: Int = 6) -> Bool {
        let channels = [Int(colour >> 16 & 0xFF), Int(colour >> 8 & 0xFF), Int(colour & 0xFF)]
        return zip(channels, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("the top half's and the bottom half's mean colours, as JPEG keeps them")
    func meanOfHalves() throws {
        let pixels = Self.halves(
            width: 64, height: 48, top: [200, 40, 30], bottom: [20, 60, 180])
        let jpeg = GeneratedImages.jpeg(pixels, width: 64, height: 48, model: .rgb)
        let colours = try #require(Self.colours(of: jpeg))
        #expect(Self.near(colours.top, [200, 40, 30]))
        #expect(Self.near(colours.bottom, [20, 60, 180]))
        #expect(colours.css.hasPrefix("linear-gradient(#"))
    }

    @Test("a grey JPEG gives greys; a photo of one colour gives one colour, not a gradient")
    func greyAndFlat() throws {
        let grey = [UInt8](repeating: 90, count: 32 * 32)
        let colours = try #require(
            Self.colours(of: GeneratedImages.jpeg(grey, width: 32, height: 32, model: .gray)))
        #expect(
            colours.top == colours.bottom && Self.near(colours.top, [90, 90, 90], tolerance: 2))
        #expect(colours.css.utf8.count == 7 && colours.css.hasPrefix("#"))
    }

    @Test("the same bytes give the same colours; what is not a JPEG gives none")
    func deterministicAndRefused() {
        let photo = GeneratedImages.photo(width: 195, height: 130)
        #expect(Self.colours(of: photo) != nil)
        #expect(Self.colours(of: photo) == Self.colours(of: photo))
        #expect(Self.colours(of: Array(photo.prefix(40))) == nil)
        #expect(Self.colours(of: Array("not a picture".utf8)) == nil)
    }

    @Test("the text form is twelve lowercase hexadecimal digits and reads back; nothing else does")
    func textRoundTrip() {
        let colours = PlaceholderColours(top: 0x0a_0b0c, bottom: 0xff_ee01)
        #expect(colours.text == "0a0b0cffee01")
        #expect(PlaceholderColours(text: Substring(colours.text)) == colours)
        #expect(colours.css == "linear-gradient(#0a0b0c,#ffee01)")
        for bad in [
            "", "0a0b0cffee0", "0a0b0cffee011", "0A0B0CFFEE01", "0a0b0cffee0g", "+a0b0cffee01",
        ] {
            #expect(PlaceholderColours(text: Substring(bad)) == nil, "\(bad)")
        }
    }
}
