import Testing

@testable import SiteBuild

@Suite("Focus points of cropped tiles")
struct FocusPointTests {
    @Test(
        "Two percentages across and down, the % signs optional, become an object-position",
        arguments: [
            ("50%,30%", "50% 30%"), ("0,100", "0% 100%"), (" 12.5% , 7% ", "12.5% 7%"),
            ("100%,0%", "100% 0%"),
        ])
    func valid(text: String, css: String) {
        #expect(FocusPoint(text)?.css == css)
    }

    @Test(
        "Anything else is refused",
        arguments: [
            "", "50%", "50%,30%,10%", "101%,0", "-1,50", "50% 30%", "nan,50", "inf,50", "1e1,50",
            "top,left", "50%%,50", ",50",
        ])
    func invalid(text: String) {
        #expect(FocusPoint(text) == nil)
    }

    @Test("A bad focus is an error of its photo's key; a good one is kept as CSS")
    func metadataField() throws {
        var metadata = PhotoMetadata()
        #expect(throws: PhotoMetadata.FieldProblem.self) {
            try metadata.addPhoto("a.jpg", [(key: "focus", value: .string("middle"))])
        }
        do {
            try metadata.addPhoto("b.jpg", [(key: "focus", value: .string("middle"))])
        } catch {
            #expect(error.key == "focus")
            #expect(
                error.problem.contains(#"like "50%,30%""#) && error.problem.contains("'middle'"))
        }
        try metadata.addPhoto("c.jpg", [(key: "focus", value: .string("20%,80%"))])
        #expect(metadata.photos["c.jpg"]?.focus == "20% 80%")
    }
}
