import Foundation

/// The output folder's safety rules: a build is written into a hidden staging folder beside the
/// output and swapped in only when complete, so an interrupted or failed build leaves the previous
/// site as it was; and an existing folder is only replaced when it is empty, a previous
/// waterfall-site build (it has the marker file), or the user said `--force`.
final class OutputFolder {
    /// The file that marks a folder as a waterfall-site build.
    static let markerName = ".waterfall-site"
    static let markerText = "This folder was built by waterfall-site; a rebuild replaces it whole.\n"

    let url: URL
    let staging: URL
    private let fileManager = FileManager.default
    /// Folders already made in the staging folder, so 100,000 photos do not ask 100,000 times.
    private var createdFolders: Set<String> = []

    init(_ url: URL) {
        self.url = url.standardizedFileURL
        let parent = self.url.deletingLastPathComponent()
        // Hidden (leading dot) so a scan of a photos folder that contains the output skips it.
        staging = parent.appending(path: ".\(self.url.lastPathComponent).staging-\(getpid())")
    }

    /// Refuses to go on when replacing the output would lose something the tool did not create.
    func checkReplaceable(force: Bool) throws(CommandError) {
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw .failed("output '\(url.path)' is a file, not a folder; choose another path with -o")
        }
        if force { return }
        let contents = (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []
        if contents.isEmpty || contents.contains(Self.markerName) { return }
        throw .failed(
            "output folder '\(url.path)' is not empty and was not made by waterfall-site; "
                + "choose another folder with -o, or add --force to replace it")
    }

    /// A fresh, empty staging folder.
    func prepareStaging() throws(CommandError) {
        removeStaging()
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            try Data(Self.markerText.utf8).write(to: staging.appending(path: Self.markerName))
        } catch {
            throw .failed("cannot create the staging folder '\(staging.path)': \(error.localizedDescription)")
        }
    }

    func removeStaging() {
        try? fileManager.removeItem(at: staging)
    }

    /// Puts the finished staging folder in place of the output; the old output is removed only
    /// after the new one is in place.
    func swapIn() throws(CommandError) {
        let previous = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).previous-\(getpid())")
        let hadOutput = fileManager.fileExists(atPath: url.path)
        if hadOutput {
            guard rename(url.path, previous.path) == 0 else {
                throw .failed("cannot move the previous site '\(url.path)' aside: \(String(cString: strerror(errno)))")
            }
        }
        guard rename(staging.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOutput { _ = rename(previous.path, url.path) }
            throw .failed("cannot move the new site into '\(url.path)': \(reason)")
        }
        if hadOutput { try? fileManager.removeItem(at: previous) }
    }

    /// Writes `text` to `relativePath` inside the staging folder, creating folders as needed.
    func write(_ text: String, to relativePath: String) throws(CommandError) {
        let destination = staging.appending(path: relativePath)
        do {
            try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: destination)
        } catch {
            throw .failed("cannot write '\(destination.path)': \(error.localizedDescription)")
        }
    }

    /// Places the original `source` at `relativePath` in the staging folder: a hard link where the
    /// file system allows (no copy, no space), a copy otherwise.
    func placeOriginal(_ source: URL, at relativePath: String) throws(CommandError) {
        let destination = staging.appending(path: relativePath)
        let folder = destination.deletingLastPathComponent()
        if !createdFolders.contains(folder.path) {
            do {
                try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .failed("cannot create '\(folder.path)': \(error.localizedDescription)")
            }
            createdFolders.insert(folder.path)
        }
        // AT_SYMLINK_FOLLOW: a photo that is a symlink is linked to its target, not the link.
        if linkat(AT_FDCWD, source.path, AT_FDCWD, destination.path, AT_SYMLINK_FOLLOW) == 0 { return }
        do {
            try fileManager.copyItem(at: source.resolvingSymlinksInPath(), to: destination)
        } catch {
            throw .failed("cannot copy '\(source.path)' into the site: \(error.localizedDescription)")
        }
    }
}
