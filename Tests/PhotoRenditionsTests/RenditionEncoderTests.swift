import CImageRenditions
import Foundation
import Testing

@testable import PhotoRenditions

@Suite("Rendition encoder: decode, resize, orient, encode")
struct RenditionEncoderTests {
    let encoder = RenditionEncoder()

    @Test(
        "Every EXIF orientation renders like the upright _1 photo",
        .enabled(
            if: Corpus.isAvailable, "../shared/corpora is absent: orientation corpus tests skipped"),
        arguments: ["Landscape", "Portrait"], 0...8)
    func orientation(series: String, orientation: Int) throws {
        let upright = try Corpus.bytes("exif-orientation/\(series)_1.jpg")
        let rotated = try Corpus.bytes("exif-orientation/\(series)_\(orientation).jpg")
        let size =
            series == "Landscape"
            ? RenditionSize(width: 300, height: 200) : RenditionSize(width: 200, height: 300)
        let expected = try encoder.pixels(of: upright, orientation: 1, size: size)
        // The whole path: encode the rendition, then decode the file it wrote.
        let outputs = try encoder.renditions(of: rotated, orientation: orientation, sizes: [size])
        #expect(outputs[0].format == .jpeg)
        let actual = try encoder.pixels(of: outputs[0].bytes, orientation: 1, size: size)
        let difference = PixelDifference(expected, actual)
        #expect(difference.mean < 6, "mean difference \(difference.mean)")
        #expect(difference.outliers < 0.01, "outliers \(difference.outliers)")
    }

