import SiteBuild

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `waterfall-site renditions PHOTOS --shard I/N --store DIR`: one shard of the renditions a
/// build with the same options needs, for a batch engine to run on many machines (see
/// ``RenditionShard``); `--prune` empties the store of what no photo uses.
enum RenditionsCommand {
    static let options =
        BuildCommand.options + [
            .init(names: ["--shard"], takesValue: true),
            .init(names: ["--store"], takesValue: true),
            .init(names: ["--prune"], takesValue: false),
        ]

    static func run(_ arguments: [String], console: Console) throws(CommandError) {
        let list = try ArgumentList(arguments, options: options, command: "renditions")
        if list.has("--help") { return console.writeOutput(HelpText.renditions) }
        guard let storeText = list.value("--store") else {
            throw .usage("renditions needs --store DIR, the folder to share", command: "renditions")
        }
        let shardText = list.value("--shard")
        guard (shardText != nil) != list.has("--prune") else {
            throw .usage("renditions takes either --shard I/N or --prune", command: "renditions")
        }
        let settings = try BuildCommand.settings(from: list, command: "renditions")
        let store = PathText.resolve(
            storeText, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let shards = RenditionShard(settings: settings, reporter: console)
        guard let shardText else {
            return try CommandError.wording { () throws(SiteBuildError) in
                try shards.prune(store: store)
            }
        }
        guard let shard = RenditionShard.Shard(shardText) else {
            throw .usage(
                "option '--shard' expects I/N with 0 ≤ I < N (0/4 is the first of four), got '\(shardText)'",
                command: "renditions")
        }
        try CommandError.wording { () throws(SiteBuildError) in try shards.run(shard, store: store)
        }
    }
}
