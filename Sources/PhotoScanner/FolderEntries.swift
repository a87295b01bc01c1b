#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One folder's entries as `readdir` gave them, hidden names left out, in natural order.
///
/// Every name lives in one buffer, NUL-terminated and ready for the C shim, and an entry is
/// where its name starts: a folder of a thousand photos costs two allocations instead of a
/// thousand, and sorting moves small fixed-size values instead of arrays.
struct FolderEntries: Sendable {
    struct Entry: Sendable {
        /// Where the name starts in ``FolderEntries/names``.
        var start: Int32
        /// The name's length in bytes, without its NUL.
        var length: Int32
        /// `d_type`.
        var type: UInt8
    }

    /// The names, each followed by a NUL.
    private(set) var names: [UInt8] = []
    /// In natural order of their names.
    private(set) var entries: [Entry] = []

    /// Reads the rest of `directory` (it is not closed).
    init(reading directory: OpaquePointer) {
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name).unsafelyUnwrapped
        while let entry = readdir(directory) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            // Hidden names, AppleDouble `._*` files, `.` and `..` all start with a dot.
            guard name.pointee != 0, name.pointee != UInt8(ascii: ".") else { continue }
            let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
            entries.append(Entry(start: Int32(names.count), length: Int32(length), type: entry.pointee.d_type))
            names.append(contentsOf: UnsafeBufferPointer(start: name, count: length + 1))
        }
        entries = Self.sorted(entries, names: names)
    }

    /// `entries` in natural order of their names, sorted by keys (see ``NaturalOrder``).
    private static func sorted(_ entries: [Entry], names: [UInt8]) -> [Entry] {
        guard entries.count > 1 else { return entries }
        var keys: [UInt8] = []
        keys.reserveCapacity(names.count * 2 + 8 * entries.count)
        var keyed: [(entry: Entry, keyStart: Int32, keyLength: Int32)] = []
        keyed.reserveCapacity(entries.count)
        names.withUnsafeBufferPointer { names in
            for entry in entries {
                let start = keys.count
                NaturalOrder.appendKey(of: name(entry, in: names), to: &keys)
                keyed.append((entry, Int32(start), Int32(keys.count - start)))
            }
        }
        keys.withUnsafeBufferPointer { keys in
            let base = keys.baseAddress.unsafelyUnwrapped
            keyed.sort {
                NaturalOrder.compareKeys(
                    UnsafeBufferPointer(start: base + Int($0.keyStart), count: Int($0.keyLength)),
                    UnsafeBufferPointer(start: base + Int($1.keyStart), count: Int($1.keyLength))) < 0
            }
        }
        return keyed.map(\.entry)
    }

    /// The name of `entry`, without its NUL.
    func name(_ entry: Entry) -> ArraySlice<UInt8> {
        names[Int(entry.start)..<Int(entry.start + entry.length)]
    }

    /// The name of `entry`, without its NUL, in `names`'s storage.
    static func name(_ entry: Entry, in names: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: names[Int(entry.start)..<Int(entry.start + entry.length)])
    }
}
