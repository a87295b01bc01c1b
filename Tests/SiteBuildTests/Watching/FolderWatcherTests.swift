import Foundation
import TestSupport
import Testing

@testable import SiteBuild

@Suite("FolderWatcher (inotify)")
struct FolderWatcherTests {
    /// A watcher of `photos/` (without `photos/_site`) and `settings/waterfall.json` in `folder`.
    private func photosAndSettings(in folder: TemporaryFolder) throws -> FolderWatcher {
        try folder.write("settings/waterfall.json", "{}")
        return try FolderWatcher(
            trees: [folder.url.appending(path: "photos").path],
            files: [folder.url.appending(path: "settings/waterfall.json").path],
            excluded: [folder.url.appending(path: "photos/_site").path])
    }

    @Test("A write below the tree, and a watched file beside it, are reported once settled")
    func changes() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/Ceramics/a.jpg", "a")
        let watcher = try photosAndSettings(in: folder)
        try folder.write("photos/Ceramics/b.jpg", "b")
        #expect(
            watcher.waitForChange()?.contains(
                folder.url.appending(path: "photos/Ceramics/b.jpg").path) == true)
        try folder.write("settings/waterfall.json", #"{"title": "x"}"#)
        #expect(
            watcher.waitForChange()?.contains(
                folder.url.appending(path: "settings/waterfall.json").path) == true)
        // A new folder is watched as soon as it appears.
        try folder.write("photos/New/c.jpg", "c")
        _ = watcher.waitForChange()
        try folder.write("photos/New/d.jpg", "d")
        #expect(
            watcher.waitForChange()?.contains(folder.url.appending(path: "photos/New/d.jpg").path)
                == true)
    }

    @Test("Hidden names, the excluded output and other files beside a watched file are not changes")
    func ignored() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/a.jpg", "a")
        let watcher = try photosAndSettings(in: folder)
        try folder.write("photos/.a.jpg.swp", "x")
        try folder.write("photos/_site/index.html", "x")
        try folder.write("photos/.site.staging-1/index.html", "x")
        try folder.write("settings/other.txt", "x")
        try folder.write("photos/a.jpg", "changed")
        let changed = try #require(watcher.waitForChange())
        #expect(
            changed.allSatisfy { $0 == folder.url.appending(path: "photos/a.jpg").path },
            "\(changed)")
    }

    @Test("Renamed away and back, or deleted and re-created, the folder is watched again")
    func folderComesBack() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/a.jpg", "a")
        let photos = folder.url.appending(path: "photos")
        let watcher = try FolderWatcher(trees: [photos.path], files: [], excluded: [])
        try FileManager.default.moveItem(at: photos, to: folder.url.appending(path: "aside"))
        #expect(watcher.waitForChange() != nil)
        try FileManager.default.moveItem(at: folder.url.appending(path: "aside"), to: photos)
        #expect(watcher.waitForChange() != nil)
        try folder.write("photos/b.jpg", "b")
        #expect(watcher.waitForChange()?.contains(photos.appending(path: "b.jpg").path) == true)
        // Writes in the renamed-away folder are no longer changes of the watched path.
        try FileManager.default.removeItem(at: photos)
        #expect(watcher.waitForChange() != nil)
        try folder.write("photos/c.jpg", "c")
        #expect(watcher.waitForChange() != nil)
        try folder.write("photos/d.jpg", "d")
        #expect(watcher.waitForChange()?.contains(photos.appending(path: "d.jpg").path) == true)
    }

    @Test("stop() ends a wait from another thread")
    func stops() throws {
        let folder = try TemporaryFolder()
        let watcher = try FolderWatcher(trees: [folder.path], files: [], excluded: [])
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { watcher.stop() }
        #expect(watcher.waitForChange() == nil)
    }
}
