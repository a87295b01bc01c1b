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
    ///
    /// This runs for every number of every page's layout file (tens of millions in a large shop),
    /// so it avoids what showed in `perf`: libm's `round` (the integer conversion truncates and
    /// the remainder decides, which is the same rounding for these magnitudes) and a 64-bit division
    /// per digit (one per two digits).
    @inline(__always)
    private static func withDigits<Result>(
        of value: Double, decimals: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        precondition((0...9).contains(decimals), "decimals must be 0...9")
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let start = buffer.baseAddress.unsafelyUnwrapped
            let length = write(value, decimals: decimals, to: start)
            return body(UnsafeBufferPointer(start: start, count: length))
        }
    }

    /// Writes the text of `value` at `start` (room for 24 bytes) and returns its length.
    private static func write(_ value: Double, decimals: Int, to start: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        // False for infinities and NaN too. Beyond 2^53 a Double has no fractional digits left
        // to print; below it, `product` is exact to the unit, so truncating and comparing the
        // rest with one half rounds half away from zero.
        let product = value.magnitude * powerOfTen(decimals)
        guard product < 9.0e15 else {
            guard value.isFinite else { return put(UInt8(ascii: "0"), at: start) }
            let whole = String(Int64(value.rounded()))
            return whole.utf8.withContiguousStorageIfAvailable { digits in
                start.update(from: digits.baseAddress.unsafelyUnwrapped, count: digits.count)
                return digits.count
            } ?? put(UInt8(ascii: "0"), at: start)
        }
        var units = UInt64(product)
        if product - Double(units) >= 0.5 { units += 1 }
        guard units > 0 else { return put(UInt8(ascii: "0"), at: start) }
        // Drop trailing zeros of the fraction first.
        var fractional = decimals
        while fractional > 0 && units % 10 == 0 {
            units /= 10
            fractional -= 1
        }
        let scale = UInt64(powerOfTen(fractional))
        let whole = units / scale
        let wholeDigits = digitCount(whole)
        let sign = value < 0 ? 1 : 0
        let length = sign + wholeDigits + (fractional > 0 ? fractional + 1 : 0)
        if sign == 1 { start[0] = UInt8(ascii: "-") }
        if fractional > 0 {
            start[sign + wholeDigits] = UInt8(ascii: ".")
            writeDigits(units % scale, count: fractional, endingAt: start + length)
        }
        writeDigits(whole, count: wholeDigits, endingAt: start + sign + wholeDigits)
        return length
    }

    private static func put(_ byte: UInt8, at start: UnsafeMutablePointer<UInt8>) -> Int {
        start.pointee = byte
        return 1
    }

    /// The decimal digits of `number` (at least one).
    private static func digitCount(_ number: UInt64) -> Int {
        var count = 1
        var bound: UInt64 = 10
        while number >= bound && count < 19 {
            count += 1
            bound &*= 10
        }
        return count
    }

    /// Writes the last `count` decimal digits of `number` (with leading zeros) just before `end`.
    private static func writeDigits(
        _ number: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>
    ) {
        var rest = number
        var position = end
        var left = count
        while left >= 2 {
            let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
            let small = UInt8(truncatingIfNeeded: pair)
            position -= 2
            position[0] = UInt8(ascii: "0") &+ small / 10
            position[1] = UInt8(ascii: "0") &+ small % 10
            rest = quotient
            left -= 2
        }
        if left == 1 {
            position -= 1
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        }
    }

    /// 10^`exponent` for 0...9, each exact in a Double.
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        default: 1_000_000_000
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
