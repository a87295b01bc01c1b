import PhotoRenditions
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// This build's renditions on their way into the site: the ``RenditionDestination`` the
/// renditions writer puts every file through, made by
/// ``SitePublisher/renditionOutput(in:carried:)``. The publisher decides where the files go
/// (beside the previous site's folder when that is taken over, to move in at the swap; else into
/// the new site's folder), writes them crash-safely (a temporary name, then a rename) and links
/// them, and keeps the names of the files that arrived beside a carried folder: the writer
/// touches nothing itself.
final class RenditionOutput: RenditionDestination {
    /// Where the files go, and how: a plain folder of the staging folder.
    private let files: RenditionFolder
    /// The names of the files written or linked so far, each once; nil when not kept.
    private let arrived: Mutex<Set<String>>?
    /// The previous site's folder, which the writer may link unchanged files from: only a
    /// previous waterfall-site build's, else nil.
    let previous: URL?

    /// Puts files into `folder` of the staging folder (created here), reusing from `previous`.
    /// Only with `keepsArrivals` are their names kept (see ``arrivals``): a folder moved in file
    /// by file must know them, a new folder is all arrivals, and a cold build of 100,000 photos
    /// would hold a million names for nothing.
    init(_ folder: URL, previous: URL?, keepsArrivals: Bool) throws(SiteBuildError) {
        do {
            files = try RenditionFolder(folder)
        } catch {
            throw .renditionWriteFailed(reason: error.message)
        }
        self.previous = previous
        arrived = keepsArrivals ? Mutex([]) : nil
    }

    var folder: URL { files.folder }

    func write(_ bytes: [UInt8], named name: String) throws(RenditionDestinationError) {
        try files.write(bytes, named: name)
        _ = arrived?.withLock { $0.insert(name) }
    }

    func link(_ path: String, named name: String) -> RenditionLink {
        let linked = files.link(path, named: name)
        if case .linked = linked { _ = arrived?.withLock { $0.insert(name) } }
        return linked
    }

    /// The names of the files that arrived (written or linked), sorted; empty unless kept.
    var arrivals: [String] { arrived?.withLock { $0.sorted() } ?? [] }
}
