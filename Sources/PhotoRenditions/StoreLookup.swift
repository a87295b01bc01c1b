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

/// The files of a rendition store and of the previous site that one photo's look-up opened and
/// checked, and those it refused.
///
/// A set of files is taken only when every one of them passes; each refused file is remembered,
/// to be reported, and the photo is then encoded instead. The previous site is checked as the
/// store is: it is this program's output, but one built before stores were checked, or changed
/// by hand, would otherwise hand its bad files on to every later build. (A build that takes the
/// previous renditions folder over whole, by its cache, reads none of it: a `--no-cache` build
/// checks everything it reuses.)
struct StoreLookup {
    let check: RenditionWriter.StoreCheck?
    /// The folder being filled, the previous site's renditions and the store.
    let folder: URL
    let previous: URL?
    let store: URL?
    /// Those folders opened once for the whole run.
    let roots: StoreRoots
    /// Checked files, by name: what is placed is what was checked.
    private(set) var entries: [String: StoreEntry] = [:]
    private(set) var rejected: [RenditionWriter.Rejection] = []

    init(
        check: RenditionWriter.StoreCheck?, folder: URL, previous: URL?, store: URL?,
        roots: StoreRoots
    ) {
        self.check = check
        self.folder = folder
        self.previous = previous
        self.store = store
        self.roots = roots
    }

    /// Where the set of files `names` (at `sizes`, in the format `fileExtension` names) is, all
    /// of them checked: here (`.some(nil)`: nothing to place), the previous site, or the store;
    /// nil when nowhere.
    mutating func location(of names: [String], sizes: [RenditionSize], fileExtension: String)
        -> URL??
    {
        // A store that is also the folder being filled (a shard's run) is checked as a store.
        let storeIsFolder = store == folder
        if Self.all(names, in: folder) {
            guard storeIsFolder else { return .some(nil) }
            return checked(names, in: folder, .store, sizes, fileExtension) ? .some(nil) : nil
        }
        if let previous, Self.all(names, in: previous),
            checked(names, in: previous, .previousSite, sizes, fileExtension)
        {
            return .some(previous)
        }
        if !storeIsFolder, let store, Self.all(names, in: store),
            checked(names, in: store, .store, sizes, fileExtension)
        {
            return .some(store)
        }
        return nil
    }

    /// Whether every file of `names` is in `place` under any kind of entry: ``StoreEntry`` then
    /// checks them, so a symbolic link or a FIFO under a rendition's name is reported, not passed
    /// over.
    private static func all(_ names: [String], in place: URL) -> Bool {
        names.allSatisfy { name in
            var info = stat()
            return lstat(place.appending(path: name).path, &info) == 0
        }
    }

    /// Whether every file of `names` (at `sizes`, in the format `fileExtension` names) in `folder`
    /// passes. All are checked, so each bad one is reported, not only the first.
    private mutating func checked(
        _ names: [String], in folder: URL, _ place: RenditionWriter.Rejection.Place,
        _ sizes: [RenditionSize], _ fileExtension: String
    ) -> Bool {
        var passed = true
        for (name, size) in zip(names, sizes) where entries[name] == nil {
            do throws(RenditionWriter.Rejection) {
                let entry = try StoreEntry(
                    name: name, in: folder, opened: roots.descriptor(of: folder), place: place)
                try entry.check(check, size: size, fileExtension: fileExtension)
                entries[name] = entry
            } catch {
                rejected.append(error)
                passed = false
            }
        }
        return passed
    }
}

/// The folders a run's look-ups open files in, each opened once: a store is read up to a million
/// files at a time, and its path walked again for each file would cost a system call per folder
/// on the way.
final class StoreRoots: Sendable {
    private let descriptors: [String: Int32]

    /// Opens each of `folders` that is there now; one that is not is opened by path when asked.
    init(_ folders: [URL?]) {
        var descriptors: [String: Int32] = [:]
        for case let folder? in folders where descriptors[folder.path] == nil {
            let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor >= 0 { descriptors[folder.path] = descriptor }
        }
        self.descriptors = descriptors
    }

    /// `folder` opened, nil when it was not there when the run started.
    func descriptor(of folder: URL) -> Int32? { descriptors[folder.path] }

    deinit {
        for descriptor in descriptors.values { close(descriptor) }
    }
}
