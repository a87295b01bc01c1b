import PhotoScanner
import SiteRenderer

/// The order the site shows its sections and photos in: the owner's `order` numbers first, then
/// the `sort` setting (``Sort``), then the file names.
///
/// It gives the ``Catalogue`` a permutation of the scan's photos rather than a reordered scan, so
/// the catalogue's indices into the scan keep pointing at the scan's own positions (the build
/// cache's records are in scan order).
///
/// - A photo or a section (a folder's entry) with an `order` comes before every other one,
///   lowest first; photos and sections with equal numbers, and all the rest, follow the sort.
/// - Sections keep the scan's natural order (the top-level photos first, then the folders)
///   unless an `order` moves them, or `sort metadata` orders the folders that have an entry by
///   where the entry is in the file. The top-level photos without an entry of their own stay
///   first then: they have no header, and after a titled section they would read as its photos.
public struct CatalogueOrder {
    /// The `sort` setting: how photos without an `order` (or with equal ones) follow each other.
    public enum Sort: String, Sendable, CaseIterable {
        /// Natural file-name order (`photo-2` before `photo-10`), the scan's order.
        case name
        /// Newest first by the date taken (EXIF), else the file's modification time; photos with
        /// neither after, by name.
        case newest
        /// The order of the rows of `metadata.csv`, or of the keys of `metadata.json`; photos
        /// without an entry after, by name.
        case metadata
        /// Lowest price first, by its amount; photos without a readable price after, by name.
        case price

        /// The names the command line and `waterfall.json` take, for messages.
        public static let names = allCases.map(\.rawValue).joined(separator: ", ")
    }

    let sort: Sort
    let metadata: PhotoMetadata

    /// The scan's indices in the order the catalogue shows them, grouped by section; nil when that
    /// is the scan's own order (sorted by name and no `order` given), which the catalogue then
    /// takes as it is.
    func permutation(of scanned: [ScannedPhoto]) -> [Int]? {
        guard sort != .name || metadata.hasOrder else { return nil }
        let groups = Self.sectionGroups(scanned)
        var sections = Array(groups.indices)
        let sectionKeys = groups.map { sectionKey(of: $0.folder) }
        sections.sort { Self.precedes(sectionKeys[$0], $0, sectionKeys[$1], $1) }
        var order: [Int] = []
        order.reserveCapacity(scanned.count)
        for section in sections {
            var members = groups[section].members
            let keys = members.map { photoKey(of: scanned[$0]) }
            var positions = Array(members.indices)
            positions.sort { Self.precedes(keys[$0], members[$0], keys[$1], members[$1]) }
            members = positions.map { members[$0] }
            order.append(contentsOf: members)
        }
        return order
    }

    /// Where a photo or a section goes: its `order` (nil after every number), then what the sort
    /// compares (nil after every value); ties keep the natural order.
    struct Key {
        var order: Double?
        var sorted: Double?
    }

    /// Whether the item keyed `left` (at natural position `leftIndex`) comes before `right`.
    static func precedes(_ left: Key, _ leftIndex: Int, _ right: Key, _ rightIndex: Int) -> Bool {
        if left.order != right.order {
            guard let leftOrder = left.order else { return false }
            guard let rightOrder = right.order else { return true }
            return leftOrder < rightOrder
        }
        if left.sorted != right.sorted {
            guard let leftValue = left.sorted else { return false }
            guard let rightValue = right.sorted else { return true }
            return leftValue < rightValue
        }
        return leftIndex < rightIndex
    }

    /// The photo's key: the newest sort compares negated dates, so newer is lower.
    func photoKey(of photo: ScannedPhoto) -> Key {
        let entry = metadata.photos.isEmpty ? nil : metadata.photos[photo.relativePath]
        var key = Key(order: entry?.order)
        switch sort {
        case .name: break
        case .newest:
            let seconds =
                photo.dateTaken ?? photo.identity.map { $0.modified / 1_000_000_000 }
            key.sorted = seconds.map { -Double($0) }
        case .metadata:
            key.sorted = metadata.rowPosition(ofPhoto: photo.relativePath).map(Double.init)
        case .price:
            key.sorted = entry.flatMap(Self.amount(of:))
        }
        return key
    }

    /// The section's key: only `sort metadata` moves a section without an `order`.
    func sectionKey(of folder: String) -> Key {
        var key = Key(order: metadata.sections[folder]?.order)
        if sort == .metadata {
            // The top-level photos without an entry keep their first place (see above).
            key.sorted =
                metadata.rowPosition(ofSection: folder).map(Double.init)
                ?? (folder.isEmpty ? -1 : nil)
        }
        return key
    }

    /// The amount of the entry's price: the one its structured data states when it has one, else
    /// the number written (a price whose currency is unknown still has an amount to compare).
    static func amount(of entry: PhotoMetadata.Entry) -> Double? {
        let text =
            entry.offer?.amount ?? entry.price.flatMap { PriceText.amountAndCurrency($0) }?.amount
        return text.flatMap(Double.init)
    }

    /// The scan's photos by folder, in the catalogue's natural order: folders as they first
    /// appear, the top level first, photos in scan order.
    static func sectionGroups(_ scanned: [ScannedPhoto]) -> [(folder: String, members: [Int])] {
        var groups: [(folder: String, members: [Int])] = []
        var groupOfFolder: [String: Int] = [:]
        for (index, photo) in scanned.enumerated() {
            let folder = Catalogue.folder(of: photo.relativePath)
            if let group = groupOfFolder[folder] {
                groups[group].members.append(index)
            } else {
                groupOfFolder[folder] = groups.count
                groups.append((folder, [index]))
            }
        }
        if let root = groups.firstIndex(where: { $0.folder.isEmpty }), root != 0 {
            groups.insert(groups.remove(at: root), at: 0)
        }
        return groups
    }

    /// An `order` number: a decimal like `3`, `-1` or `2.5`, nothing else (no `1e3`, no `inf`),
    /// so a typo in a spreadsheet cell is an error rather than a place.
    static func number(_ text: String) -> Double? {
        let text = text.trimmed
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 15,
            whole.allSatisfy({ $0.isASCII && $0.isNumber }),
            parts.count == 1
                || (!parts[1].isEmpty && parts[1].allSatisfy({ $0.isASCII && $0.isNumber }))
        else { return nil }
        return Double(text)
    }

    /// What ``number(_:)`` refuses, in words, for the metadata's error messages.
    static func problem(_ text: String) -> String {
        "must be a number (lowest first: 1, 2, 2.5, -1), got '\(text)'"
    }
}
