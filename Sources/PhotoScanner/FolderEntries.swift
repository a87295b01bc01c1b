import CImageHeaders

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One folder's entries as the kernel listed them, hidden names left out, in natural order.
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
        /// A plain file (`DT_REG`) whose name has an image extension: decided here, on the
        /// listing's thread, not by the walk that must visit every folder in order.
        var isCandidate: Bool
    }

    /// The names, each followed by a NUL.
    private(set) var names: [UInt8] = []
    /// In natural order of their names.
    private(set) var entries: [Entry] = []

    /// Bytes of scratch space for ``init(reading:buffer:)``: a folder of a few hundred photos in
    /// one system call.
    static let bufferSize = 32 * 1024

    /// Reads the rest of the open folder `descriptor` (it is not closed) through `buffer`, scratch
    /// space of ``bufferSize`` bytes that the caller reuses from folder to folder.
    init(reading descriptor: Int32, buffer: UnsafeMutableRawPointer) {
        while true {
            let filled = wfs_read_folder(descriptor, buffer, Self.bufferSize)
            if filled < 0 && errno == ENOSYS {
                readAll(descriptor)
                break
            }
            // An error part-way (EIO) ends the listing where it is, as readdir's would.
            guard filled > 0 else { break }
            var offset = 0
            while offset < filled {
                let record = (buffer + offset).assumingMemoryBound(to: wfs_folder_record.self)
                let name = UnsafeRawPointer(wfs_folder_record_name(record)).assumingMemoryBound(
                    to: UInt8.self)
                add(name, type: record.pointee.type)
                offset += Int(record.pointee.length)
            }
        }
        entries = Self.sorted(entries, names: names)
    }

    /// Where the kernel's records cannot be read directly: `readdir` on a duplicate of the
    /// descriptor (closing the stream closes only the duplicate).
    private mutating func readAll(_ descriptor: Int32) {
        let duplicate = dup(descriptor)
        guard duplicate >= 0 else { return }
        guard let directory = fdopendir(duplicate) else {
            close(duplicate)
            return
        }
        defer { closedir(directory) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name).unsafelyUnwrapped
        while let entry = readdir(directory) {
            add(
                UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(
                    to: UInt8.self), type: entry.pointee.d_type)
        }
    }

    /// Keeps the NUL-terminated `name` unless it is hidden.
    private mutating func add(_ name: UnsafePointer<UInt8>, type: UInt8) {
        // Hidden names, AppleDouble `._*` files, `.` and `..` all start with a dot.
        guard name.pointee != 0, name.pointee != UInt8(ascii: ".") else { return }
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        let isCandidate =
            Int32(type) == Int32(DT_REG)
            && ImageExtensions.isCandidate(UnsafeBufferPointer(start: name, count: length))
        entries.append(
            Entry(
                start: Int32(names.count), length: Int32(length), type: type,
                isCandidate: isCandidate))
        names.append(contentsOf: UnsafeBufferPointer(start: name, count: length + 1))
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
                    UnsafeBufferPointer(start: base + Int($1.keyStart), count: Int($1.keyLength)))
                    < 0
            }
        }
        return keyed.map(\.entry)
    }

    /// The name of `entry`, without its NUL.
    func name(_ entry: Entry) -> ArraySlice<UInt8> {
        names[Int(entry.start)..<Int(entry.start + entry.length)]
    }

    /// The name of `entry`, without its NUL, in `names`'s storage.
    static func name(_ entry: Entry, in names: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<
        UInt8
    > {
        UnsafeBufferPointer(rebasing: names[Int(entry.start)..<Int(entry.start + entry.length)])
    }
}
