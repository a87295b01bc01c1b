import Foundation

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// Runs the command line in-process and keeps what it printed.
final class CapturedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""
    private(set) var exitCode: ExitCode = .success

    var output: String { lock.withLock { outputText } }
    var error: String { lock.withLock { errorText } }

    @discardableResult
    init(_ arguments: [String]) {
        let console = Console(
            writeOutput: { [unowned self] text in self.lock.withLock { self.outputText += text } },
            writeError: { [unowned self] text in self.lock.withLock { self.errorText += text } },
            errorIsTerminal: false)
        exitCode = WaterfallSite.run(arguments, console: console)
    }
}

enum Repository {
    /// The package root, found from this file's path so tests do not depend on the working folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let sampleImages = root.appending(path: "SampleImages")

    /// A copy of a real sample photo, for tests that need a valid JPEG.
    static func samplePhoto(_ name: String = "Ceramics/stacked-cups.jpg") throws -> Data {
        try Data(contentsOf: sampleImages.appending(path: name))
    }

    /// The built `waterfall-site` executable beside the test bundle (SwiftPM builds it first,
    /// because the test target depends on it).
    static var binary: URL? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(root.appending(path: ".build/debug"))
        for folder in candidates {
            let binary = folder.appending(path: "waterfall-site")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return nil
    }
}

/// The result of running the built binary.
struct ProcessRun {
    var status: Int32
    var output: String
    var error: String

    /// `environment` is added to the test's own.
    init(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil,
        environment: [String: String] = [:]
    ) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) {
                _, added in added
            }
        }
        if let folder { process.currentDirectoryURL = folder }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        // Read standard error on another thread while reading standard output here, so a chatty
        // child can never block on a full pipe.
        let errorBox = DataBox()
        let errorHandle = errorPipe.fileHandleForReading
        let reader = Thread { errorBox.set(errorHandle.readDataToEndOfFile()) }
        reader.start()
        let stdoutData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        let stderrData = errorBox.wait()
        process.waitUntilExit()
        status = process.terminationStatus
        output = String(decoding: stdoutData, as: UTF8.self)
        error = String(decoding: stderrData, as: UTF8.self)
    }
}

/// Data handed from a reader thread, with a wait for it.
final class DataBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
