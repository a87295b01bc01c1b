import PhotoRenditions

/// How far apart two pictures of the same size and channels are.
struct PixelDifference {
    /// Mean absolute difference per channel value, 0...255.
    var mean: Double
    /// The share of values that differ by more than 32.
    var outliers: Double

    init(_ a: RenditionEncoder.Pixels, _ b: RenditionEncoder.Pixels) {
        precondition(a.size == b.size && a.channels == b.channels, "sizes or channels differ")
        var total = 0
        var far = 0
        for (x, y) in zip(a.bytes, b.bytes) {
            let d = abs(Int(x) - Int(y))
            total += d
            if d > 32 { far += 1 }
        }
        mean = Double(total) / Double(max(1, a.bytes.count))
        outliers = Double(far) / Double(max(1, a.bytes.count))
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    func contains(bytes needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { start in
            self[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
