import Testing

@testable import PhotoScanner

@Suite("Natural order")
struct NaturalOrderTests {
    /// Pairs in increasing order, each exercising one rule.
    static let ordered: [(String, String)] = [
        ("photo2", "photo10"),  // digit runs by value
        ("photo9", "photo10"),
        ("photo", "photo1"),  // prefix first
        ("img1", "img1a"),
        ("a1", "a01"),  // equal value: fewer leading zeros first
        ("a01", "a001"),
        ("a001", "a2"),  // leading zeros do not change the value
        ("Beach", "beach"),  // case folded, then uppercase first
        ("apple", "Banana"),  // case-insensitive primary order
        ("x99999999999999999999", "x100000000000000000000"),  // beyond Int
        ("IMG_0009", "IMG_0010"),
        ("z", "é"),  // non-ASCII after ASCII, by code point
        ("2020-01-09", "2020-01-10"),
    ]

    @Test("each pair is strictly increasing", arguments: ordered)
    func increasing(pair: (String, String)) {
        let (lhs, rhs) = (Array(pair.0.utf8), Array(pair.1.utf8))
        #expect(NaturalOrder.compare(lhs, rhs) < 0)
        #expect(NaturalOrder.compare(rhs, lhs) > 0)
    }

    @Test("only identical names compare equal")
    func totalOrder() {
        let names = [
            "a", "A", "a1", "a01", "a001", "a1b", "a10", "b", "B2", "b2", "b02", "", "0", "00", "1",
            "x y", "x-y",
        ]
        for lhs in names {
            for rhs in names {
                let order = NaturalOrder.compare(Array(lhs.utf8), Array(rhs.utf8))
                #expect((order == 0) == (lhs == rhs), "\(lhs) vs \(rhs)")
                #expect(
                    order.signum() == -NaturalOrder.compare(Array(rhs.utf8), Array(lhs.utf8))
                        .signum())
            }
        }
    }

    @Test("sorting is deterministic whatever the input order")
    func deterministic() {
        let names = [
            "photo10.jpg", "Photo2.jpg", "photo2.jpg", "photo1.jpg", "photo02.jpg", "photo.jpg",
        ]
        let expected = [
            "photo.jpg", "photo1.jpg", "Photo2.jpg", "photo2.jpg", "photo02.jpg", "photo10.jpg",
        ]
        for shuffled in [names, names.reversed(), names.shuffled()] {
            let sorted = shuffled.map { Array($0.utf8) }.sorted { NaturalOrder.compare($0, $1) < 0 }
            #expect(sorted.map { String(decoding: $0, as: UTF8.self) } == expected)
        }
    }

    @Test("paths compare component by component")
    func paths() {
        #expect(NaturalOrder.arePathsInIncreasingOrder("a/z.jpg", "a.jpg"))
        #expect(NaturalOrder.arePathsInIncreasingOrder("a/z.jpg", "a b/a.jpg"))
        #expect(NaturalOrder.arePathsInIncreasingOrder("day2/x.jpg", "day10/a.jpg"))
        #expect(!NaturalOrder.arePathsInIncreasingOrder("day10/a.jpg", "day2/x.jpg"))
    }

    @Test("sort keys order names exactly as the rules do")
    func sortKeys() {
        // Pieces that meet every rule: digit runs with and without leading zeros, runs of zeros,
        // both cases, punctuation on either side of the digits in byte order, non-ASCII bytes.
        let pieces = [
            "IMG_", "0", "00", "1", "01", "9", "10", "2024", "a", "A", "b", "B", "-", " ", "~",
            ".jpg", "é", "É",
        ]
        var names = [""] + pieces + pieces.flatMap { first in pieces.map { first + $0 } }
        for (index, triple) in names.flatMap({ pair in pieces.map { pair + $0 } }).enumerated()
        where index % 11 == 0 {
            names.append(triple)
        }
        let bytes = names.map { Array($0.utf8) }
        let keys = bytes.map { name -> [UInt8] in
            var key: [UInt8] = []
            name.withUnsafeBufferPointer { NaturalOrder.appendKey(of: $0, to: &key) }
            return key
        }
        var disagreements: [String] = []
        for i in bytes.indices {
            for j in bytes.indices {
                let byRules = NaturalOrder.compare(bytes[i], bytes[j]).signum()
                let byKeys = keys[i].withUnsafeBufferPointer { left in
                    keys[j].withUnsafeBufferPointer { right in
                        NaturalOrder.compareKeys(left, right).signum()
                    }
                }
                if byRules != byKeys { disagreements.append("\(names[i]) vs \(names[j])") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(bytes.count > 900)
    }
}
