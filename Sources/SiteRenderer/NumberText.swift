/// Deterministic decimal text for CSS and JSON: the same Double always gives the same bytes,
/// on every machine, with no exponent notation and no trailing zeros.
///
/// This is the one place where the engine's exact values are rounded ("round once, at the edge").
public enum NumberText {
    /// `value` rounded half away from zero to `decimals` places (0...9), e.g. `12.5`, `-0.25`, `3`.
    public static func decimal(_ value: Double, decimals: Int) -> String {
        withDigits(of: value, decimals: decimals) { String(decoding: $0, as: UTF8.self) }
    }

    /// The same text as ``decimal(_:decimals:)``, appended to `bytes` without making a String: a
    /// page's `layout.json` entry has tens of thousands of numbers.
    public static func appendDecimal(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        withDigits(of: value, decimals: decimals) { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the text of `value` in a small buffer on the stack.
    private static func withDigits<Result>(
        of value: Double, decimals: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        precondition((0...9).contains(decimals), "decimals must be 0...9")
        // At most 16 digits, a point and a sign: written backwards into a fixed buffer, so the
        // hot path (hundreds of thousands of numbers in a large site) allocates nothing.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var position = 24
            func put(_ byte: UInt8) {
                position -= 1
                buffer[position] = byte
            }
            guard value.isFinite else {
                put(UInt8(ascii: "0"))
                return body(UnsafeBufferPointer(rebasing: buffer[position..<24]))
            }
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
            // Beyond 2^53 a Double has no fractional digits left to print.
            guard scaled < 9.0e15 else {
                let whole = Array(String(Int64(value.rounded())).utf8)
                for byte in whole.reversed() { put(byte) }
                return body(UnsafeBufferPointer(rebasing: buffer[position..<24]))
            }
            var units = UInt64(scaled)
            var fractional = decimals
            // Drop trailing zeros of the fraction first.
            while fractional > 0 && units % 10 == 0 && units > 0 {
                units /= 10
                fractional -= 1
            }
            if units == 0 {
                put(UInt8(ascii: "0"))
                return body(UnsafeBufferPointer(rebasing: buffer[position..<24]))
            }
            var written = 0
            repeat {
                if written == fractional && fractional > 0 { put(UInt8(ascii: ".")) }
                put(UInt8(ascii: "0") + UInt8(units % 10))
                units /= 10
                written += 1
            } while units > 0 || written <= fractional
            if value < 0 { put(UInt8(ascii: "-")) }
            return body(UnsafeBufferPointer(rebasing: buffer[position..<24]))
        }
    }

    /// A whole number with thousands separators for people: `12,345`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }
}
