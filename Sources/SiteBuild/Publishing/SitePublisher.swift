import InputFiles
import PhotoScanner
import SiteRenderer
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the entries of the ``OutputManifest`` reach the staging folder: each stage declares a
/// file with its key and how to make it, and the publisher decides, against the previous build's
/// manifest, whether to keep the previous site's file (a hard link: unread, its time and inode
/// unchanged, so upload tools skip it) or to make it and write it. It records what it published
/// as this build's manifest, for the next build.
final class SitePublisher: Sendable {
    let output: OutputFolder
    /// The previous build's manifest, when its cache is trusted; empty otherwise.
    private let previous: OutputManifest
    /// The previous build's records of the photos' own files, when its cache is trusted: the
    /// originals and renditions part of its manifest (see ``carryOriginals(in:paths:everyPhotoUnchanged:identity:previousPosition:)``).
    let previousPhotos: BuildCache?
    private let manifest = Mutex(OutputManifest())

    /// Publishes into `output`'s staging folder against `cache`, the previous build's trusted
    /// cache, if there is one.
    init(output: OutputFolder, cache: BuildCache?) {
        self.output = output
        previous = output.isPreviousBuild ? cache?.files ?? OutputManifest() : OutputManifest()
        previousPhotos = cache
    }

    /// Everything published so far.
    var published: OutputManifest { manifest.withLock { $0 } }

    /// Publishes the files at `paths`, which `make` makes together (their bytes in the same
    /// order), under `key`. When `mayKeep` and the previous build published each of them under
    /// the same key and the previous site still has them all, they are linked from there and
    /// `make` is not called. Returns whether they were kept.
    @discardableResult
    func publish(
        _ paths: [String], key: UInt64, mayKeep: Bool = true,
        make: () throws(SiteBuildError) -> [Data]
    ) throws(SiteBuildError) -> Bool {
        unstageRepublished(paths)
        if mayKeep, paths.allSatisfy({ previous.key(of: $0) == key }), output.keepPrevious(paths) {
            record(paths, key: key)
            return true
        }
        let contents = try make()
        precondition(contents.count == paths.count, "one content for each path")
        for (path, bytes) in zip(paths, contents) { try output.write(bytes, to: path) }
        record(paths, key: key)
        return false
    }

    /// Publishes `bytes` at `path`, under a hash of the bytes. Made already, they are compared
    /// with the previous site's file rather than trusted by key: a previous file with the same
    /// bytes is kept, and one edited by hand is put right (see
    /// ``OutputFolder/write(_:to:)-(Data,_)``).
    func publish(_ bytes: Data, at path: String) throws(SiteBuildError) {
        try publish([path], key: Self.key(of: bytes), mayKeep: false) { [bytes] }
    }

    func publish(_ text: String, at path: String) throws(SiteBuildError) {
        try publish(Data(text.utf8), at: path)
    }

    /// Publishes `file` of the owner's static `folder` at the same path: a hard link to the file
    /// opened through ``StaticFolder/open(_:)`` (checked to be a regular file the rule allows)
    /// where the file system allows, so nothing is copied and its time stays, else a copy.
    func publish(_ file: String, of folder: StaticFolder) throws(SiteBuildError) {
        unstageRepublished([file])
        let descriptor = try folder.open(file)
        defer { close(descriptor) }
        // The opened file itself, not whatever the name leads to by now.
        if try output.linkFile("/proc/self/fd/\(descriptor)", at: file) {
            var info = stat()
            var hasher = StableHasher()
            if fstat(descriptor, &info) == 0 {
                for field in [
                    UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size),
                    UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec),
                ] {
                    hasher.combine(field)
                }
            }
            record([file], key: hasher.value)
            return
        }
        let bytes: [UInt8]
        do {
            // The file already opened and checked, not the name again.
            bytes = try InputFileRule.contents(of: descriptor, path: folder.url.path + "/" + file)
        } catch {
            throw .unreadableStaticFile(reason: error.description)
        }
        try publish(Data(bytes), at: file)
    }

    /// Starts publishing the large folder `folder`, whose files come in `groups` (see
    /// ``GroupedFolder``), and records the groups in the manifest. With `mayKeep` false, or
    /// without the previous build's groups there, or after a killed build's carried folders
    /// were restored, every file is written anew.
    func beginGroups(
        in folder: String, _ groups: [OutputManifest.Group], mayKeep: Bool = true
    ) -> GroupedFolder {
        let previousGroups = previous.groups(in: folder)
        let carries =
            mayKeep && !previousGroups.isEmpty && !output.restoredCarriedFolders
            && CarriedFolder.isFolder(output.url.path + "/" + folder)
        manifest.withLock { $0.setGroups(groups, in: folder) }
        return GroupedFolder(
            name: folder, groups: groups, previous: previousGroups, output: output,
            carries: carries)
    }

    /// Takes back what this build published at `paths` (pages to render again without photos
    /// that went away during the build): out of the staging folder and out of the manifest.
    func withdraw(_ paths: [String]) {
        output.removeStaged(paths)
        manifest.withLock { $0.remove(Set(paths)) }
    }

    /// Publishes the logo and favicon (see ``SiteAssets``).
    func publish(_ assets: SiteAssets) throws(SiteBuildError) {
        for file in assets.files { try publish(file.bytes, at: file.path) }
    }

    /// Places every file of the owner's static folder at the same path in the site.
    func publish(_ folder: StaticFolder) throws(SiteBuildError) {
        for file in folder.files { try publish(file, of: folder) }
    }

    /// The key of a file made of `bytes`.
    static func key(of bytes: Data) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { raw in
            hasher.combine(BuildCache.checksum(of: raw))
        }
        return hasher.value
    }

    /// Takes out of the staging folder files this build published already and now publishes
    /// again (unlinked, never rewritten in place: a kept file is a hard link to the previous
    /// site's, which must not change before the swap).
    private func unstageRepublished(_ paths: [String]) {
        let again = manifest.withLock { manifest in paths.filter { manifest.key(of: $0) != nil } }
        if !again.isEmpty { output.removeStaged(again) }
    }

    private func record(_ paths: [String], key: UInt64) {
        manifest.withLock { manifest in
            for path in paths { manifest.set(OutputManifest.Entry(path: path, key: key)) }
        }
    }
}
