import SiteBuild

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `waterfall-site init PHOTOS`: scans the folder and writes its ``StarterFiles``.
enum InitCommand {
    static let options: [ArgumentList.Option] = [
        .init(names: ["--jobs", "-j"], takesValue: true),
        .init(names: ["--help", "-h"], takesValue: false),
    ]

    static func run(_ arguments: [String], console: Console) throws(CommandError) {
        let list = try ArgumentList(arguments, options: options, command: "init")
        if list.has("--help") {
            console.writeOutput(HelpText.initialise)
            return
        }
        guard list.positionals.count == 1, let photosPath = list.positionals.first else {
            throw .usage(
                list.positionals.isEmpty
                    ? "init needs the folder of photos"
                    : "init takes one folder of photos, got \(list.positionals.count)",
                command: "init")
        }
        let workingFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let photos = PathText.resolve(photosPath, relativeTo: workingFolder)
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = list.value("--jobs") {
            jobs = Int(
                try CommandError.wording { () throws(SiteBuildError) in
                    try NumericSetting.jobs.parse(text, command: "init")
                })
        }
        try CommandError.wording { () throws(SiteBuildError) in
            try StarterFiles(photos: photos, reporter: console).write(scanningWith: jobs)
        }
    }
}
