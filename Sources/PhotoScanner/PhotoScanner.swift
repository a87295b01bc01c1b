import Foundation

/// Why a scan could not run at all (as opposed to per-file diagnostics).
public struct ScanError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "cannot scan '\(path)': \(reason)" }
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Walks a folder and measures every JPEG and PNG from its header. (Placeholder until the scanner lands.)
public struct PhotoScanner: Sendable {
    public var jobs: Int
    /// Absolute folders that are never entered (the output folder when it lies inside the photos).
    public var excludedFolders: [URL]

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, excludedFolders: [URL] = []) {
        self.jobs = max(1, jobs)
        self.excludedFolders = excludedFolders
    }

    public func scan(_ root: URL, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws(ScanError) -> ScanResult {
        ScanResult(photos: [], diagnostics: [])
    }
}
