/// RFC 4180 CSV, as spreadsheets write it: fields separated by `,` (or `;`, the default of
/// spreadsheets in locales with a decimal comma), records by CRLF or LF, fields with a
/// separator, quote or line break in double quotes with inner quotes doubled. A UTF-8 byte
/// order mark (Excel's "CSV UTF-8") is skipped.
public enum CSVText {
    public struct Record {
        var fields: [String]
        /// The line the record starts on (a quoted field may span lines).
        var line: Int
    }

    public struct SyntaxError: Error {
        /// The record (1: the header) and field (1: first) where the problem is, and the line
        /// the record starts on.
        var record: Int
        var field: Int
        var line: Int
        var problem: String
    }

    /// The separator the header line uses: `;` when it has more of them than commas.
    public static func separator(of bytes: ArraySlice<UInt8>) -> UInt8 {
        let header = bytes.prefix { $0 != 10 && $0 != 13 }
        let semicolons = header.filter { $0 == UInt8(ascii: ";") }.count
        let commas = header.filter { $0 == UInt8(ascii: ",") }.count
        return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    /// The bytes without a leading UTF-8 byte order mark.
    public static func withoutByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    }

    /// Every record; lines with nothing on them are left out. Line breaks inside quoted fields
    /// come back as `\n`.
    public static func records(_ bytes: ArraySlice<UInt8>, separator: UInt8) throws(SyntaxError)
        -> [Record]
    {
        let quote = UInt8(ascii: "\"")
        let cr: UInt8 = 13
        let lf: UInt8 = 10
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = bytes.startIndex
        var quoted = false
        var afterQuote = false
        func fail(_ problem: String) -> SyntaxError {
            SyntaxError(
                record: records.count + 1, field: fields.count + 1, line: recordLine,
                problem: problem)
        }
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            afterQuote = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(fields: fields, line: recordLine))
            }
            fields.removeAll()
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < bytes.endIndex && bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else if byte == cr && index < bytes.endIndex && bytes[index] == lf {
                    // CRLF inside a field is one line break.
                    field.append(lf)
                    index += 1
                    line += 1
                } else {
                    if byte == lf || byte == cr { line += 1 }
                    field.append(byte == cr ? lf : byte)
                }
                continue
            }
            switch byte {
            case separator:
                endField()
            case cr, lf:
                if byte == cr && index < bytes.endIndex && bytes[index] == lf { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            case quote:
                guard field.isEmpty && !afterQuote else {
                    throw fail(
                        afterQuote
                            ? "a quote right after a quoted field; write a quote inside quotes as two quotes (\"\")"
                            : "a quote inside a field that does not start with one; put the whole field in quotes and double the quote (\"\")"
                    )
                }
                quoted = true
            default:
                guard !afterQuote else {
                    throw fail(
                        "text after the closing quote of a quoted field; put the whole field in quotes"
                    )
                }
                field.append(byte)
            }
        }
        if quoted { throw fail("a quoted field is never closed (its closing quote is missing)") }
        if !field.isEmpty || !fields.isEmpty || afterQuote { endRecord() }
        return records
    }

    /// `value` as one field: quoted when it holds the separator, a quote or a line break, or
    /// begins or ends with a space (which a spreadsheet would trim); a `'` before it when a
    /// spreadsheet would take it for a formula (see ``isFormulaLike(_:)``).
    public static func field(_ value: String, separator: UInt8) -> String {
        let value = isFormulaLike(value) ? "'" + value : value
        let needsQuotes =
            value.utf8.contains {
                $0 == separator || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13
            }
            || value.hasPrefix(" ") || value.hasSuffix(" ")
        return needsQuotes ? "\"" + value.replacing("\"", with: "\"\"") + "\"" : value
    }

    /// Whether a spreadsheet opening the cell would run `value` as a formula: it begins with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's list for CSV injection), after
    /// any `'`s. The `'`s count too, so that a name that truly begins with `'=` gets its own
    /// `'` written and ``unescaped(_:)`` gives back every byte of it.
    public static func isFormulaLike(_ value: String) -> Bool {
        let first = value.utf8.first { $0 != UInt8(ascii: "'") }
        return first.map(formulaStarts.contains) ?? false
    }

    /// A cell ``field(_:separator:)`` wrote, without the `'` it put before a formula-like
    /// value; any other cell as it is.
    public static func unescaped(_ cell: String) -> String {
        cell.hasPrefix("'") && isFormulaLike(cell) ? String(cell.dropFirst()) : cell
    }

    /// The first bytes that make a spreadsheet read a cell as a formula.
    private static let formulaStarts: [UInt8] = [
        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 9, 13,
    ]

    /// The spreadsheet name of column `number` (1: A, 27: AA).
    public static func columnLetters(_ number: Int) -> String {
        var number = number
        var letters = ""
        while number > 0 {
            let remainder = (number - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + remainder))) + letters
            number = (number - 1) / 26
        }
        return letters
    }
}
