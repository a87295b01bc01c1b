import Foundation

/// A temporary folder removed when the value goes away, for the tests of every target.
public final class TemporaryFolder {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = FileManager.default.temporaryDirectory.appending(
            path: "waterfall-site-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `data` at `relativePath` inside the folder, making the folders on the way.
    @discardableResult
    public func write(_ relativePath: String, _ data: Data) throws -> URL {
        let file = url.appending(path: relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    @discardableResult
    public func write(_ relativePath: String, _ text: String) throws -> URL {
        try write(relativePath, Data(text.utf8))
    }

    @discardableResult
    public func write(_ relativePath: String, _ bytes: [UInt8]) throws -> URL {
        try write(relativePath, Data(bytes))
    }

    /// Creates a symbolic link at `relativePath` whose target is `destination`, verbatim.
    public func link(_ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: url.appending(path: relativePath).path, withDestinationPath: destination)
    }
}
