import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SiteBuild

@Suite("A rendition store's incoming folders")
struct RenditionShardTests {
    static func incoming(_ store: URL) -> [String] {
        let root = store.path + "/" + RenditionShard.incomingFolder
        return ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
    }

    @Test("A run's folder survives other runs' clean-ups while it is being set up and used")
    func setUpBesideCleanUps() throws {
        let folder = try TemporaryFolder()
        let store = folder.url
        let failures = Mutex<[String]>([])
        let runsLeft = Atomic(3)
        let group = DispatchGroup()
        for _ in 0..<3 {
            group.enter()
            Thread {
                defer {
                    runsLeft.subtract(1, ordering: .relaxed)
                    group.leave()
                }
                for round in 0..<300 {
                    do {
                        let folder = try RenditionShard.IncomingFolder(in: store)
                        let file = folder.url.path + "/temporary-\(round)"
                        if !FileManager.default.createFile(atPath: file, contents: Data([1])) {
                            failures.withLock { $0.append("cannot write \(file)") }
                        }
                        folder.remove()
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }.start()
        }
        // Other runs starting: each first removes the folders of runs that are gone.
        for _ in 0..<2 {
            group.enter()
            Thread {
                defer { group.leave() }
                while runsLeft.load(ordering: .relaxed) > 0 {
                    RenditionShard.removeAbandonedIncoming(in: store)
                }
            }.start()
        }
        group.wait()
        let found = failures.withLock { $0 }
        #expect(found.isEmpty, "\(found.count) failures, the first: \(found.first ?? "")")
        #expect(Self.incoming(store) == [])
    }

    @Test(
        "Clean-up removes a killed run's folder and one stuck in set-up for an hour, and no other")
    func cleanUpRemovesOnlyTheGone() throws {
        let folder = try TemporaryFolder()
        let store = folder.url
        let root = store.path + "/" + RenditionShard.incomingFolder
        let live = try RenditionShard.IncomingFolder(in: store)
        defer { live.remove() }
        // A killed run: its lock file is there and free.
        try FileManager.default.createDirectory(
            atPath: root + "/killed", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: root + "/killed/" + RenditionShard.IncomingFolder.lockName, contents: Data())
        // A run between making its folder and locking it.
        let starting = "settingup" + RenditionShard.IncomingFolder.startingSuffix
        try FileManager.default.createDirectory(
            atPath: root + "/" + starting, withIntermediateDirectories: true)

        RenditionShard.removeAbandonedIncoming(in: store)
        #expect(Self.incoming(store) == [live.url.lastPathComponent, starting].sorted())

        RenditionShard.removeAbandonedIncoming(
            in: store,
            now: Date().addingTimeInterval(RenditionShard.IncomingFolder.startingLifetime + 60))
        #expect(Self.incoming(store) == [live.url.lastPathComponent])
    }
}
