/// A tiny deterministic PRNG (Steele, Lea and Flood's SplitMix64), so every property test case is
/// reproducible from its seed on every machine without depending on the stdlib's sampling.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniformly in [0, 1), from the top 53 bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A double uniformly in `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// An integer in `range` (multiply-shift; the tiny bias is irrelevant for test data).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }
}
