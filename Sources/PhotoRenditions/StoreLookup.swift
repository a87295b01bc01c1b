#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
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
    /// Checked files, by name: what is placed is what was checked.
    private(set) var entries: [String: StoreEntry] = [:]
    private(set) var rejected: [RenditionWriter.Rejection] = []

    init(check: RenditionWriter.StoreCheck?) {
        self.check = check
    }

    /// Whether every file of `names` (at `sizes`, in the format `fileExtension` names) in `folder`
    /// passes. All are checked, so each bad one is reported, not only the first.
    mutating func checked(
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
