import MasonryLayout
import SiteRenderer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension MetadataRecordText {
    /// Reads a record's lines into fields, as the build cache's own parser does.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// The current line's fields, as byte ranges (reused from line to line).
        var fields: [Range<Int>] = []
        /// How many lines the bytes hold, so the tables are sized once.
        let lineCount: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            fields.reserveCapacity(MetadataRecordText.photoFieldCount)
            var count = 0
            if var cursor = bytes.baseAddress.map(UnsafeRawPointer.init) {
                let end = cursor + bytes.count
                while let newline = memchr(cursor, 0x0A, end - cursor) {
                    count += 1
                    cursor = UnsafeRawPointer(newline) + 1
                }
            }
            lineCount = count
        }

        /// Splits the next line into `fields`; false at the end.
        mutating func nextLine() -> Bool {
            guard position < bytes.count, let base = bytes.baseAddress else { return false }
            fields.removeAll(keepingCapacity: true)
            let lineEnd =
                memchr(base + position, 0x0A, bytes.count - position)
                .map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base }
                ?? bytes.count
            var start = position
            for index in position..<lineEnd where base[index] == 0x09 {
                fields.append(start..<index)
                start = index + 1
            }
            fields.append(start..<lineEnd)
            position = lineEnd + 1
            return true
        }

        /// Field `index` unescaped; nil when its escapes are broken.
        func text(_ index: Int) -> String? { unescaped(fields[index]) }

        /// Field `index` as a text that may be missing: `.some(nil)` when it is empty, nil when
        /// it is malformed.
        func optional(_ index: Int) -> String?? {
            let range = fields[index]
            guard !range.isEmpty else { return .some(nil) }
            guard bytes[range.lowerBound] == UInt8(ascii: "="),
                let text = unescaped(range.dropFirst())
            else { return nil }
            return .some(text)
        }

        /// Field `index` as a number that may be missing, as ``optional(_:)``.
        func number(_ index: Int) -> Double?? {
            let range = fields[index]
            guard !range.isEmpty else { return .some(nil) }
            guard let number = Double(String(decoding: bytes[range], as: UTF8.self)) else {
                return nil
            }
            return .some(number)
        }

        func int(_ index: Int) -> Int? {
            Int(String(decoding: bytes[fields[index]], as: UTF8.self))
        }

        func unsigned(_ index: Int) -> UInt64? {
            UInt64(String(decoding: bytes[fields[index]], as: UTF8.self))
        }

        /// A photo line's entry (see ``MetadataRecordText``).
        func photoEntry() -> PhotoMetadata.Entry? {
            guard fields.count == MetadataRecordText.photoFieldCount else { return nil }
            var texts: [String?] = []
            texts.reserveCapacity(15)
            for index in 4...18 {
                guard let text = optional(index) else { return nil }
                texts.append(text)
            }
            var entry = PhotoMetadata.Entry.Fields()
            entry.title = texts[0]
            entry.alt = texts[1]
            entry.caption = texts[2]
            entry.link = texts[3]
            entry.price = texts[4]
            entry.badge = texts[5]
            if let state = texts[6] {
                guard let availability = Availability(rawValue: state) else { return nil }
                entry.availability = availability
            }
            entry.compareAtPrice = texts[7]
            entry.currency = texts[8]
            if texts[9...13].contains(where: { $0 != nil }) {
                entry.rights = ImageRights(
                    creator: texts[9], creditText: texts[10], copyrightNotice: texts[11],
                    license: texts[12], acquireLicensePage: texts[13])
            }
            entry.focus = texts[14]
            guard let tags = tags(19), let order = number(20), let slug = optional(21),
                let product = optional(22), let position = number(23),
                let variant = optional(24)
            else { return nil }
            entry.tags = tags
            entry.order = order
            entry.slug = slug
            entry.product = product
            entry.position = position
            entry.variant = variant
            return PhotoMetadata.Entry(entry)
        }

        /// A section line's entry (see ``MetadataRecordText``).
        func sectionEntry() -> PhotoMetadata.SectionEntry? {
            guard fields.count == MetadataRecordText.sectionFieldCount,
                let title = optional(4), let footer = text(5), let order = number(8)
            else { return nil }
            var entry = PhotoMetadata.SectionEntry()
            entry.title = title
            entry.options.footer = footer
            entry.order = order
            let columns = String(decoding: bytes[fields[6]], as: UTF8.self)
            if !columns.isEmpty {
                guard columns.hasPrefix("=") else { return nil }
                var breakpoints: [Breakpoint] = []
                for pair in columns.dropFirst().split(separator: ",") {
                    let parts = pair.split(separator: ":")
                    guard parts.count == 2, let width = Double(parts[0]),
                        let count = Int(parts[1])
                    else { return nil }
                    breakpoints.append(Breakpoint(minimumWidth: width, columns: count))
                }
                entry.options.columns = breakpoints
            }
            let insets = String(decoding: bytes[fields[7]], as: UTF8.self)
            if !insets.isEmpty {
                let sides = insets.split(separator: ",").compactMap { Double($0) }
                guard sides.count == 4 else { return nil }
                entry.options.insets = EdgeInsets(
                    top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
            }
            return entry
        }

        /// Field `index` as tags: empty for none, else `=` and the tags between commas.
        private func tags(_ index: Int) -> [String]? {
            let range = fields[index]
            guard !range.isEmpty else { return [] }
            guard bytes[range.lowerBound] == UInt8(ascii: "=") else { return nil }
            var tags: [String] = []
            var start = range.lowerBound + 1
            for cursor in start...range.upperBound
            where cursor == range.upperBound || bytes[cursor] == UInt8(ascii: ",") {
                guard let tag = unescaped(start..<cursor) else { return nil }
                tags.append(tag)
                start = cursor + 1
            }
            return tags
        }

        /// The bytes of `range` with their `%XX` escapes undone; nil when one is broken.
        private func unescaped(_ range: Range<Int>) -> String? {
            let field = UnsafeBufferPointer(rebasing: bytes[range])
            guard field.contains(UInt8(ascii: "%")) else {
                return String(decoding: field, as: UTF8.self)
            }
            var decoded: [UInt8] = []
            decoded.reserveCapacity(field.count)
            var index = 0
            while index < field.count {
                guard field[index] == UInt8(ascii: "%") else {
                    decoded.append(field[index])
                    index += 1
                    continue
                }
                guard index + 2 < field.count,
                    let byte = UInt8(
                        String(decoding: field[(index + 1)...(index + 2)], as: UTF8.self),
                        radix: 16)
                else { return nil }
                decoded.append(byte)
                index += 3
            }
            return String(decoding: decoded, as: UTF8.self)
        }
    }
}
