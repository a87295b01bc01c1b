import CImageRenditions
import PhotoRenditions

/// Pictures made in the test with the shim's own libjpeg encoder, named after what they exercise.
enum GeneratedImages {
    /// Smooth gradients (JPEG keeps them nearly exact), `channels` 1, 3 or 4 per pixel.
    static func gradient(width: Int, height: Int, channels: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let values = [
                    x * 255 / max(1, width - 1), y * 255 / max(1, height - 1),
                    (x + y) * 255 / max(1, width + height - 2), 255 - (x * 128 / max(1, width - 1)),
                ]
                for c in 0..<channels { pixels.append(UInt8(values[c])) }
            }
        }
        return pixels
    }

    static func jpeg(
        _ pixels: [UInt8], width: Int, height: Int, model: wfr_pixel_model, quality: Int32 = 95
    ) -> [UInt8] {
        var out = wfr_rendition()
        var message = [CChar](repeating: 0, count: Int(WFR_MESSAGE_CAPACITY))
        let status = wfr_encode_jpeg(
            pixels, UInt32(width), UInt32(height), model, quality, nil, 0, &out, &message,
            message.count)
        precondition(status == .ok, "the fixture encoder failed")
        defer { wfr_rendition_free(&out) }
        return Array(UnsafeBufferPointer(start: out.bytes, count: out.length))
    }

    /// A camera-like RGB JPEG of `width` × `height`.
    static func photo(width: Int, height: Int) -> [UInt8] {
        jpeg(
            gradient(width: width, height: height, channels: 3), width: width, height: height,
            model: .rgb)
    }
}
