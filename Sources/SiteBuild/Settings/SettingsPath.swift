import InputFiles
import PhotoScanner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A path to read from, given in a settings file (`staticFolder`, `templates`, `logo`,
/// `favicon`, `metadata`): relative to the file and inside its folder (for `PHOTOS/waterfall.json`,
/// the photos folder), never absolute, never out through `..` nor through a symbolic link unless
/// `--follow-symlinks`. A settings file travels with a shared photos folder, so it must not be
/// able to publish `/etc`; a path anywhere else is for the command line, which the user types.
struct SettingsPath {
    /// The settings file.
    let file: URL
    /// Whether links leading out of the folder are allowed (`--follow-symlinks`).
    let followsLinks: Bool

    /// `value` of `key` resolved inside the settings file's folder; `flag` is the command-line
    /// option the message offers for a path elsewhere.
    func resolve(_ value: String, key: String, flag: String) throws(SiteBuildError) -> URL {
        let folder = file.deletingLastPathComponent().standardizedFileURL
        let fix =
            "give a path inside '\(folder.path)', relative to the settings file, or name the path on the command line with \(flag)"
        if value.hasPrefix("/") || value.hasPrefix("~") {
            throw refusal(
                key, value,
                "is an absolute path; paths in a settings file must stay inside its folder: \(fix)")
        }
        var depth = 0
        for component in value.split(separator: "/") where component != "." {
            depth += component == ".." ? -1 : 1
            if depth < 0 {
                throw refusal(
                    key, value, "leads out of the settings file's folder through '..': \(fix)")
            }
        }
        let url = PathText.resolve(value, relativeTo: folder)
        guard !followsLinks, let root = InputFileRule.resolvedRoot(folder.path) else { return url }
        // The deepest part of the path that exists is where a link may lead away.
        var existing = url
        while InputFileRule.resolved(existing.path) == nil && existing.pathComponents.count > 1 {
            existing = existing.deletingLastPathComponent()
        }
        if let target = InputFileRule.resolved(existing.path),
            !InputFileRule.isInside(target, resolvedRoot: root)
        {
            throw refusal(
                key, value,
                "leads through a symbolic link to '\(String(decoding: target, as: UTF8.self))', outside the settings file's folder: \(fix), or add --follow-symlinks"
            )
        }
        return url
    }

    private func refusal(_ key: String, _ value: String, _ reason: String) -> SiteBuildError {
        .settingsPathOutside(path: file.path, key: key, value: value, reason: reason)
    }
}
