import Testing
@testable import SiteRenderer
@Test func placeholder() {}
