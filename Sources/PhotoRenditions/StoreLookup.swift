#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The store's files one photo's look-up opened and checked, and those it refused.
///
/// A set of files is taken from the store only when every one of them passes; each refused file
/// is remembered once, to be reported, and the photo is then encoded instead.
struct StoreLookup {
    let check: RenditionWriter.StoreCheck?
    /// Checked files, by name: what is placed is what was checked.
    private(set) var entries: [String: StoreEntry] = [:]
    private(set) var rejected: [RenditionWriter.Rejection] = []

    init(check: RenditionWriter.StoreCheck?) {
        self.check = check
    }

    /// Whether every file of `names` (at `sizes`, in the format `fileExtension` names) in `store`
    /// passes. All are checked, so each bad one is reported, not only the first.
    mutating func checked(
        _ names: [String], in store: URL, _ sizes: [RenditionSize], _ fileExtension: String
    ) -> Bool {
        var passed = true
        for (name, size) in zip(names, sizes) where entries[name] == nil {
            do throws(RenditionWriter.Rejection) {
                let entry = try StoreEntry(name: name, in: store)
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
