import InputFiles
import PhotoRenditions
import PhotoScanner
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `waterfall-site init` writes into a photos folder: the settings file with the defaults
/// and a spreadsheet of every photo to fill in. Never overwrites: an existing `metadata.csv`
/// gets rows for the photos it does not list yet, in its own separator and column order.
public struct StarterFiles {
    let photos: URL
    let reporter: any BuildReporter

    public init(photos: URL, reporter: any BuildReporter) {
        self.photos = photos
        self.reporter = reporter
    }

    /// Writes the files for the photos at `photoPaths` (relative to the photos folder, in the
    /// scan's order) and tells its reporter what it wrote or left alone.
    /// Scans the photos folder on `jobs` threads (its problems are warned about) and writes the
    /// files for the photos found.
    public func write(scanningWith jobs: Int) throws(SiteBuildError) {
        let scan: ScanResult
        do {
            // A site built inside the photos folder is not photos to describe.
            scan = try PhotoScanner(jobs: jobs, excludedFolders: [photos.appending(path: "_site")])
                .scan(photos)
        } catch {
            throw .scanFailed(reason: error.description)
        }
        for diagnostic in scan.diagnostics { reporter.warning(Diagnostics.line(for: diagnostic)) }
        try write(photoPaths: scan.photos.map(\.relativePath))
    }

    public func write(photoPaths: [String]) throws(SiteBuildError) {
        let settingsFile = photos.appending(path: "waterfall.json")
        if FileManager.default.fileExists(atPath: settingsFile.path) {
            reporter.result("\(shown(settingsFile)) exists; left as it is")
        } else {
            try write(
                Array(
                    Self.defaultSettings(
                        title: Humanised.words(Substring(photos.lastPathComponent))
                    )
                    .utf8), to: settingsFile)
            reporter.result("Wrote \(shown(settingsFile)) with the default settings")
        }

        let table = photos.appending(path: "metadata.csv")
        let json = photos.appending(path: "metadata.json")
        let rows = Self.rowPaths(photoPaths)
        if FileManager.default.fileExists(atPath: table.path) {
            try addRows(rows, to: table)
        } else if FileManager.default.fileExists(atPath: json.path) {
            reporter.result(
                "\(shown(json)) exists, so no metadata.csv was written (a folder may have one of the two)"
            )
        } else {
            let columns = MetadataTable.columns
            var text = columns.joined(separator: ",") + "\r\n"
            for path in rows {
                text +=
                    CSVText.field(path, separator: UInt8(ascii: ","))
                    + String(repeating: ",", count: columns.count - 1) + "\r\n"
            }
            try write(Array(text.utf8), to: table)
            reporter.result(
                "Wrote \(shown(table)): \(counted(rows)); fill in \(columns.dropFirst().joined(separator: ", ")) in a spreadsheet"
            )
        }
    }

    /// The defaults of every setting that has a fixed one, as `waterfall.json` writes them.
    public static func defaultSettings(title: String) -> String {
        let defaults = BuildSettings(
            photos: URL(fileURLWithPath: "/"), output: URL(fileURLWithPath: "/"))
        let direction =
            SettingText.directions.first { $0.direction == defaults.direction }?.name ?? "shortest"
        let breakpoints = defaults.breakpoints.map { "\(number($0.minimumWidth)):\($0.columns)" }
            .joined(separator: ",")
        return """
            {
              "title": \(JSONText.quoted(title)),
              "breakpoints": "\(breakpoints)",
              "columnSpacing": \(number(defaults.columnSpacing)),
              "rowSpacing": \(number(defaults.rowSpacing)),
              "insets": "\(number(defaults.insets.top))",
              "direction": "\(direction)",
              "headerHeight": \(number(defaults.headerHeight)),
              "footerHeight": \(number(defaults.footerHeight)),
              "maxTall": \(number(defaults.maxTall)),
              "maxWide": \(number(defaults.maxWide)),
              "pageSize": \(defaults.pageSize),
              "renditions": \(defaults.renditions),
              "quality": \(defaults.quality),
              "maxPixels": \(defaults.maximumPixels),
              "publishOriginals": \(defaults.linksOriginals),
              "hostFiles": \(defaults.hostFiles)
            }

            """
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Each folder's row (`Folder/`) before its photos, in the site's order: photos at the top
    /// level first, then the folders in the scan's natural order.
    public static func rowPaths(_ photos: [String]) -> [String] {
        var rows: [String] = []
        var folder = ""
        let topLevel = photos.filter { Catalogue.folder(of: $0).isEmpty }
        for path in topLevel + photos.filter({ !Catalogue.folder(of: $0).isEmpty }) {
            let photoFolder = Catalogue.folder(of: path)
            if photoFolder != folder && !photoFolder.isEmpty { rows.append(photoFolder + "/") }
            folder = photoFolder
            rows.append(path)
        }
        return rows
    }

    private func addRows(_ rows: [String], to table: URL)
        throws(SiteBuildError)
    {
        // Through the rule for input files, as a build reads it: a FIFO would hang `init`.
        let bytes: [UInt8]
        do {
            bytes = try InputFileRule(followsLinks: false).contents(of: table)
        } catch {
            throw .invalidMetadata(path: error.path, reason: error.reasonText)
        }
        let header: (names: [String], separator: UInt8, paths: Set<String>)
        do {
            header = try MetadataTable.header(of: bytes)
        } catch {
            throw .invalidMetadata(
                path: table.path,
                reason: "\(error.description); fix it before init adds rows to it")
        }
        let missing = rows.filter { !header.paths.contains(PhotoMetadata.normalised($0)) }
        guard !missing.isEmpty else {
            reporter.result(
                "\(shown(table)) already lists every photo (\(counted(rows))); nothing added")
            return
        }
        let lineEnd = bytes.contains(13) ? "\r\n" : "\n"
        let pathColumn = header.names.firstIndex(of: "path") ?? 0
        var text = bytes.isEmpty || bytes.last == 10 || bytes.last == 13 ? "" : lineEnd
        let separator = String(UnicodeScalar(header.separator))
        for path in missing {
            var cells = Array(repeating: "", count: header.names.count)
            cells[pathColumn] = CSVText.field(path, separator: header.separator)
            text += cells.joined(separator: separator) + lineEnd
        }
        try write(bytes + Array(text.utf8), to: table)
        reporter.result(
            "Added \(counted(missing)) to \(shown(table)) (\(NumberText.grouped(rows.count - missing.count)) already listed)"
        )
    }

    private func write(_ bytes: [UInt8], to url: URL) throws(SiteBuildError) {
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw .fileSystem(.write, path: url.path, reason: FileSystemFailure.reason(error))
        }
    }

    private func counted(_ rows: [String]) -> String {
        let folders = rows.filter { $0.hasSuffix("/") }.count
        let photos = rows.count - folders
        return "\(NumberText.grouped(photos)) photo\(photos == 1 ? "" : "s")"
            + (folders > 0 ? " and \(folders) folder\(folders == 1 ? "" : "s")" : "")
    }

    private func shown(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return url.path.hasPrefix(cwd + "/") ? String(url.path.dropFirst(cwd.count + 1)) : url.path
    }
}
