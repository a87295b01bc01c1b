import Testing

@testable import MasonryLayout

/// Builds an item the test knows to be valid; fails the test (without crashing) when it is not.
func item(_ width: Int, _ height: Int, extra: Double = 0) throws -> LayoutItem {
    try #require(LayoutItem(width: width, height: height, extraHeight: extra))
}

/// Whether two doubles agree to within `tolerance`, relative for large magnitudes.
func isClose(_ lhs: Double, _ rhs: Double, tolerance: Double = 1e-9) -> Bool {
    abs(lhs - rhs) <= tolerance * max(1, max(abs(lhs), abs(rhs)))
}

/// Expects two rectangles to agree component-wise to within `tolerance`.
func expectClose(
    _ actual: Rect?, _ expected: Rect?, tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual, let expected else {
        #expect(
            actual == nil && expected == nil,
            "\(String(describing: actual)) vs \(String(describing: expected))",
            sourceLocation: sourceLocation)
        return
    }
    let close =
        isClose(actual.x, expected.x, tolerance: tolerance)
        && isClose(actual.y, expected.y, tolerance: tolerance)
        && isClose(actual.width, expected.width, tolerance: tolerance)
        && isClose(actual.height, expected.height, tolerance: tolerance)
    #expect(close, "got \(actual), expected \(expected)", sourceLocation: sourceLocation)
}
