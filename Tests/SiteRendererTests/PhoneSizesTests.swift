import Testing

@testable import SiteRenderer

@Suite("Phone sizes: a DPR-3 phone's first screen takes about the DPR-2 file")
struct PhoneSizesTests {
    static let sample =
        "(min-width: 2560px) 492.8px, (min-width: 1457px) calc((100vw - 96px) / 5), "
        + "(min-width: 657px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)"

    @Test("The narrowest breakpoint's length, scaled, goes first, up to the next breakpoint")
    func narrowestScaled() {
        #expect(
            PhoneSizes.scaled(Self.sample)
                == "(min-resolution: 2.5dppx) and (max-width: 656.99px) "
                + "calc(calc((100vw - 48px) / 2) * 0.8), " + Self.sample)
    }

    @Test("A single length applies at every width")
    func singleLength() {
        #expect(PhoneSizes.scaled("100vw") == "(min-resolution: 2.5dppx) calc(100vw * 0.8), 100vw")
    }

    @Test("A widened (cropped) tile's lengths are scaled as they are")
    func widened() {
        let sizes = TileShape.widened(Self.sample, by: 1.25)
        #expect(
            PhoneSizes.scaled(sizes)
                == "(min-resolution: 2.5dppx) and (max-width: 656.99px) "
                + "calc(calc(calc((100vw - 48px) / 2) * 1.25) * 0.8), " + sizes)
    }

    @Test("Nothing is added where the browser measures the tile, or no plain length ends the list")
    func leftAlone() {
        #expect(PhoneSizes.scaled("auto") == "auto")
        #expect(PhoneSizes.scaled("auto, " + Self.sample).hasPrefix("auto, "))
        #expect(PhoneSizes.scaled("") == "")
        #expect(PhoneSizes.scaled("(min-width: 600px) 50vw") == "(min-width: 600px) 50vw")
    }

    @Test("At the scaled entry's lowest density the claim is a DPR-2 screen's need")
    func densityBound() {
        #expect(PhoneSizes.minimumDensity * PhoneSizes.scale == 2)
        // Lighthouse's phone: a 182 px tile at DPR 2.625 needs 382 device px, not 478.
        #expect(abs(182 * PhoneSizes.scale * 2.625 - 382.2) < 0.001)
    }
}
