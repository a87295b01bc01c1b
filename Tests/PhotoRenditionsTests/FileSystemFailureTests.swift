import Foundation
import Testing

@testable import PhotoRenditions

@Suite("File-system failures in plain words")
struct FileSystemFailureTests {
    @Test("FileManager's errors give the POSIX reason underneath")
    func fileManagerErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "failures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "file")
        try Data("x".utf8).write(to: file)

        #expect {
            try FileManager.default.createDirectory(
                at: file.appending(path: "inside"), withIntermediateDirectories: true)
        } throws: { error in
            FileSystemFailure.reason(error) == "Not a directory"
        }
        #expect {
            try FileManager.default.copyItem(
                at: folder.appending(path: "missing"), to: folder.appending(path: "copy"))
        } throws: { error in
            FileSystemFailure.reason(error) == "No such file or directory"
        }
    }

    @Test("other errors are described as they are")
    func otherErrors() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        #expect(FileSystemFailure.reason(Odd()) == "odd")
        #expect(FileSystemFailure.reason(errno: ENOSPC) == "No space left on device")
    }
}
