import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SiteBuild

/// `--jobs` holds for every stage of a build that works in parallel.
@Suite("Jobs")
struct JobsTests {
    /// Records the thread of every progress update: each parallel stage reports from the
    /// threads that do its work.
    final class ThreadRecorder: BuildReporter, BuildProgress, @unchecked Sendable {
        let threads = Mutex<[(phase: String, thread: pthread_t)]>([])

        func result(_ line: String) {}
        func warning(_ line: String) {}
        func progress(quiet: Bool) -> any BuildProgress { self }
        func update(_ phase: String, done: Int, total: Int) {
            threads.withLock { $0.append((phase, pthread_self())) }
        }
        func finish() {}
    }

    /// The sample's photos (scan, catalogue, gallery, item, category and tag pages).
    static let sample = URL(filePath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "SampleImages")

    @Test("with --jobs 1 every stage works on the calling thread alone")
    func oneJob() throws {
        let work = try TemporaryFolder()
        var settings = BuildSettings(
            photos: Self.sample, output: work.url.appending(path: "site"))
        settings.jobs = 1
        settings.renditions = false
        let recorder = ThreadRecorder()
        let caller = pthread_self()
        try SiteBuilder(settings: settings, reporter: recorder).build()
        let updates = recorder.threads.withLock { $0 }
        let phases = Set(updates.map(\.phase))
        #expect(phases.contains("Writing pages"))
        #expect(phases.contains("Writing item pages"))
        #expect(phases.contains("Writing category and tag pages"))
        let elsewhere = updates.filter { pthread_equal($0.thread, caller) == 0 }
        #expect(elsewhere.isEmpty, "reported from other threads: \(Set(elsewhere.map(\.phase)))")
    }
}
