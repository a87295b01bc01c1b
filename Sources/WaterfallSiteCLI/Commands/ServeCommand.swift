import Dispatch
import PreviewServer
import SiteBuild
import Workers

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `waterfall-site serve PHOTOS`: builds, serves the output folder on loopback, and rebuilds
/// (incrementally, in this process) whenever the photos, the metadata, the settings file or
/// the theme change, reloading the open pages.
enum ServeCommand {
    static let options = BuildCommand.options + ArgumentList.options(SettingsTable.serveOptions)
    static let defaultPort: UInt16 = 8000
    static let portSetting = NumericSetting.port
    /// Ports tried from the first one when it is taken.
    static let portAttempts = 20

    static func run(_ arguments: [String], console: Console) throws(CommandError) {
        let list = try ArgumentList(arguments, options: options, command: "serve")
        if list.has("--help") {
            console.writeOutput(HelpText.serve)
            return
        }
        var port = defaultPort
        if let text = list.value("--port") {
            port = UInt16(
                try CommandError.wording { () throws(SiteBuildError) in
                    try portSetting.parse(text, command: "serve")
                })
        }
        let host = list.value("--host") ?? "127.0.0.1"
        guard let address = SocketAddress(host: host) else {
            throw .usage(
                "option '--host' expects an IP address of this machine such as 127.0.0.1 or 0.0.0.0, got '\(host)'",
                command: "serve")
        }
        var settings = try BuildCommand.settings(from: list, command: "serve")
        if !address.isLoopback {
            console.warn(
                "warning: --host \(host): every file of the site is served to anyone who can reach this address; use it on a trusted network only"
            )
        }

        let stop = try SignalStop()
        defer { stop.cancel() }
        var session = Session(list: list, console: console, stop: stop)
        // Watching starts before the first build, so nothing saved meanwhile goes unseen.
        var watcher = try session.watcher(for: settings)
        session.build(settings)
        if session.stopped { return }

        let server: PreviewServer
        do {
            var configuration = ServerConfiguration(
                root: settings.output.path, host: host, port: port,
                portAttempts: port == 0 ? 1 : portAttempts,
                eventStreamPath: LiveReload.eventPath)
            configuration.clientTimeout = 10
            server = try PreviewServer(configuration)
        } catch {
            throw .failed(
                "cannot serve the site: \(error.description); choose another port with --port")
        }
        session.server = server
        session.publish()
        if port != 0 && server.port != port {
            console.warn("note: port \(port) is in use; serving on port \(server.port) instead")
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        console.print(
            "Serving \(settings.output.path) at http://\(shownHost):\(server.port)/ (rebuilding on changes; Ctrl-C stops)"
        )

        let stopped = DispatchSemaphore(value: 0)
        guard
            ParallelWork.detach({
                server.run()
                stopped.signal()
            })
        else {
            throw .failed("cannot start the server's thread")
        }

        while !stop.fired, let changed = watcher.waitForChange(stoppingOn: stop.readEnd) {
            var unique: [String] = []
            for path in changed where !unique.contains(path) { unique.append(path) }
            let shown = unique.prefix(3).map(PathText.displayed).joined(separator: ", ")
            console.warn(
                "Changed: \(shown)\(unique.count > 3 ? " and \(unique.count - 3) more" : ""); rebuilding"
            )
            let rebuilt = session.rebuild()
            if session.stopped { break }
            if let next = rebuilt {
                if next.watchedPaths != settings.watchedPaths {
                    watcher = try session.watcher(for: next)
                }
                settings = next
            }
        }
        server.stop()
        stopped.wait()
        console.warn("Stopped serving.")
    }

    /// What stays from build to build: the server, the number of the last good build, and
    /// how the site was asked for.
    private struct Session {
        let list: ArgumentList
        let console: Console
        let stop: SignalStop
        /// A signal asked to stop before a build could start: it did not run.
        var stopped = false
        var server: PreviewServer?
        var generation = 0
        var failure: String?
        /// The last good build's records, read while waiting for the next change.
        var preloaded: PreloadedRecords?

        init(list: ArgumentList, console: Console, stop: SignalStop) {
            self.list = list
            self.console = console
            self.stop = stop
        }

        /// Builds; a failure is reported (terminal and pages) and the previous site stays.
        mutating func build(_ settings: BuildSettings) {
            do throws(CommandError) {
                var builder = SiteBuilder(settings: settings, reporter: console)
                builder.preloadedRecords = preloaded
                builder.interruptions = SignalInterruptions()
                preloaded = nil
                // A signal while the builder runs abandons the build and ends the process (see
                // SignalStop); from the moment it returns, a signal stops serving as between
                // builds, and the site just built is served to the end.
                var failed: CommandError?
                stopped = !stop.building {
                    do throws(SiteBuildError) {
                        try builder.build()
                    } catch {
                        failed = error.commandError
                    }
                }
                if stopped { return }
                if let failed { throw failed }
                generation += 1
                failure = nil
                if settings.usesCache {
                    preloaded = PreloadedRecords(recordsOf: settings.output)
                }
            } catch {
                failure = error.description
                console.warn("error: \(error.description)")
                console.warn(
                    generation == 0 && !FileManager.default.fileExists(atPath: settings.output.path)
                        ? "Nothing to serve yet; fix the problem and save to rebuild."
                        : "The previous site is still being served; fix the problem and save to rebuild."
                )
            }
            publish()
        }

        /// Reads the settings again (the settings file may be what changed) and builds.
        mutating func rebuild() -> BuildSettings? {
            let settings: BuildSettings
            do {
                settings = try BuildCommand.settings(from: list, command: "serve")
            } catch {
                failure = error.description
                console.warn("error: \(error.description)")
                publish()
                return nil
            }
            build(settings)
            return settings
        }

        /// Tells the server (and through it the open pages) how the last build went.
        func publish() {
            guard let server else { return }
            server.setHTMLInsertion(
                LiveReload.script(generation: generation), tag: "b\(generation)")
            var greeting = [LiveReload.built(generation)]
            if let failure { greeting.append(LiveReload.failed(failure)) }
            server.setGreeting(greeting)
            server.send(greeting.last!)
        }

        func watcher(for settings: BuildSettings) throws(CommandError) -> FolderWatcher {
            let paths = settings.watchedPaths
            return try CommandError.wording { () throws(SiteBuildError) in
                try FolderWatcher(
                    trees: paths.trees, files: paths.files, excluded: [settings.output.path])
            }
        }
    }

}
