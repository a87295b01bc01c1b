import Testing
@testable import MasonryLayout
@Test func placeholder() {}
