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

/// What a swap changes in the folders it carries over from the live site, written beside the
/// output (`.NAME.waterfall-site-journal`) before the first change and removed after the last, so
/// a build killed anywhere in between leaves the next one enough to finish or undo it (see
/// ``OutputFolder/recoverLeftovers()``).
///
/// Text, one entry a line: the header, `site DEVICE INODE` (the staging folder that becomes the
/// site: the swap happened when the output is that folder), `pid N` (the build's, naming its
/// staging and set-aside folders), then `carry NAME`, `added PATH` (a file moved into the live
/// site that it did not have) and `leaver PATH` (a file the new site no longer has), each PATH
/// relative to the site. Published paths never hold a line break (see `FileNameText`).
struct PublishJournal: Equatable {
    static let header = "waterfall-site publish journal 1"

    var device: UInt64
    var inode: UInt64
    var pid: Int32
    var carried: [String] = []
    var added: [String] = []
    var leavers: [String] = []

    /// Writes the journal to `path` whole (through a temporary file and a rename), on disk before
    /// it returns when it lists files, so even a power cut cannot lose the removals it names.
    func write(to path: String) throws(SiteBuildError) {
        var text = "\(Self.header)\nsite \(device) \(inode)\npid \(pid)\n"
        for name in carried { text += "carry \(name)\n" }
        for file in added { text += "added \(file)\n" }
        for file in leavers { text += "leaver \(file)\n" }
        let temporary = path + ".new"
        let file = try OutputFile(creating: temporary)
        do {
            try file.write(text)
        } catch {
            file.close()
            unlink(temporary)
            throw error
        }
        let durable = !added.isEmpty || !leavers.isEmpty
        if durable { fsync(file.descriptor) }
        file.close()
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .fileSystem(.writePublishJournal, path: path, reason: reason)
        }
        if durable { Self.syncFolder(of: path) }
    }

    /// The journal at `path`, or nil when there is none or it is not one (a torn or foreign file
    /// never names files to remove).
    static func read(_ path: String) -> PublishJournal? {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8),
            text.hasSuffix("\n")
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count >= 3, lines[0] == header else { return nil }
        let site = lines[1].split(separator: " ")
        guard site.count == 3, site[0] == "site", let device = UInt64(site[1]),
            let inode = UInt64(site[2]),
            lines[2].hasPrefix("pid "), let pid = Int32(lines[2].dropFirst(4))
        else { return nil }
        var journal = PublishJournal(device: device, inode: inode, pid: pid)
        for line in lines.dropFirst(3) {
            guard let space = line.firstIndex(of: " ") else { return nil }
            let value = String(line[line.index(after: space)...])
            guard !value.isEmpty, !value.hasPrefix("/"), !value.split(separator: "/").contains("..")
            else { return nil }
            switch line[..<space] {
            case "carry": journal.carried.append(value)
            case "added": journal.added.append(value)
            case "leaver": journal.leavers.append(value)
            default: return nil
            }
        }
        return journal
    }

    /// Whether the folder at `path` is the one the journal's swap brings in.
    func isSite(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && UInt64(info.st_dev) == device
            && UInt64(info.st_ino) == inode
    }

    /// Removes `file` (relative to `root`) and the folders that leaves empty, up to `root`.
    static func remove(_ file: String, under root: String) {
        var path = root + "/" + file
        guard unlink(path) == 0 else { return }
        // rmdir fails on a folder that still holds something, which ends the climb.
        while let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")),
            path.utf8.distance(from: path.startIndex, to: slash) > root.utf8.count
        {
            path = String(path[..<slash])
            if rmdir(path) != 0 { break }
        }
    }

    private static func syncFolder(of path: String) {
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? "."
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
