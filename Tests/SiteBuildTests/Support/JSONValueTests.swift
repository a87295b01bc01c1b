import Foundation
import InputFiles
import Testing

@testable import SiteBuild

@Suite("JSON reader: the settings and metadata files")
struct JSONValueTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Array(text.utf8))
    }

    func problem(_ text: String) -> JSONValue.SyntaxError? {
        do {
            _ = try JSONValue.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("objects keep their members in the file's order")
    func objectOrder() throws {
        let value = try parse(#" { "b": 1, "a": [true, false, null], "c": "two" } "#)
        #expect(value.members?.map(\.key) == ["b", "a", "c"])
        #expect(value["c"]?.string == "two")
        guard case .array(let elements)? = value["a"] else {
            Issue.record("'a' is not an array")
            return
        }
        #expect(elements.count == 3 && elements[0].boolean == true && elements[1].boolean == false)
        guard case .null = elements[2] else {
            Issue.record("third element is not null")
            return
        }
        #expect(value["missing"] == nil)
        #expect(try parse("[]").members == nil)
    }

    @Test(
        "a key given twice is an error naming both lines, in small and large objects",
        arguments: [3, 40])
    func duplicateKeys(members: Int) throws {
        var lines = (0..<members).map { "  \"k\($0)\": \($0)," }
        lines.append("  \"k1\": 99")
        let text = "{\n" + lines.joined(separator: "\n") + "\n}"
        let failure = try #require(problem(text))
        #expect(failure.line == members + 2)
        #expect(failure.problem == "duplicate key 'k1': it is also on line 3; keep one of the two")
        // Nested objects have keys of their own.
        #expect(problem(#"{ "a": { "x": 1 }, "b": { "x": 2 } }"#) == nil)
    }

    @Test(
        "numbers follow the grammar and keep their value",
        arguments: [
            ("0", 0.0), ("-0", 0.0), ("16", 16.0), ("2.5", 2.5), ("-1e3", -1000.0), ("1E-2", 0.01),
            ("1.5e+2", 150.0),
        ])
    func numbers(text: String, value: Double) throws {
        #expect(try parse(text).number == value)
    }

    @Test("booleans are not numbers and numbers are not booleans")
    func booleansApart() throws {
        #expect(try parse("true").number == nil)
        #expect(try parse("1").boolean == nil)
        #expect(try parse("0").number == 0)
    }

    @Test("escapes, surrogate pairs and UTF-8 in strings")
    func strings() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t""#).string == "a\"b\\c/d\n\t")
        #expect(try parse(#""\u00e9\u20AC""#).string == "é€")
        #expect(try parse(#""\ud83d\ude00""#).string == "😀")
        #expect(try parse("\"Kéramik €24\"").string == "Kéramik €24")
    }

    @Test(
        "bad text is refused with the line and column where it goes wrong",
        arguments: [
            (#"{"title": "#, 1, 11, "the text ends where a value was expected"),
            ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}', found '\"'"),
            (#"{"a": 01}"#, 1, 7, "numbers do not start with 0"),
            (#"{"a": .5}"#, 1, 7, "expected a value, found '.'"),
            (#"{"a": +1}"#, 1, 7, "expected a value, found '+'"),
            (#"{"a": 1.}"#, 1, 9, "expected a digit after '.'"),
            (#"{"a": 1e999}"#, 1, 7, "number out of range"),
            (#"{a: 1}"#, 1, 2, "expected a key in double quotes, found 'a'"),
            (#"{"a": 1,}"#, 1, 9, "expected a key in double quotes, found '}'"),
            (#"[1, 2,]"#, 1, 7, "expected a value, found ']'"),
            (#"{"a": tru}"#, 1, 7, "expected a value (such as true"),
            (#"{"a": "x\q"}"#, 1, 9, "unknown escape '\\q'"),
            (#"{"a": "\ud800"}"#, 1, 8, "lone surrogate"),
            (#"{"a": "x"#, 1, 7, "string not closed"),
            ("{\"a\": \"x\ty\"}", 1, 9, "control character in a string"),
            (#"{"a": 1} {"#, 1, 10, "text after the end of the JSON value"),
            ("", 1, 1, "the text ends where a value was expected"),
            ("{\"é\": x}", 1, 7, "expected a value, found 'x'"),
        ])
    func syntaxErrors(text: String, line: Int, column: Int, message: String) {
        guard let error = problem(text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.problem.contains(message), "\(error)")
    }

    @Test("a byte order mark before the value is passed over")
    func byteOrderMark() throws {
        let value = try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array(#"{"title": "Shop"}"#.utf8))
        #expect(value["title"]?.string == "Shop")
        #expect(throws: JSONValue.SyntaxError.self) {
            try JSONValue.parse([0xEF, 0xBB] + Array("{}".utf8))
        }
    }

    @Test("invalid UTF-8 in a string is refused")
    func invalidUTF8() {
        let bytes: [UInt8] = Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(bytes) }
    }

    @Test("deep nesting is an error, not a crash")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(problem(text)?.problem.contains("nested more than") == true)
        #expect(
            problem(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)) == nil)
    }

    @Test("a file that cannot be read says why")
    func unreadableFile() {
        let missing = FileManager.default.temporaryDirectory.appending(
            path: "missing-\(UUID().uuidString).json")
        #expect {
            try JSONValue.read(contentsOf: missing, rule: InputFileRule(followsLinks: false))
        } throws: { error in
            "\(error)" == "no such file"
        }
    }

    @Test(
        "an escaped control character is refused where it is, but tab, line feed and carriage return are text, and a key may hold any but NUL"
    )
    func controlCharacters() throws {
        for (text, column, name) in [
            (#"{"a": "x\u0000"}"#, 9, "U+0000 (NUL)"), (#"{"a": "\b"}"#, 8, "U+0008 (BS)"),
            (#"{"a": "\f"}"#, 8, "U+000C (FF)"), (#"{"a\u0000.jpg": 1}"#, 4, "U+0000 (NUL)"),
        ] {
            let error = problem(text)
            #expect(
                error?.line == 1 && error?.column == column, "\(text): \(String(describing: error))"
            )
            #expect(error?.problem.contains("control character \(name)") == true)
            #expect(error?.isRefusedText == true)
        }
        #expect(try parse(#"{"a": "\t\n\r\u0009"}"#)["a"]?.string == "\t\n\r\t")
        #expect(try parse(#"{"\u0001.jpg": 1}"#).members?.first?.key == "\u{1}.jpg")
    }
}
