import Testing

@testable import SiteRenderer

@Suite("Escaping text and URLs")
struct EscapingTests {
    @Test("HTML escaping covers the five characters that can break out of text or attributes")
    func htmlEscaping() {
        #expect(
            #"<a href="x">Tom & 'Jerry'</a>"#.htmlEscaped
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect("plain text é".htmlEscaped == "plain text é")
    }

    @Test("Paths are percent-encoded per segment, keeping the slashes")
    func pathEncoding() {
        #expect("Travel/harbour at dusk.jpg".percentEncodedPath == "Travel/harbour%20at%20dusk.jpg")
        #expect("a#b?c%d/<x>&\"'.png".percentEncodedPath == "a%23b%3Fc%25d/%3Cx%3E%26%22%27.png")
        #expect("café/naïve ☕.jpg".percentEncodedPath == "caf%C3%A9/na%C3%AFve%20%E2%98%95.jpg")
        #expect(
            "2000/event-0/IMG_00444.jpg".percentEncodedPath == "2000/event-0/IMG_00444.jpg",
            "plain paths come back as they are")
        #expect("a/~b_c.d-e/".percentEncodedPath == "a/~b_c.d-e/")
        #expect("A-Z_a~z.0-9.jpg".percentEncodedPath == "A-Z_a~z.0-9.jpg")
    }

    @Test("JSON strings escape quotes, control characters and HTML-significant characters")
    func jsonQuoting() {
        #expect(JSONText.quoted("a\"b\\c\n\u{1}<&>") == #""a\"b\\c\n\u0001\u003c\u0026\u003e""#)
    }

    @Test(
        "Numbers print deterministically without exponents or trailing zeros",
        arguments: [
            (0.0, 3, "0"), (1.5, 3, "1.5"), (-0.25, 3, "-0.25"), (2.0004, 3, "2"),
            (2.0005, 3, "2.001"),
            (-0.0001, 3, "0"), (123456.789, 2, "123456.79"), (1e-9, 9, "0.000000001"), (7, 0, "7"),
            (33.333333333, 5, "33.33333"), (-12.5, 0, "-13"), (.nan, 2, "0"), (-.infinity, 2, "0"),
            (1e17, 3, "100000000000000000"), (-2.5e16, 1, "-25000000000000000"), (10.0, 4, "10"),
            (0.5, 0, "1"),
        ])
    func decimals(value: Double, decimals: Int, expected: String) {
        #expect(NumberText.decimal(value, decimals: decimals) == expected)
        var bytes = Array("x".utf8)
        NumberText.appendDecimal(value, decimals: decimals, to: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self) == "x" + expected,
            "appended bytes are the same text")
    }

    @Test("Integers print as their decimal digits, at both ends of Int64")
    func integers() {
        for value: Int64 in [0, 7, -7, 10, 99, 100, 1_234_567, .max, .min] {
            var bytes: [UInt8] = []
            JSONText.appendDigits(of: value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            #expect(bytes.count <= JSONText.maximumDigits)
        }
    }

    @Test("Grouped numbers use thousands separators")
    func grouped() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(2431) == "2,431")
        #expect(NumberText.grouped(1_000_000) == "1,000,000")
    }
}
