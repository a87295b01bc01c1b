import Foundation
import InputFiles
import PhotoScanner
import TestSupport
import Testing

@testable import SiteBuild

/// The merged metadata kept in the build cache reads back as exactly what was merged: every
/// field, the keys as given and their places, the sections' layouts, texts that need escaping.
@Suite("Metadata: the merged metadata's record in the build cache")
struct MetadataRecordTests {
    static let json = #"""
        {
          "photos": {
            "./a.jpg": { "product": "cup set", "title": "Cups, tabs\tand 100% lines\nhere",
                         "tags": ["blue, deep", "mugs"], "order": 2, "position": 1.5,
                         "price": "€42", "compareAtPrice": "€50", "availability": "pre-order" },
            "b.png": { "product": "cup set", "variant": "Rust", "price": "€44", "currency": "EUR",
                       "alt": "", "badge": "New", "focus": "20%,30%", "slug": "rust-cup",
                       "creator": "Ana", "license": "https://example.com/l" },
            "Sub/c.jpg": { "title": "Ünïcode ✓", "caption": "=starts with an equals sign",
                           "link": "https://shop.example/c?x=1,2" }
          },
          "sections": {
            ".": { "footer": "Top, and 50%", "order": 1 },
            "Sub/": { "title": "Sub", "columns": "0:1,800.5:3", "insets": "1,2,3,4.25" }
          }
        }
        """#

    func merged() throws -> (PhotoMetadata, MetadataRecord.Key) {
        let work = try TemporaryFolder()
        let file = try work.write("metadata.json", Self.json)
        let loaded = try PhotoMetadata.load(file, rule: InputFileRule(followsLinks: false))
        let key = try #require(MetadataRecord.Key(file: file, followsLinks: false))
        return (ProductRows.merged(loaded), key)
    }

    @Test("Every field, key as given, place and section layout reads back as merged")
    func roundTrip() throws {
        let (metadata, key) = try merged()
        let record = try #require(MetadataRecord(key: key, metadata: metadata))
        let section = try #require(MetadataRecord(section: record.bytes))
        #expect(section.key == key)
        let read = try #require(section.metadata())
        #expect(read.photos == metadata.photos)
        #expect(read.sections == metadata.sections)
        #expect(read.hasOrder && read.hasProducts)
        for path in metadata.photos.keys {
            #expect(read.rowPosition(ofPhoto: path) == metadata.rowPosition(ofPhoto: path))
            #expect(read.givenKeys["p:" + path]?.path == metadata.givenKeys["p:" + path]?.path)
        }
        for folder in metadata.sections.keys {
            #expect(read.rowPosition(ofSection: folder) == metadata.rowPosition(ofSection: folder))
            #expect(read.givenKeys["s:" + folder]?.path == metadata.givenKeys["s:" + folder]?.path)
        }
        // The merge gave b.png the product's title; the record keeps the merged value.
        #expect(read.photos["b.png"]?.title == metadata.photos["a.jpg"]?.title)
        #expect(MetadataRecord(key: key, metadata: read)?.bytes == record.bytes)
    }

    @Test("A CSV table's metadata, or metadata with its prices resolved, is not recorded")
    func unrecordable() throws {
        var (metadata, key) = try merged()
        var resolved = metadata
        _ = resolved.resolvePrices(currency: nil, language: "en")
        #expect(MetadataRecord(key: key, metadata: resolved) == nil)
        metadata.tablePlaces = MetadataTable.Places(columns: ["path"])
        #expect(MetadataRecord(key: key, metadata: metadata) == nil)
    }

    @Test("A damaged record is refused, never read in part")
    func damagedLines() throws {
        let (metadata, key) = try merged()
        let record = try #require(MetadataRecord(key: key, metadata: metadata))
        var lines = String(decoding: record.bytes, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        lines[lines.count - 2] += "\textra"
        let damaged = try #require(
            MetadataRecord(section: Data(lines.joined(separator: "\n").utf8)))
        #expect(damaged.metadata() == nil)
        #expect(MetadataRecord(section: Data("not a key\n".utf8)) == nil)
    }
}