    @Test("Smaller renditions averaged from larger ones of the same job look like ones made alone")
    func cascadedRenditionsMatchDirectOnes() throws {
        // Detail at several scales, so a careless average would show.
        let width = 1600
        let height = 1200
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let a = sin(Double(x) / 9) * sin(Double(y) / 13)
                let b = sin(Double(x + 2 * y) / 41)
                pixels += [
                    UInt8(128 + 90 * a), UInt8(128 + 90 * b),
                    UInt8((x / 50 + y / 50) % 2 == 0 ? 40 : 210),
                ]
            }
        }
        let picture = GeneratedImages.jpeg(pixels, width: width, height: height, model: .rgb)
        let sizes = [1000, 600, 480, 240, 120].map { RenditionSize(width: $0, height: $0 * 3 / 4) }
        let together = try encoder.renditions(of: picture, orientation: 1, sizes: sizes)
        for (index, size) in sizes.enumerated() {
            let alone = try encoder.renditions(of: picture, orientation: 1, sizes: [size])[0]
            let difference = PixelDifference(
                try encoder.pixels(of: alone.bytes, orientation: 1, size: size),
                try encoder.pixels(of: together[index].bytes, orientation: 1, size: size))
            #expect(difference.mean < 4, "\(size.width): mean difference \(difference.mean)")
            #expect(difference.outliers < 0.002, "\(size.width): outliers \(difference.outliers)")
        }
    }

    @Test(
        "A wrong orientation is told apart (the tolerance is meaningful)",
        .enabled(if: Corpus.isAvailable, "../shared/corpora is absent"))
    func wrongOrientationDiffers() throws {
        let upright = try Corpus.bytes("exif-orientation/Landscape_1.jpg")
        let rotated = try Corpus.bytes("exif-orientation/Landscape_6.jpg")
        let size = RenditionSize(width: 300, height: 200)
        let expected = try encoder.pixels(of: upright, orientation: 1, size: size)
        let wrong = try encoder.pixels(of: rotated, orientation: 8, size: size)
        #expect(PixelDifference(expected, wrong).mean > 20)
    }

    @Test(
        "Renditions carry no EXIF, have the requested size and are byte-identical on every run",
        .enabled(if: Corpus.isAvailable, "../shared/corpora is absent"))
    func noExifAndDeterministic() throws {
        let source = try Corpus.bytes("exif-orientation/Portrait_6.jpg")
        #expect(source.contains(bytes: Array("Exif".utf8)))
        let sizes = [
            RenditionSize(width: 400, height: 600), RenditionSize(width: 200, height: 300),
        ]
        let first = try encoder.renditions(of: source, orientation: 6, sizes: sizes)
        let second = try encoder.renditions(of: source, orientation: 6, sizes: sizes)
        for (a, b) in zip(first, second) {
            #expect(a.bytes == b.bytes)
            #expect(!a.bytes.contains(bytes: Array("Exif".utf8)))
            let decoded = try encoder.pixels(of: a.bytes, orientation: 1, size: a.size)
            #expect(decoded.bytes.count == a.size.width * a.size.height * 3)
        }
        // Baseline: an SOF0 marker (see JPEG.c for why not progressive).
        #expect(
            first[0].bytes.contains(bytes: [0xFF, 0xC0])
                && !first[0].bytes.contains(bytes: [0xFF, 0xC2]))
    }

    @Test(
        "CMYK and YCCK JPEGs (Adobe, inverted) become the right RGB",
        arguments: [wfr_pixel_model.cmykInverted, .ycckInverted])
    func cmyk(model: wfr_pixel_model) throws {
        let width = 64
        let height = 48
        // Inverted CMYK as Photoshop stores it: 255 is no ink. RGB = C'·K'/255 per channel.
        let cmyk = GeneratedImages.gradient(width: width, height: height, channels: 4)
        var expectedRGB: [UInt8] = []
        for pixel in stride(from: 0, to: cmyk.count, by: 4) {
            let k = Int(cmyk[pixel + 3])
            for c in 0..<3 { expectedRGB.append(UInt8((Int(cmyk[pixel + c]) * k + 127) / 255)) }
        }
        let source = GeneratedImages.jpeg(
            cmyk, width: width, height: height, model: model, quality: 100)
        #expect(source.contains(bytes: Array("Adobe".utf8)))
        let size = RenditionSize(width: width, height: height)
        let actual = try encoder.pixels(of: source, orientation: 1, size: size)
        #expect(actual.channels == 3)
        let difference = PixelDifference(
            RenditionEncoder.Pixels(size: size, channels: 3, bytes: expectedRGB), actual)
        #expect(difference.mean < 3, "mean difference \(difference.mean)")
        let outputs = try encoder.renditions(
            of: source, orientation: 1, sizes: [RenditionSize(width: 32, height: 24)])
        #expect(outputs[0].format == .jpeg)
    }

    @Test(
        "Grayscale stays grayscale", .enabled(if: Corpus.isAvailable, "../shared/corpora is absent")
    )
    func grayscale() throws {
        let source = try Corpus.bytes("libjpeg-turbo/historic/testimggray.jpg")
        let outputs = try encoder.renditions(
            of: source, orientation: 1, sizes: [RenditionSize(width: 100, height: 66)])
        let decoded = try encoder.pixels(
            of: outputs[0].bytes, orientation: 1, size: outputs[0].size)
        #expect(decoded.channels == 1)
    }

    @Test(
        "Progressive and arithmetic-coded JPEGs look like the baseline one",
        .enabled(if: Corpus.isAvailable, "../shared/corpora is absent"),
        arguments: ["libjpeg-turbo/historic/testimgp.jpg", "libjpeg-turbo/testimgari.jpg"])
    func progressive(path: String) throws {
        let size = RenditionSize(width: 113, height: 74)
        let baseline = try encoder.pixels(
            of: Corpus.bytes("libjpeg-turbo/testorig.jpg"), orientation: 1, size: size)
        let other = try encoder.pixels(of: Corpus.bytes(path), orientation: 1, size: size)
        #expect(PixelDifference(baseline, other).mean < 3)
    }

    @Test(
        "PNG: palette, low and 16-bit depths, interlacing and transparency",
        .enabled(if: Corpus.isAvailable, "../shared/corpora is absent"),
        arguments: [
            ("basn3p08.png", 3, RenditionFormat.jpeg), ("basn3p01.png", 3, .jpeg),
            ("basn0g01.png", 1, .jpeg),
            ("basn0g16.png", 1, .jpeg), ("basn2c16.png", 3, .jpeg), ("basi2c08.png", 3, .jpeg),
            ("basn4a08.png", 2, .png), ("basn6a16.png", 4, .png), ("tbbn3p08.png", 4, .png),
        ])
    func png(name: String, channels: Int, format: RenditionFormat) throws {
        let source = try Corpus.bytes("pngsuite/\(name)")
        let size = RenditionSize(width: 32, height: 32)
        let pixels = try encoder.pixels(of: source, orientation: 1, size: size)
        #expect(pixels.channels == channels)
        let outputs = try encoder.renditions(
            of: source, orientation: 1, sizes: [RenditionSize(width: 16, height: 16)])
        #expect(outputs[0].format == format)
        let decoded = try encoder.pixels(
            of: outputs[0].bytes, orientation: 1, size: outputs[0].size)
        #expect(decoded.channels == channels)
    }

    @Test(
        "An interlaced PNG decodes to exactly the pixels of its non-interlaced twin",
        .enabled(if: Corpus.isAvailable, "../shared/corpora is absent"),
        arguments: ["0g01", "0g16", "2c08", "2c16", "3p08", "6a16"])
    func interlaced(kind: String) throws {
        let size = RenditionSize(width: 32, height: 32)
        let plain = try encoder.pixels(
            of: Corpus.bytes("pngsuite/basn\(kind).png"), orientation: 1, size: size)
        let interlaced = try encoder.pixels(
            of: Corpus.bytes("pngsuite/basi\(kind).png"), orientation: 1, size: size)
        #expect(plain == interlaced)
    }

    @Test(
        "An ICC profile is carried into the rendition",
        .enabled(if: Corpus.isAvailable, "../shared/corpora is absent"))
    func iccProfile() throws {
        let source = try Corpus.bytes("libjpeg-turbo/monkey16.png")
        let outputs = try encoder.renditions(
            of: source, orientation: 1, sizes: [RenditionSize(width: 100, height: 152)])
        #expect(outputs[0].bytes.contains(bytes: Array("ICC_PROFILE".utf8)))
    }

    @Test(
        "Area averaging: a 2×2 checkerboard halves to flat grey, transparent pixels lend no colour")
    func boxFilter() throws {
        var checker: [UInt8] = []
        for y in 0..<64 { for x in 0..<64 { checker.append((x + y) % 2 == 0 ? 255 : 0) } }
        let source = GeneratedImages.jpeg(
            checker, width: 64, height: 64, model: .gray, quality: 100)
        let half = try encoder.pixels(
            of: source, orientation: 1, size: RenditionSize(width: 32, height: 32))
        let mean = Double(half.bytes.reduce(0) { $0 + Int($1) }) / Double(half.bytes.count)
        #expect(abs(mean - 127.5) < 3)
        #expect(half.bytes.allSatisfy { abs(Int($0) - 128) < 12 })
    }

    @Test("Over the pixel limit: a diagnostic before any pixel is decoded")
    func pixelLimit() throws {
        let source = GeneratedImages.photo(width: 400, height: 300)
        let strict = RenditionEncoder(options: RenditionOptions(maximumPixels: 100_000))
        #expect(throws: RenditionError.self) {
            try strict.renditions(
                of: source, orientation: 1, sizes: [RenditionSize(width: 100, height: 75)])
        }
        do {
            _ = try strict.renditions(
                of: source, orientation: 1, sizes: [RenditionSize(width: 100, height: 75)])
        } catch {
            #expect(error.reason == .tooManyPixels)
            #expect(error.message.contains("120000 pixels"))
        }
        // A header claiming 60000 × 60000 (3.6 gigapixels) with the default limit.
        var hostile = source
        let sof = try #require(
            (0..<(hostile.count - 9)).first {
                hostile[$0] == 0xFF && (hostile[$0 + 1] == 0xC0 || hostile[$0 + 1] == 0xC2)
            })
        hostile[sof + 5] = 0xEA
        hostile[sof + 6] = 0x60  // height 60000
        hostile[sof + 7] = 0xEA
        hostile[sof + 8] = 0x60  // width 60000
        do {
            _ = try encoder.renditions(
                of: hostile, orientation: 1, sizes: [RenditionSize(width: 100, height: 75)])
            Issue.record("a 3.6-gigapixel header was decoded")
        } catch {
            #expect(error.reason == .tooManyPixels)
        }
    }

    @Test("Truncated data is an error, never a half-grey rendition", arguments: [0.3, 0.6, 0.95])
    func truncated(fraction: Double) throws {
        let source = GeneratedImages.photo(width: 400, height: 300)
        let cut = Array(source.prefix(Int(Double(source.count) * fraction)))
        do {
            _ = try encoder.renditions(
                of: cut, orientation: 1, sizes: [RenditionSize(width: 100, height: 75)])
            Issue.record("a truncated JPEG was rendered")
        } catch {
            #expect(error.reason == .corruptData)
            #expect(!error.message.isEmpty)
        }
    }

    @Test(
        "A truncated PNG is an error",
        .enabled(if: Corpus.isAvailable, "../shared/corpora is absent"))
    func truncatedPNG() throws {
        let source = try Corpus.bytes("pngsuite/basn6a16.png")
        do {
            _ = try encoder.renditions(
                of: Array(source.prefix(source.count * 3 / 4)), orientation: 1,
                sizes: [RenditionSize(width: 16, height: 16)])
            Issue.record("a truncated PNG was rendered")
        } catch {
            #expect(error.reason == .corruptData)
        }
    }

    @Test("Not an image, and a size larger than the photo, are refused")
    func refusals() {
        #expect(
            throws: RenditionError(
                .unsupportedFormat, message: "not a JPEG, PNG, HEIF/AVIF or WebP file")
        ) {
            try encoder.renditions(
                of: Array("GIF89a…".utf8), orientation: 1,
                sizes: [RenditionSize(width: 1, height: 1)])
        }
        let source = GeneratedImages.photo(width: 40, height: 30)
        do {
            _ = try encoder.renditions(
                of: source, orientation: 1, sizes: [RenditionSize(width: 80, height: 60)])
            Issue.record("upscaled")
        } catch {
            #expect(error.reason == .invalidRequest)
        }
    }
}
