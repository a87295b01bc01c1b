import SiteBuild

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `waterfall-site` command line: dispatches to a command and turns its outcome into an exit
/// status. Everything lives in this library so tests run it in-process; `main.swift` only calls
/// ``run(_:console:)``.
public enum WaterfallSite {
    public static let version = ProgramVersion.current

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], console: Console = .standard) -> ExitCode {
        do {
            try dispatch(arguments, console: console)
            return .success
        } catch let error as CommandError {
            return report(error, on: console)
        } catch let error as SiteBuildError {
            return report(error.commandError, on: console)
        } catch {
            console.warn("error: \(error)")
            return .failure
        }
    }

    /// Says `error` on standard error (with the usage after a usage error) and gives its status.
    private static func report(_ error: CommandError, on console: Console) -> ExitCode {
        console.warn("error: \(error.description)")
        if case .usage(_, let command) = error {
            console.warn(
                "\(HelpText.usageLine(command))\nRun 'waterfall-site \(command.map { $0 + " " } ?? "")--help' for the options."
            )
        }
        return error.exitCode
    }

    static let commands = ["build", "check", "serve", "init", "scan", "renditions"]

    private static func dispatch(_ arguments: [String], console: Console) throws {
        guard let first = arguments.first else {
            console.writeError(HelpText.main)
            throw CommandError.usage("no command given", command: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            if first == "help", let topic = rest.first {
                try dispatch([topic, "--help"], console: console)
            } else {
                console.writeOutput(HelpText.main)
            }
        case "--version", "-V":
            console.print("waterfall-site \(version)")
        case "scan":
            try ScanCommand.run(rest, console: console)
        case "build":
            try BuildCommand.run(rest, console: console)
        case "check":
            try CheckCommand.run(rest, console: console)
        case "serve":
            try ServeCommand.run(rest, console: console)
        case "init":
            try InitCommand.run(rest, console: console)
        case "renditions":
            try RenditionsCommand.run(rest, console: console)
        default:
            var hint = ""
            if !first.hasPrefix("-") {
                let suggestion =
                    Suggestion.nearest(to: first, among: commands).map { "did you mean '\($0)'? " }
                    ?? ""
                hint = " (\(suggestion)commands: \(commands.joined(separator: ", ")))"
            }
            throw CommandError.usage("unknown command '\(first)'\(hint)", command: nil)
        }
    }
}
