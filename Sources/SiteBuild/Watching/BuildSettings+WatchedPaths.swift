#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension BuildSettings {
    /// What `serve` watches: the photos folder and the theme with all below them, and the
    /// settings and metadata files (watched through their folders, so a file that does not
    /// exist yet is seen when it appears).
    public var watchedPaths: (trees: [String], files: [String]) {
        var trees = [photos.path]
        if let templates { trees.append(templates.path) }
        var files = [configFile?.path ?? photos.appending(path: "waterfall.json").path]
        if let metadata { files.append(metadata.path) }
        for name in PhotoMetadata.defaultNames { files.append(photos.appending(path: name).path) }
        return (trees, files)
    }
}
