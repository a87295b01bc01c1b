import Testing
@testable import WaterfallSiteCLI
@Test func placeholder() {}
