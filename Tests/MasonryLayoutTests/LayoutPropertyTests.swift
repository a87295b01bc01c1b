import Testing

@testable import MasonryLayout

/// The engine's promises over thousands of seeded random galleries (see `RandomGallery`).
///
/// The cases are split into batches so Swift Testing can run them in parallel; every failure
/// message names the seed that reproduces it.
@Suite("Layout properties")
struct LayoutPropertyTests {
    static let batches = Array(0..<16)
    static let casesPerBatch = 128

    static func seed(batch: Int, index: Int) -> UInt64 {
        UInt64(batch * casesPerBatch + index) &* 0x2545_F491_4F6C_DD1D &+ 1
    }

    @Test(
        "no overlap, inside, exact spacing, aspect, lowest column, content height, queries",
        arguments: batches)
    func invariants(batch: Int) throws {
        for index in 0..<Self.casesPerBatch {
            let gallery = RandomGallery(
                seed: Self.seed(batch: batch, index: index), maximumItems: 5000)
            let engine = try MasonryLayout(options: gallery.options)
            let result = try engine.layout(gallery.sections)
            #expect(result.breakpoints.count == gallery.options.breakpoints.count)
            for breakpoint in result.breakpoints {
                var invariants = LayoutInvariants(gallery: gallery, layout: breakpoint)
                invariants.checkAll(queriesPerWidth: 5)
                for failure in invariants.failures {
                    Issue.record(Comment(rawValue: failure))
                }
            }
        }
    }

    @Test("rightToLeft is the exact mirror image of shortestFirst", arguments: batches)
    func mirror(batch: Int) throws {
        for index in 0..<Self.casesPerBatch / 4 {
            let gallery = RandomGallery(
                seed: Self.seed(batch: batch, index: index) ^ 0xA5A5, maximumItems: 2000)
            var options = gallery.options
            options.direction = .shortestFirst
            let forward = try MasonryLayout(options: options).layout(gallery.sections)
            options.direction = .rightToLeft
            let mirrored = try MasonryLayout(options: options).layout(gallery.sections)
            for (left, right) in zip(forward.breakpoints, mirrored.breakpoints) {
                for (a, b) in zip(left.sections, right.sections) {
                    for (p, q) in zip(a.items, b.items) {
                        // Same stacks in mirrored columns, so y and height are bit-identical.
                        guard p.column == a.columns - 1 - q.column,
                            p.indexInColumn == q.indexInColumn,
                            p.frame.y == q.frame.y, p.frame.height == q.frame.height
                        else {
                            Issue.record("seed \(gallery.seed): \(p) does not mirror \(q)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("the same input gives bit-identical output", arguments: [0, 1, 2, 3])
    func deterministic(batch: Int) throws {
        for index in 0..<16 {
            let gallery = RandomGallery(
                seed: Self.seed(batch: batch, index: index) ^ 0x5A5A, maximumItems: 3000)
            let first = try MasonryLayout(options: gallery.options).layout(gallery.sections)
            let second = try MasonryLayout(options: gallery.options).layout(gallery.sections)
            for (a, b) in zip(first.breakpoints, second.breakpoints) {
                #expect(a.report == b.report)
                for (x, y) in zip(a.sections, b.sections) {
                    #expect(
                        x.items == y.items && x.columnBottoms == y.columnBottoms,
                        "seed \(gallery.seed)")
                }
            }
        }
    }
}
