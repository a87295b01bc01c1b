import Foundation
import PhotoRenditions
import Synchronization
import TestSupport
import Testing

@testable import SiteBuild

/// The renditions reach the site through the publisher's ``RenditionOutput``: it chooses the
/// folder, writes and links, and knows which files arrived; the site's renditions folder then
/// holds exactly the files the build's records name.
@Suite("Publishing: renditions")
struct RenditionOutputTests {
    /// Keeps the warnings, shows nothing.
    final class Recorder: BuildReporter, BuildProgress {
        let warnings = Mutex<[String]>([])

        func result(_ line: String) {}
        func warning(_ line: String) { warnings.withLock { $0.append(line) } }
        func progress(quiet: Bool) -> any BuildProgress { self }
        func update(_ phase: String, done: Int, total: Int) {}
        func finish() {}
    }

    static let sample = URL(filePath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "SampleImages")

    static func names(in folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    @Test("files go into the folder the publisher chose, and it knows which arrived")
    func placesAndRecords() throws {
        let work = try TemporaryFolder()
        let outside = try work.write("outside.jpg", [4, 5, 6])
        let output = OutputFolder(work.url.appending(path: "site"))
        try output.prepareStaging()
        defer { output.removeStaging() }
        let publisher = SitePublisher(output: output, cache: nil)
        for (carried, folder) in [(false, "renditions"), (true, ".incoming-renditions")] {
            let files = try publisher.renditionOutput(in: "renditions", carried: carried)
            #expect(files.folder.path == output.staging.path + "/" + folder)
            // Only a previous waterfall-site build's folder is linked from.
            #expect(files.previous == nil)
            try files.write([1, 2, 3], named: "a-1.jpg")
            let linked = files.link(outside.path, named: "b-1.jpg")
            guard case .linked = linked else {
                Issue.record("not linked: \(linked)")
                continue
            }
            // Put already (another photo with the same bytes): nothing happens.
            #expect(files.link(outside.path, named: "a-1.jpg") == .present)
            // Kept only for a carried folder, which moves them in file by file.
            #expect(files.arrivals == (carried ? ["a-1.jpg", "b-1.jpg"] : []))
            // No temporary file is left beside them.
            #expect(Self.names(in: files.folder.path) == ["a-1.jpg", "b-1.jpg"])
            #expect(
                try Data(contentsOf: files.folder.appending(path: "a-1.jpg")) == Data([1, 2, 3]))
        }
    }

    /// Checks that the site's renditions folder holds exactly the files the records name: every
    /// file of each photo's format, and of each of its source formats at least one (they exist
    /// only at the widths a phone picks), and nothing else. Returns the records' content hashes.
    @discardableResult
    static func checkRecords(site: URL) throws -> Set<String> {
        let (cache, warning) = BuildCache.load(from: OutputFolder(site).records)
        #expect(warning == nil)
        let keys = try #require(cache).renditionKeys.compactMap { $0 }
        let listed = names(in: site.appending(path: RenditionWriter.folderName).path)
        var named: Set<String> = []
        for key in keys {
            named.formUnion(key.fileNames)
            let fallback = key.widths.map { "\(key.contentHash)-\($0).\(key.fileExtension)" }
            #expect(Set(fallback).isSubset(of: listed), "\(fallback)")
            for source in key.sources {
                #expect(
                    listed.contains {
                        $0.hasPrefix(key.contentHash) && $0.hasSuffix(source.fileExtension)
                    })
            }
        }
        #expect(
            listed.subtracting(named).isEmpty, "not in the records: \(listed.subtracting(named))")
        return Set(keys.map(\.contentHash))
    }

    @Test("a build and a rebuild that takes the folder over publish exactly what the records say")
    func landWhereRecordsSay() throws {
        let work = try TemporaryFolder()
        let photos = work.url.appending(path: "photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (name, sample) in [
            ("a.jpg", "moss.jpg"), ("b.jpg", "fallen-leaf.jpg"), ("same-as-a.jpg", "moss.jpg"),
        ] {
            try FileManager.default.copyItem(
                at: Self.sample.appending(path: "Nature/" + sample),
                to: photos.appending(path: name))
        }
        let site = work.url.appending(path: "site")
        var settings = BuildSettings(photos: photos, output: site)
        settings.jobs = 2
        let recorder = Recorder()
        try SiteBuilder(settings: settings, reporter: recorder).build()
        let first = try Self.checkRecords(site: site)
        #expect(first.count == 2)

        // One photo goes, one arrives: the previous folder is taken over, the new files arrive
        // through the publisher's incoming folder, the gone photo's files leave.
        try FileManager.default.removeItem(at: photos.appending(path: "b.jpg"))
        try FileManager.default.copyItem(
            at: Self.sample.appending(path: "Nature/nuthatch.jpg"),
            to: photos.appending(path: "c.jpg"))
        try SiteBuilder(settings: settings, reporter: recorder).build()
        let second = try Self.checkRecords(site: site)
        #expect(second.count == 2 && second != first && !second.isDisjoint(with: first))
        #expect(recorder.warnings.withLock { $0 } == [])
        #expect(
            Self.names(in: work.url.path).filter {
                $0.contains("incoming") || $0.contains("staging")
            }
                == [])
    }
}
