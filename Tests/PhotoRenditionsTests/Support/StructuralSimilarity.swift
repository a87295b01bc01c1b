import PhotoRenditions

/// Mean SSIM of two pictures' luma (BT.601), over 8 × 8 windows every 4 px, with the usual
/// constants for 8-bit data (Wang et al. 2004): 1 for identical pictures, lower as structure is
/// lost. Close to scikit-image's RGB figure for photos, which Benchmarks/ uses.
enum StructuralSimilarity {
    static func ssim(_ a: RenditionEncoder.Pixels, _ b: RenditionEncoder.Pixels) -> Double {
        precondition(a.size == b.size, "sizes differ")
        let width = a.size.width
        let height = a.size.height
        let lumaA = luma(a)
        let lumaB = luma(b)
        let c1 = pow2(0.01 * 255)
        let c2 = pow2(0.03 * 255)
        var total = 0.0
        var windows = 0
        for top in stride(from: 0, through: height - 8, by: 4) {
            for left in stride(from: 0, through: width - 8, by: 4) {
                var sumA = 0.0
                var sumB = 0.0
                var sumAA = 0.0
                var sumBB = 0.0
                var sumAB = 0.0
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) {
                        let p = lumaA[y * width + x]
                        let q = lumaB[y * width + x]
                        sumA += p
                        sumB += q
                        sumAA += p * p
                        sumBB += q * q
                        sumAB += p * q
                    }
                }
                let n = 64.0
                let meanA = sumA / n
                let meanB = sumB / n
                let varianceA = sumAA / n - meanA * meanA
                let varianceB = sumBB / n - meanB * meanB
                let covariance = sumAB / n - meanA * meanB
                total +=
                    ((2 * meanA * meanB + c1) * (2 * covariance + c2))
                    / ((meanA * meanA + meanB * meanB + c1) * (varianceA + varianceB + c2))
                windows += 1
            }
        }
        return total / Double(max(1, windows))
    }

    private static func pow2(_ value: Double) -> Double { value * value }

    private static func luma(_ pixels: RenditionEncoder.Pixels) -> [Double] {
        let channels = pixels.channels
        return stride(from: 0, to: pixels.bytes.count, by: channels).map { index in
            if channels < 3 { return Double(pixels.bytes[index]) }
            return 0.299 * Double(pixels.bytes[index]) + 0.587 * Double(pixels.bytes[index + 1])
                + 0.114 * Double(pixels.bytes[index + 2])
        }
    }
}
