import InputFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `metadata.csv`: the metadata as a spreadsheet, for shops that keep captions and prices in
/// one. A header row names the columns; then one row per photo, keyed by its path relative to
/// the photos folder, and one row per section whose `path` is the folder with a trailing `/`.
///
/// ```csv
/// path,title,alt,caption,price,link
/// Ceramics/,Hand-made ceramics,,,,
/// Ceramics/red-bowl.jpg,Red bowl,A red stoneware bowl,"Stoneware, 18 cm",€24,https://shop.example/red-bowl
/// ```
///
/// Empty cells are left out, and the rest go through the same entry reading as the JSON file
/// (``PhotoMetadata/addPhoto(_:_:)``, ``PhotoMetadata/addSection(_:_:)``), so every field the
/// JSON file has is a column here, with the same checks. Column names ignore case and
/// surrounding spaces; `path` is required, the others are optional and in any order.
public enum MetadataTable {
    /// The columns a table may have: `path`, then the photo fields in the order `init` writes
    /// them, then fields only sections have.
    public static var columns: [String] {
        let preferred = ["title", "alt", "caption", "price", "link", "badge", "availability"]
        let photoFields =
            preferred.filter(PhotoMetadata.photoKeys.contains)
            + PhotoMetadata.photoKeys.subtracting(preferred + PhotoMetadata.occasionalKeys)
            .sorted()
        return ["path"] + photoFields
            + PhotoMetadata.SectionEntry.keys.filter {
                !photoFields.contains($0) && !PhotoMetadata.occasionalKeys.contains($0)
            }
    }

    /// The table in the file at `url`, read through `rule` (see ``PhotoMetadata/load(_:rule:collecting:)``);
    /// with `collecting`, a bad row is handed to it whole ("metadata file '…': row 3 …") and left
    /// out, so a check lists every bad row, not just the first.
    public static func load(
        _ url: URL, rule: InputFileRule, collecting: ((String) -> Void)? = nil
    ) throws(SiteBuildError) -> PhotoMetadata {
        let path = url.path
        let bytes: [UInt8]
        do {
            bytes = try rule.contents(of: url)
        } catch {
            throw .invalidMetadata(
                path: path, reason: error.path == path ? error.reasonText : error.description)
        }
        do {
            return try parse(
                bytes,
                collecting: collecting.map { report in { report("metadata file '\(path)': \($0)") }
                })
        } catch {
            throw .invalidMetadata(path: path, reason: error.description)
        }
    }

    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// The header's column names, as written, and the separator; for `init` adding rows.
    public static func header(of bytes: [UInt8]) throws(Problem) -> (
        names: [String], separator: UInt8, paths: Set<String>
    ) {
        let table = try read(bytes)
        let pathColumn = table.names.firstIndex(of: "path") ?? 0
        return (
            table.names, table.separator,
            Set(
                table.rows.compactMap {
                    $0.fields.dropFirst(pathColumn).first.map {
                        PhotoMetadata.normalised(pathCell($0))
                    }
                })
        )
    }

    /// The path a `path` cell names: trimmed, and without the `'` that `init` writes before a
    /// name a spreadsheet would take for a formula (see ``CSVText/field(_:separator:)``).
    static func pathCell(_ cell: String) -> String {
        CSVText.unescaped(cell.trimmed)
    }

    /// Where a table's entries are, for messages that name a cell: the columns as the header
    /// names them, and each entry's row and line by its slot (`p:` or `s:` and the normalised path).
    public struct Places: Sendable {
        var columns: [String]
        var rows: [String: (number: Int, line: Int)] = [:]

        /// "row 3 (line 4)" for the entry in `slot`; nil when it has no row.
        func row(_ slot: String) -> String? {
            rows[slot].map { "row \($0.number) (line \($0.line))" }
        }

        /// "column D ('link')", or "column 'link'" when the table has no such column.
        func column(_ key: String) -> String {
            columns.firstIndex(of: key).map { "column \(CSVText.columnLetters($0 + 1)) ('\(key)')" }
                ?? "column '\(key)'"
        }
    }

    /// The metadata in a table's `bytes`. A bad row throws, or with `collecting` is handed to it
    /// (its description names the row and column) and left out, the other rows read on.
    public static func parse(_ bytes: [UInt8], collecting: ((String) -> Void)? = nil)
        throws(Problem)
        -> PhotoMetadata
    {
        let table = try read(bytes)
        var metadata = PhotoMetadata()
        metadata.tablePlaces = Places(columns: table.names)
        var firstRow: [String: Int] = [:]
        for (number, record) in zip(2..., table.rows) {
            do {
                try addRow(record, number: number, of: table, to: &metadata, firstRow: &firstRow)
            } catch {
                guard let collecting else { throw error }
                collecting(error.description)
            }
        }
        return metadata
    }

