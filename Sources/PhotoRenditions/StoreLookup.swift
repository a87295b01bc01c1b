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
    /// Checked files, by name: what is placed is what was checked.
    private(set) var entries: [String: StoreEntry] = [:]
    private(set) var rejected: [RenditionWriter.Rejection] = []

    init(check: RenditionWriter.StoreCheck?, folder: URL, previous: URL?, store: URL?) {
        self.check = check
        self.folder = folder
        self.previous = previous
        self.store = store
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
                let entry = try StoreEntry(name: name, in: folder, place: place)
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
