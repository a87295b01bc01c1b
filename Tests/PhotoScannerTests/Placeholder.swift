import Testing
@testable import PhotoScanner
@Test func placeholder() {}
