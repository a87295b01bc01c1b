/// A 64-bit hash whose value is the same in every process and on every machine (Swift's `Hasher`
/// is seeded per process), for fingerprints kept between builds: eight bytes at a time, each
/// word mixed in by a multiply and a shift. Not for untrusted input that could be crafted to
/// collide: it tells "changed" from "unchanged" between two builds of the same user's photos.
public struct StableHasher: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(
                    UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(
                        as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            // The length ends the text, so ("ab", "c") and ("a", "bc") differ.
            mix(tail)
            mix(UInt64(bytes.count))
        }
    }

    public mutating func combine(_ number: Int) {
        mix(UInt64(bitPattern: Int64(number)))
    }

    public mutating func combine(_ number: UInt64) {
        mix(number)
    }

    public mutating func combine(_ text: String?) {
        if let text {
            mix(1)
            combine(text)
        } else {
            mix(0)
        }
    }

    private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }
}
