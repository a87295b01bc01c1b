import Testing

@testable import ProcessFittings

@Suite("Process fittings switch values")
struct ProcessFittingsTests {
    @Test(
        "unset, empty or 0 leaves the fittings on; anything else turns them off",
        arguments: [
            (nil, true), ("", true), ("0", true), ("1", false), ("yes", false), ("00", false),
        ] as [(String?, Bool)])
    func switchValues(value: String?, on: Bool) {
        #expect(ProcessFittings.isOn(switchValue: value) == on)
    }
}
