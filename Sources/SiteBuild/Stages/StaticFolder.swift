import PhotoRenditions

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
struct StaticFolder {
    let url: URL
    /// Every file, as a `/`-separated path inside the folder, in byte order.
    let files: [String]

    /// The folder's files, read once before the scan; symlinks are followed, and a folder
    /// reached again through one (a loop, say) is entered only the first time.
    init(_ url: URL) throws(CommandError) {
        self.url = url
        var files: [String] = []
        var entered: Set<[UInt64]> = []
        func walk(_ relative: String) throws(CommandError) {
            let path = relative.isEmpty ? url.path : url.path + "/" + relative
            var info = stat()
            guard stat(path, &info) == 0,
                entered.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
            else { return }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw .failed(
                    "static folder: cannot list '\(path)': \(FileSystemFailure.reason(error))")
            }
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let child = relative.isEmpty ? name : relative + "/" + name
                var entry = stat()
                // A dangling symlink or a socket is nothing a host could serve.
                guard stat(url.path + "/" + child, &entry) == 0 else { continue }
                switch entry.st_mode & S_IFMT {
                case S_IFDIR: try walk(child)
                case S_IFREG: files.append(child)
                default: continue
                }
            }
        }
        try walk("")
        self.files = files
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

    /// Fails when a static file would take the place of a generated one: `generated` are the
    /// site's files, `folders` the folders the build fills (nothing of the owner's goes inside).
    func checkClashes(generated: Set<String>, folders: Set<String>) throws(CommandError) {
        for file in files {
            let top = file.split(separator: "/", maxSplits: 1).first.map(String.init) ?? file
            if folders.contains(top) {
                throw .failed(
                    "static file '\(url.path)/\(file)' would go inside the generated folder '\(top)/'; "
                        + "move it to another folder of '\(url.path)'")
            }
            if generated.contains(top) {
                throw .failed(
                    "static file '\(url.path)/\(file)' would overwrite the generated '\(top)'; "
                        + "rename it or remove it from '\(url.path)'")
            }
        }
    }
}
