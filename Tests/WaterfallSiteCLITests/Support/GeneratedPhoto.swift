import Foundation

/// Small valid photos made in the test, for galleries of hundreds of photos that must still build
/// in seconds: an RGB PNG whose pixels depend on a seed, so every photo has its own bytes (and its
/// own rendition names), stored without compression (deflate's stored blocks).
enum GeneratedPhoto {
    static func png(width: Int, height: Int, seed: Int) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 3))
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                raw.append(UInt8(truncatingIfNeeded: seed &* 37 &+ x &* 3))
                raw.append(UInt8(truncatingIfNeeded: seed &* 11 &+ y &* 5))
                raw.append(UInt8(truncatingIfNeeded: seed &+ (x ^ y)))
            }
        }
        return png(raw, width: width, height: height, colorType: 2)
    }

    /// `png` with a text chunk holding `text` after its header: a photo of its own (its own
    /// bytes and rendition names) without computing its pixels again.
    static func png(_ png: Data, tagged text: String) -> Data {
        let header = 8 + 25  // the signature, then IHDR: length, type, 13 bytes, CRC
        var bytes = Array(png)
        bytes.insert(contentsOf: chunk("tEXt", Array("Comment\u{0}\(text)".utf8)), at: header)
        return Data(bytes)
    }

    /// An RGBA PNG of a one-pixel dither, opaque red and half-transparent blue: its renditions
    /// are PNGs that deflate to next to nothing, while lossy WebP or AVIF pays dearly for the
    /// highest frequency there is, so the build drops those formats for it.
    static func ditheredPixelArt(width: Int, height: Int) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 4))
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                raw += (x + y) % 2 == 0 ? [200, 30, 30, 255] : [30, 30, 200, 128]
            }
        }
        return png(raw, width: width, height: height, colorType: 6)
    }

    /// A PNG of filtered rows `raw` (colour type 2 RGB or 6 RGBA), stored without compression.
    private static func png(_ raw: [UInt8], width: Int, height: Int, colorType: UInt8) -> Data {
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            zlib.append(offset + count == raw.count ? 1 : 0)
            zlib += [
                UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff),
                UInt8((~count >> 8) & 0xff),
            ]
            zlib += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        zlib += bigEndian(adler32(raw))

        var png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        png += chunk(
            "IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff),
            UInt8(value & 0xff),
        ]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