    /// Reads row `number` of `table` into `metadata`; `firstRow` holds the row of every path so far.
    private static func addRow(
        _ record: CSVText.Record, number: Int, of table: Table, to metadata: inout PhotoMetadata,
        firstRow: inout [String: Int]
    ) throws(Problem) {
        let rowPlace = "row \(number) (line \(record.line))"
        guard record.fields.count <= table.names.count else {
            throw Problem(
                description:
                    "\(rowPlace) has \(record.fields.count) cells, the header \(table.names.count); quote cells that hold the separator"
            )
        }
        var rowPath = ""
        var fields: [(key: String, value: JSONValue)] = []
        for (index, cell) in record.fields.enumerated() {
            let column = table.names[index]
            let value = column == "path" ? pathCell(cell) : cell.trimmed
            if let (problem, position) = ControlCharacter.firstProblem(
                in: value, isPath: column == "path")
            {
                throw Problem(
                    description:
                        "\(rowPlace), column \(CSVText.columnLetters(index + 1)) ('\(column)'), character \(position): the cell \(problem)"
                )
            }
            if column == "path" {
                rowPath = value
            } else if !value.isEmpty {
                fields.append((column, .string(value)))
            }
        }
        guard !rowPath.isEmpty else {
            if fields.isEmpty { return }
            throw Problem(
                description:
                    "\(rowPlace), column \(table.letter("path")) ('path'): the path is empty; give the photo's path relative to the photos folder"
            )
        }
        let key = PhotoMetadata.normalised(rowPath)
        if let earlier = firstRow[key] {
            throw Problem(
                description:
                    "\(rowPlace): '\(rowPath)' is already on row \(earlier); give each photo or folder one row"
            )
        }
        firstRow[key] = number
        let isSection = rowPath.hasSuffix("/")
        do {
            if isSection {
                try metadata.addSection(rowPath, fields)
            } else {
                try metadata.addPhoto(rowPath, fields)
            }
        } catch {
            // A field the entry refuses as a whole is one only the other kind of row has.
            let column =
                error.key
                ?? fields.first {
                    !(isSection ? PhotoMetadata.sectionKeys : PhotoMetadata.photoKeys).contains(
                        $0.key)
                }?.key
            let place = column.map { ", column \(table.letter($0)) ('\($0)')" } ?? ""
            let problem =
                error.key == nil && column != nil
                ? (isSection
                    ? "a folder's row (path ending in '/') can only fill \(PhotoMetadata.SectionEntry.keys.joined(separator: ", "))"
                    : "a photo's row can only fill \(PhotoMetadata.photoKeys.sorted().joined(separator: ", ")); for a folder, end its path with '/'")
                : error.problem
            throw Problem(description: "\(rowPlace)\(place): \(problem)")
        }
        metadata.tablePlaces?.rows[(isSection ? "s:" : "p:") + key] = (number, record.line)
    }

    private struct Table {
        var names: [String]
        var separator: UInt8
        var rows: [CSVText.Record]

        func letter(_ column: String) -> String {
            CSVText.columnLetters((names.firstIndex(of: column) ?? 0) + 1)
        }
    }

    private static func read(_ bytes: [UInt8]) throws(Problem) -> Table {
        let body = CSVText.withoutByteOrderMark(bytes)
        guard String(validating: body, as: UTF8.self) != nil else {
            throw Problem(
                description: "is not UTF-8 text; save it from the spreadsheet as \"CSV UTF-8\"")
        }
        let separator = CSVText.separator(of: body)
        let records: [CSVText.Record]
        do {
            records = try CSVText.records(body, separator: separator)
        } catch {
            let place =
                error.record == 1 ? "the header" : "row \(error.record) (line \(error.line))"
            throw Problem(
                description:
                    "\(place), column \(CSVText.columnLetters(error.field)): \(error.problem)")
        }
        guard let header = records.first else {
            throw Problem(
                description:
                    "is empty; the first row names the columns: \(columns.joined(separator: ","))")
        }
        // Any case: `creditText`, `credittext` and `CreditText` name one column.
        let known = columns + PhotoMetadata.occasionalKeys
        var byLowercase = Dictionary(known.map { ($0.lowercased(), $0) }) { first, _ in first }
        for (alias, key) in PhotoMetadata.keyAliases { byLowercase[alias] = key }
        let names = header.fields.map {
            byLowercase[$0.trimmed.lowercased()] ?? $0.trimmed.lowercased()
        }
        for (index, name) in names.enumerated() {
            let place = "the header, column \(CSVText.columnLetters(index + 1))"
            guard known.contains(name) else {
                let hint =
                    Suggestion.nearest(to: name, among: known).map { "did you mean '\($0)'? " }
                    ?? ""
                throw Problem(
                    description:
                        "\(place): unknown column '\(header.fields[index].trimmed)' (\(hint)known: \(known.joined(separator: ", ")))"
                )
            }
            if names[..<index].contains(name) {
                throw Problem(description: "\(place): column '\(name)' appears twice")
            }
        }
        guard names.contains("path") else {
            throw Problem(
                description:
                    "the header has no 'path' column; it names each row's photo relative to the photos folder"
            )
        }
        return Table(names: names, separator: separator, rows: Array(records.dropFirst()))
    }
}
