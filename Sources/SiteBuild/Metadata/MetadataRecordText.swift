import MasonryLayout
import PhotoScanner
import SiteRenderer

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

/// The text of a ``MetadataRecord`` in the build cache: tab-separated lines, written and read
/// byte by byte as the rest of the cache is (100,000 entries must cost far less to read than the
/// JSON they came from).
///
/// - the key: path, `1` when links are followed (else `0`), device, inode, size, time;
/// - a section: `s`, folder, the key as given (empty: the folder), its place among the
///   entries, title, footer, columns (`width:count,…`), insets (`top,left,bottom,right`), order;
/// - a photo: `p`, path, the key as given, its place, then its fields in ``photoFields``' order.
///
/// A text that may be missing is empty when it is, else `=` and the text; `%`, tab, line break
/// and `,` are written `%25`, `%09`, `%0A` and `%2C`. Numbers are Swift's shortest round-trip
/// digits, so every value reads back exactly.
enum MetadataRecordText {
    /// How many fields a photo's line has.
    static let photoFieldCount = 25
    static let sectionFieldCount = 9

    /// The record's lines for `metadata` read from the file of `key`; nil when it holds what the
    /// record does not keep (a table's places, resolved prices, a section's image sizes) or an
    /// entry without its place.
    static func bytes(of metadata: PhotoMetadata, key: MetadataRecord.Key) -> [UInt8]? {
        guard metadata.tablePlaces == nil else { return nil }
        var out = Writer()
        out.text(key.path)
        out.tab()
        out.raw(key.followsLinks ? "1" : "0")
        for number in [
            String(key.identity.device), String(key.identity.inode), String(key.identity.size),
            String(key.identity.modified),
        ] {
            out.tab()
            out.raw(number)
        }
        out.newline()
        let sections = metadata.sections.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        for (folder, entry) in sections {
            guard entry.options.imageSizes == nil,
                let given = metadata.givenKeys["s:" + folder]
            else { return nil }
            out.place("s", folder, given)
            out.optional(entry.title)
            out.tab()
            out.text(entry.options.footer)
            out.tab()
            if let columns = entry.options.columns {
                out.raw(
                    "="
                        + columns.map { "\($0.minimumWidth.description):\($0.columns)" }.joined(
                            separator: ","))
            }
            out.tab()
            if let insets = entry.options.insets {
                out.raw(
                    [insets.top, insets.left, insets.bottom, insets.right].map(\.description)
                        .joined(separator: ","))
            }
            out.tab()
            out.number(entry.order)
            out.newline()
        }
        var photos: [(position: Int, path: String, given: String)] = []
        photos.reserveCapacity(metadata.photos.count)
        for path in metadata.photos.keys {
            guard let given = metadata.givenKeys["p:" + path] else { return nil }
            photos.append((given.position, path, given.path))
        }
        photos.sort { $0.position < $1.position }
        for photo in photos {
            let entry = metadata.photos[photo.path]!
            guard entry.offer == nil, entry.compareAtOffer == nil else { return nil }
            out.place("p", photo.path, (photo.given, photo.position))
            out.photoFields(entry)
            out.newline()
        }
        return out.bytes
    }

    /// The key on the first line of a record's `bytes`.
    static func key(in bytes: Data) -> MetadataRecord.Key? {
        bytes.withUnsafeBytes { raw in
            var reader = Reader(raw.bindMemory(to: UInt8.self))
            guard reader.nextLine(), reader.fields.count == 6, let path = reader.text(0),
                reader.fields[1].count == 1,
                let device = reader.unsigned(2), let inode = reader.unsigned(3),
                let size = reader.int(4), let modified = reader.int(5)
            else { return nil }
            return MetadataRecord.Key(
                path: path, followsLinks: reader.bytes[reader.fields[1].lowerBound] == 0x31,
                identity: FileIdentity(
                    device: device, inode: inode, size: Int64(size), modified: Int64(modified)))
        }
    }

    /// The metadata in a record's `bytes`; nil when a line is malformed.
    ///
    /// The entries' places (``PhotoMetadata/givenKeys``) are read on a thread of their own
    /// while this one reads the entries: two tables of 100,000 keys filled side by side rather
    /// than one after the other, on the products' warm rebuild's path before the scan.
    static func metadata(in bytes: Data) -> PhotoMetadata? {
        let places = BackgroundWork { givenKeys(in: bytes) }
        let entries = self.entries(in: bytes)
        guard let givenKeys = try? places.wait(), var metadata = entries else { return nil }
        metadata.givenKeys = givenKeys
        return metadata
    }

