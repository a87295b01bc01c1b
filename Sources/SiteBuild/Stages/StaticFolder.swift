import InputFiles
import PhotoRenditions
import PhotoScanner

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

/// The owner's own files (`PHOTOS/static/`, or the `staticFolder` setting): `CNAME`, `.nojekyll`,
/// `favicon.ico`, a `404.html`, a `_headers` of their own. Each build places every one of them
/// in the site root as it is (hidden files too), so a rebuild keeps them, shows an edit and drops
/// a file removed from the folder. The scanner never looks inside it for photos.
///
/// Its files follow ``InputFileRule``: a symbolic link is followed only while it stays inside the
/// folder, unless `--follow-symlinks`; a device, FIFO or socket is never published.
struct StaticFolder {
    let url: URL
    /// Every file, as a `/`-separated path inside the folder, in byte order.
    let files: [String]
    /// What was left out and why (a link leading outside, a FIFO), one sentence each.
    let warnings: [String]
    /// How each file is opened when it is published.
    let rule: InputFileRule

    /// The folder's files, read once before the scan; a folder reached again through a link (a
    /// loop, say) is entered only the first time.
    init(_ url: URL, followsLinks: Bool = false) throws(SiteBuildError) {
        var listing = Listing(
            root: url.path, rule: InputFileRule(followsLinks: followsLinks),
            resolvedRoot: InputFileRule.resolvedRoot(url.path) ?? [])
        try listing.walk("")
        self.url = url
        files = listing.files
        warnings = listing.warnings
        rule = listing.rule
    }

    /// Opens the static file `file` for reading, through the rule: a file swapped for a link or
    /// a FIFO since it was listed is refused, not published.
    func open(_ file: String) throws(SiteBuildError) -> Int32 {
        do {
            return try rule.open(file, in: url.path)
        } catch {
            throw .unreadableStaticFile(reason: error.description)
        }
    }

    /// The folders at the top of the static folder that hold files, in byte order.
    var topFolders: [String] {
        var folders: [String] = []
        for file in files {
            guard let slash = file.firstIndex(of: "/") else { continue }
            let folder = String(file[..<slash])
            if folders.last != folder { folders.append(folder) }
        }
        return folders
    }

    /// Whether the owner has a `_headers` of their own, which then replaces the generated one.
    var hasHeaders: Bool { files.contains(HostFiles.headersName) }
    /// Whether the owner brings their own `_redirects`, which the build then leaves as it is.
    var hasRedirects: Bool { files.contains(Redirects.hostFileName) }

    /// Fails when a static file would take the place of a generated one: `generated` are the
    /// site's files, `folders` the folders the build fills (nothing of the owner's goes inside).
    func checkClashes(generated: Set<String>, folders: Set<String>) throws(SiteBuildError) {
        for file in files {
            let top = file.split(separator: "/", maxSplits: 1).first.map(String.init) ?? file
            if folders.contains(top) {
                throw .staticFileClash(
                    folder: url.path, file: file, top: top, insideGeneratedFolder: true)
            }
            if generated.contains(top) {
                throw .staticFileClash(
                    folder: url.path, file: file, top: top, insideGeneratedFolder: false)
            }
        }
    }
}

extension StaticFolder {
    /// The walk that lists a static folder.
    private struct Listing {
        let root: String
        let rule: InputFileRule
        let resolvedRoot: [UInt8]
        var files: [String] = []
        var warnings: [String] = []
        var entered: Set<[UInt64]> = []

        mutating func walk(_ relative: String) throws(SiteBuildError) {
            let path = relative.isEmpty ? root : root + "/" + relative
            var info = stat()
            guard stat(path, &info) == 0,
                entered.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
            else { return }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw .fileSystem(
                    .listStaticFolder, path: path, reason: FileSystemFailure.reason(error))
            }
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard let mode = mode(of: child) else { continue }
                switch mode & S_IFMT {
                case S_IFDIR: try walk(child)
                case S_IFREG: files.append(child)
                default:
                    warnings.append(
                        "warning: static folder: '\(root)/\(child)': not a regular file "
                            + "(\(InputFileRule.kind(mode))); not published (put a regular file there)"
                    )
                }
            }
        }

        /// What `child` is, its links followed where the rule allows; nil (with a warning when
        /// the owner can act on it) for a link that is not followed.
        private mutating func mode(of child: String) -> mode_t? {
            let path = root + "/" + child
            var entry = stat()
            guard lstat(path, &entry) == 0 else { return nil }
            guard (entry.st_mode & S_IFMT) == S_IFLNK else { return entry.st_mode }
            if !rule.followsLinks, let target = InputFileRule.resolved(path),
                !InputFileRule.isInside(target, resolvedRoot: resolvedRoot)
            {
                warnings.append(
                    "warning: static folder: '\(path)': "
                        + InputFileRule.outsideLinkText(
                            target: String(decoding: target, as: UTF8.self),
                            root: "the static folder '\(root)'"))
                return nil
            }
            guard stat(path, &entry) == 0 else {
                // A dangling link is nothing a host could serve; a loop deserves a word.
                if errno == ELOOP {
                    warnings.append(
                        "warning: static folder: '\(path)': symbolic link loop; not published")
                }
                return nil
            }
            return entry.st_mode
        }
    }
}
