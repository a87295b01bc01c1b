#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The order in which the scanner lists files: "natural" so `photo2` comes before `photo10`, and
/// total so two runs over the same folder always agree.
///
/// Names are compared as UTF-8 bytes, left to right:
/// - runs of ASCII digits compare by numeric value (any length; leading zeros ignored);
/// - other bytes compare with ASCII letters case-folded, then by byte value (UTF-8 byte order is
///   code point order), so no locale is involved;
/// - a name that is a prefix of the other comes first.
/// Names that tie under these rules (`a1`/`a01`, `Beach`/`beach`) are ordered by the first
/// difference: fewer leading zeros first, then uppercase first. Only identical names compare equal.
///
/// Paths are ordered component by component (the walk sorts each folder's entries and descends
/// depth-first), so everything inside `a` precedes `a.jpg` and `a b`.
enum NaturalOrder {
    /// Negative, zero or positive as `lhs` sorts before, equal to or after `rhs`. The rules
    /// themselves: folders are sorted by keys made from them (``appendKey(of:to:)``), and this
    /// orders the few paths a rebuild's cache and listing disagree on.
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in compare(left, right) }
        }
    }

    private static func compare(
        _ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var i = 0
        var j = 0
        var tiebreak = 0
        while i < lhs.count && j < rhs.count {
            let a = lhs[i]
            let b = rhs[j]
            if isDigit(a) && isDigit(b) {
                let runA = digitRun(lhs, from: i)
                let runB = digitRun(rhs, from: j)
                let valueA = lhs[runA.significant..<runA.end]
                let valueB = rhs[runB.significant..<runB.end]
                if valueA.count != valueB.count { return valueA.count < valueB.count ? -1 : 1 }
                for (x, y) in zip(valueA, valueB) where x != y { return x < y ? -1 : 1 }
                let lengthA = runA.end - i
                let lengthB = runB.end - j
                if tiebreak == 0 && lengthA != lengthB { tiebreak = lengthA < lengthB ? -1 : 1 }
                i = runA.end
                j = runB.end
                continue
            }
            let foldedA = folded(a)
            let foldedB = folded(b)
            if foldedA != foldedB { return foldedA < foldedB ? -1 : 1 }
            if tiebreak == 0 && a != b { tiebreak = a < b ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < lhs.count { return 1 }
        if j < rhs.count { return -1 }
        return tiebreak
    }

    /// Appends to `key` a sort key for `name`: two names' keys compared as bytes (``compareKeys``)
    /// give the same order as ``compare(_:_:)`` gives the names.
    /// A folder is sorted by keys, because a byte comparison is several times cheaper than the
    /// rules, and a name is turned into a key once instead of in twenty comparisons.
    ///
    /// The key is the primary order, a 0 byte, then the tie-breaks:
    /// - primary: each digit run as `0` (a byte in the digits' range, so it orders against any
    ///   other byte as a digit does), its count of significant digits in two bytes, and those
    ///   digits; each other byte case-folded. No primary byte is 0, so where one primary key ends
    ///   first, its 0 sorts it first, as the shorter name does.
    /// - tie-breaks, compared only when the primaries are equal (and so line up token for
    ///   token): each digit run's whole length in two bytes (fewer leading zeros first) and each
    ///   other byte as it is (uppercase first).
    static func appendKey(of name: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        var index = 0
        while index < name.count {
            if isDigit(name[index]) {
                let run = digitRun(name, from: index)
                let significant = run.end - run.significant
                key.append(0x30)
                key.append(UInt8(truncatingIfNeeded: significant >> 8))
                key.append(UInt8(truncatingIfNeeded: significant))
                key.append(
                    contentsOf: UnsafeBufferPointer(rebasing: name[run.significant..<run.end]))
                index = run.end
            } else {
                key.append(folded(name[index]))
                index += 1
            }
        }
        key.append(0)
        index = 0
        while index < name.count {
            if isDigit(name[index]) {
                let end = digitRun(name, from: index).end
                key.append(UInt8(truncatingIfNeeded: (end - index) >> 8))
                key.append(UInt8(truncatingIfNeeded: end - index))
                index = end
            } else {
                key.append(name[index])
                index += 1
            }
        }
    }

    /// Negative, zero or positive as the name with key `lhs` sorts before, equal to or after
    /// the one with key `rhs` (keys from ``appendKey(of:to:)``).
    static func compareKeys(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>)
        -> Int
    {
        let shared = min(lhs.count, rhs.count)
        if shared > 0 {
            let order = memcmp(
                lhs.baseAddress.unsafelyUnwrapped, rhs.baseAddress.unsafelyUnwrapped, shared)
            if order != 0 { return Int(order) }
        }
        return lhs.count - rhs.count
    }

    /// Orders `/`-separated relative paths the way the scanner lists them.
    static func arePathsInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let right = rhs.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (a, b) in zip(left, right) {
            let order = compare(Array(a), Array(b))
            if order != 0 { return order < 0 }
        }
        return left.count < right.count
    }
}

extension NaturalOrder {
    fileprivate static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    fileprivate static func folded(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// The digit run starting at `start`: where its significant digits begin (after leading zeros,
    /// keeping one digit for an all-zero run) and where it ends.
    fileprivate static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
        significant: Int, end: Int
    ) {
        var end = start
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        var significant = start
        while significant < end - 1 && bytes[significant] == 0x30 { significant += 1 }
        return (significant, end)
    }
}
