/// A 64-bit FNV-1a hash whose value is the same in every process and on every machine (Swift's
/// `Hasher` is seeded per process), for fingerprints kept between builds. Not for untrusted input
/// that could be crafted to collide: it tells "changed" from "unchanged" between two builds of
/// the same user's photos.
public struct StableHasher: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { mix(byte) }
        }
        // A terminator no UTF-8 text contains, so ("ab", "c") and ("a", "bc") differ.
        mix(0xFF)
    }

    public mutating func combine(_ number: Int) {
        var bits = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    public mutating func combine(_ number: UInt64) {
        combine(Int(bitPattern: UInt(number)))
    }

    public mutating func combine(_ text: String?) {
        if let text {
            mix(1)
            combine(text)
        } else {
            mix(0)
        }
    }

    private mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
}
