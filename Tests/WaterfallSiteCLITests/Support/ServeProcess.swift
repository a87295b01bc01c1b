import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `waterfall-site serve` running as the built binary, on 127.0.0.1 on a port the system
/// picks, with what it prints collected; interrupted (SIGINT) when the value goes away.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""
    /// Signalled once for each of standard output and standard error when it reaches its end.
    private let pipesClosed = DispatchSemaphore(value: 0)
    private(set) var port = 0

    var output: String { lock.withLock { outputText } }
    var error: String { lock.withLock { errorText } }

    /// With `descriptorLimit`, serve runs under `prlimit` with that RLIMIT_NOFILE (prlimit
    /// execs it: the process and its identifier are serve's own).
    /// Without `waitsForAddress`, returns once the process has started, before its first build
    /// is done (`port` is then 0).
    init(
        _ arguments: [String], in folder: URL? = nil, descriptorLimit: Int? = nil,
        waitsForAddress: Bool = true
    ) throws {
        guard let binary = Repository.binary else {
            throw ServeFailure(description: "the waterfall-site binary was not built")
        }
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments =
                ["--nofile=\(descriptorLimit):\(descriptorLimit)", binary.path, "serve"]
                + arguments
        } else {
            process.executableURL = binary
            process.arguments = ["serve"] + arguments
        }
        if let folder { process.currentDirectoryURL = folder }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        let closed = pipesClosed
        outputPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                closed.signal()
            }
            let text = String(decoding: data, as: UTF8.self)
            self?.lock.withLock { self?.outputText += text }
        }
        errorPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                closed.signal()
            }
            let text = String(decoding: data, as: UTF8.self)
            self?.lock.withLock { self?.errorText += text }
        }
        try process.run()
        guard waitsForAddress else { return }
        let line = try wait(for: "the address", timeout: 60) { output in
            output.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression).map {
                String(output[$0])
            }
        }
        port = Int(line.dropFirst("http://127.0.0.1:".count).dropLast()) ?? 0
    }

    deinit {
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
        }
    }

    /// Sends SIGINT once every build has ended (a signal during one abandons it, exit 130),
    /// and waits for the exit status.
    func interrupt() -> Int32 {
        // Every build ends with its summary on stdout or its error on stderr.
        _ = try? wait(for: "the end of the builds", timeout: 60) { output in
            let started = 1 + error.components(separatedBy: "; rebuilding\n").count - 1
            let ended =
                output.components(separatedBy: "\n").filter { $0.hasPrefix("Built ") }.count
                + error.components(separatedBy: "\n").filter { $0.hasPrefix("error: ") }.count
            return ended >= started ? true : nil
        }
        process.interrupt()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Sends `signals` one after the other and waits for the exit: the status and the seconds
    /// from the first signal to the exit.
    func stop(with signals: [Int32]) -> (status: Int32, seconds: Double) {
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let started = Date()
        for number in signals { kill(process.processIdentifier, number) }
        // Waits on the termination handler, not a poll, so the time is the process's own.
        exited.wait()
        let seconds = Date().timeIntervalSince(started)
        // The exit can be seen before the last words it printed are read: wait for both pipes'
        // ends, so `output` and `error` are whole.
        for _ in 0..<2 { _ = pipesClosed.wait(timeout: .now() + 10) }
        return (process.terminationStatus, seconds)
    }

    /// Polls `check` with the standard output until it gives a value or `timeout` passes.
    @discardableResult
    func wait<T>(for what: String, timeout: Double, _ check: (String) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = check(output) { return value }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw ServeFailure(
            description: "no \(what) within \(timeout) s; stdout: \(output)\nstderr: \(error)")
    }

    /// GET `path`: status and body.
    func get(_ path: String) throws -> (status: Int, body: String) {
        let url = URL(string: "http://127.0.0.1:\(port)\(path)")!
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let done = DispatchSemaphore(value: 0)
        let box = ResponseBox()
        URLSession.shared.dataTask(with: request) { data, response, error in
            box.set(
                status: (response as? HTTPURLResponse)?.statusCode ?? 0,
                body: data.map { String(decoding: $0, as: UTF8.self) }
                    ?? "\(error.map { "\($0)" } ?? "")")
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 10) == .success else {
            throw ServeFailure(description: "GET \(path) timed out")
        }
        return box.value
    }

    /// GETs `path` until `check` accepts the page, for at most `timeout` seconds; returns the
    /// seconds it took.
    @discardableResult
    func waitForPage(_ path: String = "/", within timeout: Double, _ check: (String) -> Bool) throws
        -> Double
    {
        let started = Date()
        var last = ""
        while Date().timeIntervalSince(started) < timeout {
            let page = try get(path)
            if page.status == 200 && check(page.body) { return Date().timeIntervalSince(started) }
            last = page.body
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ServeFailure(
            description:
                "the page did not change within \(timeout) s; last body: \(last.prefix(300))\nstderr: \(error)"
        )
    }
}

private final class ResponseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (status: Int, body: String) = (0, "")
    var value: (status: Int, body: String) { lock.withLock { stored } }
    func set(status: Int, body: String) { lock.withLock { stored = (status, body) } }
}

struct ServeFailure: Error, CustomStringConvertible {
    var description: String
}