    /// The entries of a record's `bytes`, without their places; nil when a line is malformed.
    private static func entries(in bytes: Data) -> PhotoMetadata? {
        bytes.withUnsafeBytes { raw -> PhotoMetadata? in
            var reader = Reader(raw.bindMemory(to: UInt8.self))
            guard reader.nextLine() else { return nil }
            var metadata = PhotoMetadata()
            metadata.photos.reserveCapacity(reader.lineCount)
            while reader.nextLine() {
                let kind = reader.fields[0]
                guard kind.count == 1, reader.fields.count > 3, let normalised = reader.text(1)
                else { return nil }
                if reader.bytes[kind.lowerBound] == UInt8(ascii: "p") {
                    guard let entry = reader.photoEntry() else { return nil }
                    metadata.photos[normalised] = entry
                    if entry.product != nil { metadata.hasProducts = true }
                    if entry.order != nil { metadata.hasOrder = true }
                } else {
                    guard let entry = reader.sectionEntry() else { return nil }
                    metadata.sections[normalised] = entry
                    if entry.order != nil { metadata.hasOrder = true }
                }
            }
            return metadata
        }
    }

    /// Each entry's key as given and its place, by kind and normalised path (see
    /// ``PhotoMetadata/givenKeys``); nil when a line is malformed.
    private static func givenKeys(in bytes: Data) -> [String: (path: String, position: Int)]? {
        bytes.withUnsafeBytes { raw -> [String: (path: String, position: Int)]? in
            var reader = Reader(raw.bindMemory(to: UInt8.self))
            guard reader.nextLine() else { return nil }
            var givenKeys: [String: (path: String, position: Int)] = [:]
            givenKeys.reserveCapacity(reader.lineCount)
            while reader.nextLine() {
                let kind = reader.fields[0]
                guard kind.count == 1, reader.fields.count > 3,
                    let normalised = reader.text(1),
                    let given = reader.optional(2), let position = reader.int(3)
                else { return nil }
                let slot = reader.bytes[kind.lowerBound] == UInt8(ascii: "p") ? "p:" : "s:"
                givenKeys[slot + normalised] = (given ?? normalised, position)
            }
            return givenKeys
        }
    }
}

extension MetadataRecordText {
    /// Appends a record's text.
    fileprivate struct Writer {
        var bytes: [UInt8] = []

        mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }
        mutating func tab() { bytes.append(0x09) }
        mutating func newline() { bytes.append(0x0A) }

        /// `text` with `%`, tab, line break and `,` escaped.
        mutating func text(_ text: String) {
            for byte in text.utf8 {
                switch byte {
                case 0x25: bytes += [0x25, 0x32, 0x35]
                case 0x09: bytes += [0x25, 0x30, 0x39]
                case 0x0A: bytes += [0x25, 0x30, 0x41]
                case 0x2C: bytes += [0x25, 0x32, 0x43]
                default: bytes.append(byte)
                }
            }
        }

        mutating func optional(_ value: String?) {
            guard let value else { return }
            bytes.append(UInt8(ascii: "="))
            text(value)
        }

        mutating func number(_ value: Double?) {
            if let value { raw(value.description) }
        }

        /// An entry's kind, normalised path, key as given and place, each followed by a tab.
        mutating func place(
            _ kind: String, _ path: String, _ given: (path: String, position: Int)
        ) {
            raw(kind)
            tab()
            text(path)
            tab()
            if given.path != path { optional(given.path) }
            tab()
            raw(String(given.position))
            tab()
        }

        mutating func photoFields(_ entry: PhotoMetadata.Entry) {
            let rights = entry.rights
            for text in [
                entry.title, entry.alt, entry.caption, entry.link, entry.price, entry.badge,
                entry.availability?.rawValue, entry.compareAtPrice, entry.currency,
                rights?.creator, rights?.creditText, rights?.copyrightNotice, rights?.license,
                rights?.acquireLicensePage, entry.focus,
            ] {
                optional(text)
                tab()
            }
            if !entry.tags.isEmpty {
                bytes.append(UInt8(ascii: "="))
                for (index, tag) in entry.tags.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    text(tag)
                }
            }
            tab()
            number(entry.order)
            tab()
            optional(entry.slug)
            tab()
            optional(entry.product)
            tab()
            number(entry.position)
            tab()
            optional(entry.variant)
        }
    }
}
