import CImageRenditions
import Foundation
import TestSupport
import Testing

@testable import PhotoRenditions

/// What the renditions decoder checks before it decodes: the codec's own size against the pixel
/// limit, a container that disagrees with its codec, and the peak bytes a budget reserves. The
/// renditions path checks for itself: it does not trust a scan it did not make.
@Suite("Decode cost and the codec's size, checked before decoding")
struct DecodeCostTests {
    @Test(
        "An AVIF whose ispe claims 100x100 around a 17000x17000 AV1 frame is refused before decoding"
    )
    func ispeMismatchRefused() throws {
        let bytes = [UInt8](DecodeBombs.ispeClaimingSmall)
        let size = RenditionSize(width: 50, height: 50)
        #expect {
            _ = try RenditionEncoder().renditions(of: bytes, orientation: 1, sizes: [size])
        } throws: { error in
            guard let error = error as? RenditionError else { return false }
            return error.reason == .sizeMismatch
                && error.message.contains("ispe says 100x100")
                && error.message.contains("AV1 sequence header codes 17000x17000")
        }
    }

    @Test("The peak bytes of a WebP bomb follow its coded size; over the limit it is refused")
    func webpBombCost() throws {
        let bomb = [UInt8](DecodeBombs.webp(side: 10_000))
        var options = wfr_options(
            orientation: 1, quality: 82, max_pixels: 100_000_000, webp_quality: 0, avif_quality: 0,
            avif_speed: 6, sources_max_width: 0)
        var target = wfr_target(width: 100, height: 100)
        var cost: UInt64 = 0
        var message = [CChar](repeating: 0, count: Int(WFR_MESSAGE_CAPACITY))
        #expect(
            wfr_decode_cost(bomb, bomb.count, &options, &target, 1, &cost, &message, message.count)
                == .ok)
        // libwebp holds its ARGB frame and the RGBA output: 8 bytes a pixel, 800 MB.
        #expect(cost >= 800_000_000 && cost < 1_000_000_000, "\(cost)")
        options.max_pixels = 99_999_999
        #expect(
            wfr_decode_cost(bomb, bomb.count, &options, &target, 1, &cost, &message, message.count)
                == .tooManyPixels)
    }

    @Test("An interlaced PNG costs its whole image, a plain one a few rows")
    func interlacedPNGCost() {
        func cost(interlace: UInt8) -> UInt64 {
            // IHDR of a 10000×5000 RGBA PNG; the cost is known before any IDAT is read.
            let png: [UInt8] =
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
                + Array("IHDR".utf8) + [0, 0, 0x27, 0x10, 0, 0, 0x13, 0x88, 8, 6, 0, 0, interlace]
                + [0, 0, 0, 0]
            var options = wfr_options(
                orientation: 1, quality: 82, max_pixels: 100_000_000, webp_quality: 0,
                avif_quality: 0, avif_speed: 6, sources_max_width: 0)
            var target = wfr_target(width: 100, height: 50)
            var bytes: UInt64 = 0
            var message = [CChar](repeating: 0, count: Int(WFR_MESSAGE_CAPACITY))
            _ = wfr_decode_cost(
                png, png.count, &options, &target, 1, &bytes, &message, message.count)
            return bytes
        }
        #expect(cost(interlace: 1) >= 200_000_000)
        #expect(cost(interlace: 0) < 16_000_000)
    }

    @Test("A photo that passed the budget's check still decodes as before")
    func budgetedEncoderDecodes() throws {
        let budget = DecodeMemoryBudget(capacity: 64 << 20)
        let encoder = RenditionEncoder(budget: budget)
        let outputs = try encoder.renditions(
            of: [UInt8](DecodeBombs.webp(side: 300)), orientation: 1,
            sizes: [RenditionSize(width: 30, height: 30)])
        #expect(outputs.count == 1)
        #expect(budget.reserved.now == 0)
        #expect(budget.reserved.most > 300 * 300 * 8)
    }
}
