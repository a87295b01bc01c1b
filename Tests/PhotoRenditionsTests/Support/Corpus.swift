import Foundation

/// The shared test corpora (`../shared/corpora` beside the checkout: EXIF orientation examples,
/// libjpeg-turbo test images, PngSuite). Tests that need them are skipped when they are absent.
enum Corpus {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "shared/corpora")

    static var isAvailable: Bool {
        FileManager.default.fileExists(
            atPath: root.appending(path: "exif-orientation/Landscape_1.jpg").path)
    }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        let url = root.appending(path: relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        return [UInt8](data)
    }
}
