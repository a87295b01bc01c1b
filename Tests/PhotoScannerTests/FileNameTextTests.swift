import Testing

@testable import PhotoScanner

@Suite("File names as text")
struct FileNameTextTests {
    static func text(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { FileNameText.text(of: $0) }
    }

    @Test("valid names are their own text; others are escaped, and the escape is undone exactly")
    func examples() {
        let cases: [([UInt8], String)] = [
            (Array("Ceramics/red bowl.jpg".utf8), "Ceramics/red bowl.jpg"),
            (Array("café-№5.jpg".utf8), "café-№5.jpg"),
            (Array("100% cotton.jpg".utf8), "100% cotton.jpg"),
            ([0xFF, 0xFE] + Array(".jpg".utf8), "%FF%FE.jpg"),
            ([0xFF] + Array("100%.jpg".utf8), "%FF100%25.jpg"),
            (Array("%FF%FE.jpg".utf8), "%25FF%25FE.jpg"),
            (Array("a%2fb.jpg".utf8), "a%252fb.jpg"),
            // Overlong, surrogate and truncated sequences are not UTF-8.
            ([0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xE2, 0x82], "%C0%AF%ED%A0%80%E2%82"),
        ]
        for (bytes, expected) in cases {
            #expect(Self.text(bytes) == expected)
            #expect(FileNameText.bytes(of: expected) == bytes)
            #expect(FileNameText.isEscaped(expected) == (Array(expected.utf8) != bytes))
        }
    }

    @Test("random byte names: the text is reversible and two names never share one")
    func randomNames() {
        var generator = SystemRandomNumberGenerator()
        var seen: [String: [UInt8]] = [:]
        let alphabet: [UInt8] = [
            0x25, 0x41, 0x46, 0x32, 0x35, 0x2E, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xFF, 0xF0, 0x9F,
        ]
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...8, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            let text = Self.text(bytes)
            #expect(FileNameText.bytes(of: text) == bytes)
            if let other = seen[text] { #expect(other == bytes) }
            seen[text] = bytes
        }
    }
}
