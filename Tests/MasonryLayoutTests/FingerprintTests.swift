import Testing

@testable import MasonryLayout

/// Bit-identical output on every machine: a fingerprint of every bit the engine produces for a
/// fixed set of galleries, recorded once and compared on every run.
///
/// The inputs use integer sides only (no `exp`/`log`, whose last bit can differ between C
/// libraries), so any difference means the engine's own arithmetic changed: a reordered sum,
/// a fused multiply-add, a different reference width. The values were recorded on Linux x86_64
/// and match in debug and release builds. If a deliberate change to the model moves them, record
/// the new values in the same commit and say why.
@Suite("Fingerprint")
struct FingerprintTests {
    /// FNV-1a over 64-bit words.
    struct Fingerprint {
        private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ word: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                value = (value ^ ((word >> UInt64(shift)) & 0xFF)) &* 0x0000_0100_0000_01B3
            }
        }

        mutating func add(_ number: Double) { add(number.bitPattern) }
        mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }
        mutating func add(_ length: LinearLength) {
            add(length.perGalleryWidth)
            add(length.constant)
        }
    }

    static func fingerprint(sizing: ColumnSizing) throws -> UInt64 {
        var random = SplitMix64(seed: 20_261_129)
        var sections: [LayoutSection] = []
        for index in 0..<3 {
            var items: [LayoutItem] = []
            for _ in 0..<(300 * (index + 1)) {
                if let item = LayoutItem(
                    width: random.int(in: 1...6000), height: random.int(in: 1...6000),
                    extraHeight: Double(random.int(in: 0...3) * 8)
                ) {
                    items.append(item)
                }
            }
            sections.append(
                LayoutSection(
                    items: items, headerHeight: Double(index * 24),
                    footerHeight: index == 1 ? 40 : 0,
                    columnCount: index == 2 ? 5 : nil
                )
            )
        }
        var print = Fingerprint()
        for direction in RenderDirection.allCases {
            let options = LayoutOptions(
                breakpoints: [
                    Breakpoint(minimumWidth: 0, columns: 2),
                    Breakpoint(minimumWidth: 700, columns: 3),
                    Breakpoint(minimumWidth: 1100, columns: 4),
                    Breakpoint(minimumWidth: 1700, columns: 7),
                ],
                columnSpacing: 12.5, rowSpacing: 9.75,
                insets: EdgeInsets(top: 16, left: 20, bottom: 24, right: 8),
                direction: direction, sizing: sizing, footerSpacing: 6
            )
            let gallery = try MasonryLayout(options: options).layout(sections)
            for breakpoint in gallery.breakpoints {
                print.add(breakpoint.referenceWidth)
                for section in breakpoint.sections {
                    for placed in section.items {
                        print.add(placed.column)
                        print.add(placed.indexInColumn)
                        print.add(placed.frame.x)
                        print.add(placed.frame.y)
                        print.add(placed.frame.width)
                        print.add(placed.frame.height)
                    }
                    for bottom in section.columnBottoms { print.add(bottom) }
                    print.add(section.bottomOffset)
                }
                print.add(breakpoint.report.contentHeight)
                print.add(breakpoint.report.raggedBottom)
                print.add(breakpoint.report.readingOrderDrift)
                for frame in breakpoint.itemFrames(atGalleryWidth: breakpoint.maximumWidth) {
                    print.add(frame.y)
                }
            }
        }
        return print.value
    }

    @Test("fluid columns: the recorded fingerprint")
    func fluid() throws {
        let value = try Self.fingerprint(sizing: .fluid)
        #expect(
            value == 0xBA79_71CD_E334_9EF4, "fingerprint \(#function) \(String(value, radix: 16))")
    }

    @Test("fixed item width: the recorded fingerprint")
    func fixed() throws {
        let value = try Self.fingerprint(sizing: .fixedItemWidth(40))
        #expect(
            value == 0xF16C_EC23_C0E3_FDB9, "fingerprint \(#function) \(String(value, radix: 16))")
    }
}
