import CImageRenditions

/// The colours a photo's box shows while its file loads: the mean colour of the photo's top
/// half and of its bottom half, drawn as a vertical gradient (sky over ground, a wall over a
/// table). Zero JavaScript, a few bytes per tile, and the same in dark mode: they are the
/// photo's own colours, which the photo covers once it arrives.
///
/// Measured from the photo's narrowest JPEG rendition, decoded again at 1/8 scale and averaged
/// down to 1 × 2 pixels: a fresh encode, a file reused from the previous site and one linked
/// from a rendition store are the same bytes, so they give the same colours, and nothing beyond
/// the files needs to be stored. PNG renditions (sources with transparency) get none: a colour
/// behind a transparent photo would stay visible around it after it loads.
public struct PlaceholderColours: Sendable, Hashable {
    /// 0xRRGGBB, sRGB as the rendition stores it.
    public var top: UInt32
    public var bottom: UInt32

    public init(top: UInt32, bottom: UInt32) {
        self.top = top & 0xFF_FFFF
        self.bottom = bottom & 0xFF_FFFF
    }

    /// The colours of a JPEG rendition's bytes; nil when they do not decode as one.
    public init?(jpeg bytes: UnsafeBufferPointer<UInt8>) {
        var options = wfr_options(
            orientation: 1, quality: 82, max_pixels: UInt64(Int32.max), webp_quality: 0,
            avif_quality: 0, avif_speed: 0, sources_max_width: 0)
        var pixels = wfr_rendition()
        var info = wfr_source_info()
        var message = [CChar](repeating: 0, count: Int(WFR_MESSAGE_CAPACITY))
        // The renditions are upright already: orientation 1. The target is no larger than any
        // rendition (each is at least 1 × 1; a 1-pixel-tall one is refused and gets none).
        let status = wfr_render_pixels(
            bytes.baseAddress, bytes.count, &options, wfr_target(width: 1, height: 2), &pixels,
            &info, &message, message.count)
        defer { wfr_rendition_free(&pixels) }
        guard status == .ok, pixels.length == 2 * Int(info.channels),
            info.channels == 1 || info.channels == 3, let start = pixels.bytes
        else { return nil }
        let samples = UnsafeBufferPointer(start: start, count: pixels.length)
        func colour(_ pixel: Int) -> UInt32 {
            let channels = Int(info.channels)
            let first = pixel * channels
            let (red, green, blue) =
                channels == 1
                ? (samples[first], samples[first], samples[first])
                : (samples[first], samples[first + 1], samples[first + 2])
            return UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
        self.init(top: colour(0), bottom: colour(1))
    }

    /// Twelve lowercase hexadecimal digits, top then bottom: how a build cache keeps them.
    public var text: String { Self.hex(top) + Self.hex(bottom) }

    /// The colours from ``text``; nil for anything else.
    public init?(text: Substring) {
        guard text.utf8.count == 12,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
            let top = UInt32(text.prefix(6), radix: 16),
            let bottom = UInt32(text.suffix(6), radix: 16)
        else { return nil }
        self.init(top: top, bottom: bottom)
    }

    /// A CSS `background` value: `linear-gradient(#rrggbb,#rrggbb)`, or one colour when the
    /// halves are alike (fewer bytes per tile).
    public var css: String {
        top == bottom
            ? "#\(Self.hex(top))" : "linear-gradient(#\(Self.hex(top)),#\(Self.hex(bottom)))"
    }

    private static func hex(_ colour: UInt32) -> String {
        let digits = String(colour, radix: 16)
        return String(repeating: "0", count: max(0, 6 - digits.utf8.count)) + digits
    }
}
