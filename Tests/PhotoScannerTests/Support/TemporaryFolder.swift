import Foundation
import PhotoScanner
import Testing

/// A fresh folder under the system's temporary directory, removed when the value is released.
/// Each test gets its own, so tests run in parallel without sharing files.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("PhotoScannerTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` at `relativePath`, creating intermediate folders.
    @discardableResult
    func write(_ relativePath: String, _ bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    func makeFolder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent(relativePath), withIntermediateDirectories: true)
    }

    /// Creates a symbolic link at `relativePath` whose target is `destination`, verbatim.
    func link(_ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: url.appendingPathComponent(relativePath).path, withDestinationPath: destination)
    }

    /// Scans the folder with `jobs` workers; by default once with one worker and once with
    /// three (whose folders are listed ahead in parallel), which must agree exactly.
    func scan(jobs: Int? = nil, excluding excluded: [String] = []) throws -> ScanResult {
        let folders = excluded.map { url.appendingPathComponent($0) }
        if let jobs { return try PhotoScanner(jobs: jobs, excludedFolders: folders).scan(url) }
        let serial = try PhotoScanner(jobs: 1, excludedFolders: folders).scan(url)
        let parallel = try PhotoScanner(jobs: 3, excludedFolders: folders).scan(url)
        #expect(
            parallel == serial, "a walk with folders listed ahead by three threads finds the same")
        return serial
    }
}
