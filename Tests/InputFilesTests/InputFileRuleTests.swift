import Foundation
import TestSupport
import Testing

@testable import InputFiles

/// The one rule for every input file: a regular file reached without leaving its root, unless
/// links may be followed, and never a device, FIFO or socket.
@Suite("Input file rule")
struct InputFileRuleTests {
    static let inside = InputFileRule(followsLinks: false)
    static let following = InputFileRule(followsLinks: true)

    /// A root folder `root/` and a folder `elsewhere/` beside it holding `secret.txt`.
    private static func folders() throws -> (TemporaryFolder, root: String, secret: String) {
        let folder = try TemporaryFolder()
        try folder.write("root/plain.txt", Array("plain".utf8))
        try folder.write("root/sub/deep.txt", Array("deep".utf8))
        try folder.write("elsewhere/secret.txt", Array("secret".utf8))
        return (
            folder, folder.url.appendingPathComponent("root").path,
            folder.url.appendingPathComponent("elsewhere/secret.txt").path
        )
    }

    private static func text(_ rule: InputFileRule, _ relative: String, _ root: String) throws
        -> String
    {
        String(decoding: try rule.contents(of: relative, in: root), as: UTF8.self)
    }

    private static func reason(_ rule: InputFileRule, _ relative: String, _ root: String)
        -> InputFileError.Reason?
    {
        do {
            _ = try rule.contents(of: relative, in: root)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("regular files inside the root are read, through folders and links that stay inside")
    func insideIsRead() throws {
        let (folder, root, _) = try Self.folders()
        try folder.link("root/alias.txt", to: "sub/deep.txt")
        try folder.link("root/folder", to: "sub")
        try folder.link("root/sub/up", to: "../plain.txt")
        #expect(try Self.text(Self.inside, "plain.txt", root) == "plain")
        #expect(try Self.text(Self.inside, "sub/deep.txt", root) == "deep")
        #expect(try Self.text(Self.inside, "alias.txt", root) == "deep")
        #expect(try Self.text(Self.inside, "folder/deep.txt", root) == "deep")
        #expect(try Self.text(Self.inside, "sub/up", root) == "plain")
    }

    @Test("a root opened once gives the same answers as the root by path")
    func openedRoot() throws {
        let (folder, root, secret) = try Self.folders()
        try folder.link("root/alias.txt", to: "sub/deep.txt")
        try folder.link("root/passwd.txt", to: secret)
        let opened = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(opened >= 0)
        defer { close(opened) }
        func answer(_ relative: String) -> String {
            do {
                let descriptor = try Self.inside.open(relative, inOpened: opened, root: root)
                defer { close(descriptor) }
                let bytes = try InputFileRule.contents(of: descriptor, path: relative)
                return String(decoding: bytes, as: UTF8.self)
            } catch {
                return "\(error.reason)"
            }
        }
        #expect(answer("plain.txt") == "plain")
        #expect(answer("alias.txt") == "deep")
        #expect(answer("passwd.txt").hasPrefix("linkOutside"))
        #expect(answer("sub/../plain.txt").hasPrefix("leavesRoot"))
        #expect(answer("none.txt") == "missing")
    }

    @Test("refusingLinks refuses every link on the way, even one that stays inside, naming it")
    func refusingLinks() throws {
        let (folder, root, _) = try Self.folders()
        try folder.link("root/alias.txt", to: "sub/deep.txt")
        try folder.link("root/folder", to: "sub")
        let rule = InputFileRule.refusingLinks
        #expect(try Self.text(rule, "sub/deep.txt", root) == "deep")
        for (path, link) in [("alias.txt", "alias.txt"), ("folder/deep.txt", "folder")] {
            do {
                _ = try rule.contents(of: path, in: root)
                Issue.record("\(path) was read through a link")
            } catch {
                #expect(
                    error
                        == InputFileError(
                            path: root + "/" + link, reason: .notRegular(kind: "a symbolic link")))
            }
        }
    }

    @Test("a link to a file or a folder outside the root is refused, naming where it leads")
    func outsideRefused() throws {
        let (folder, root, secret) = try Self.folders()
        try folder.link("root/passwd.txt", to: secret)
        try folder.link("root/etc", to: "../elsewhere")
        try folder.link("root/sub/relative.txt", to: "../../elsewhere/secret.txt")
        let resolvedSecret = URL(fileURLWithPath: secret).resolvingSymlinksInPath().path
        for path in ["passwd.txt", "etc/secret.txt", "sub/relative.txt"] {
            guard
                case .linkOutside(let target, let refusedRoot) = Self.reason(
                    Self.inside, path, root)
            else {
                Issue.record("\(path) was not refused as a link outside")
                continue
            }
            #expect(target.hasSuffix("elsewhere") || target == resolvedSecret, "\(path): \(target)")
            #expect(refusedRoot == root)
        }
        // With links followed, the same files are read.
        #expect(try Self.text(Self.following, "passwd.txt", root) == "secret")
        #expect(try Self.text(Self.following, "etc/secret.txt", root) == "secret")
    }

    @Test("'.' and '..' in the path are refused, even when they would stay inside")
    func dotsRefused() throws {
        let (_, root, _) = try Self.folders()
        for rule in [Self.inside, Self.following] {
            #expect(Self.reason(rule, "../elsewhere/secret.txt", root) == .leavesRoot(root: root))
            #expect(Self.reason(rule, "sub/../plain.txt", root) == .leavesRoot(root: root))
        }
    }

    @Test("a FIFO, a folder, a missing file, a broken link and a loop are refused without hanging")
    func notRegularRefused() throws {
        let (folder, root, _) = try Self.folders()
        let fifo = folder.url.appendingPathComponent("elsewhere/pipe").path
        try #require(mkfifo(fifo, 0o644) == 0)
        try #require(mkfifo(root + "/pipe", 0o644) == 0)
        try folder.link("root/to-pipe", to: fifo)
        try folder.link("root/dangling", to: "nowhere")
        try folder.link("root/loop", to: "loop")
        try folder.link("root/null", to: "/dev/null")
        for rule in [Self.inside, Self.following] {
            #expect(Self.reason(rule, "pipe", root) == .notRegular(kind: "a FIFO"))
            #expect(Self.reason(rule, "sub", root) == .notRegular(kind: "a folder"))
            #expect(Self.reason(rule, "absent.txt", root) == .missing)
        }
        #expect(Self.reason(Self.following, "to-pipe", root) == .notRegular(kind: "a FIFO"))
        #expect(
            Self.reason(Self.following, "null", root) == .notRegular(kind: "a character device"))
        #expect(Self.reason(Self.following, "loop", root) == .linkLoop)
        #expect(Self.reason(Self.inside, "dangling", root) == .brokenLink)
        #expect(Self.reason(Self.inside, "loop", root) == .linkLoop)
    }

    @Test("the decision the scanner shares: inside the resolved root, or the root itself")
    func insideDecision() {
        let root = Array("/photos/".utf8)
        #expect(InputFileRule.isInside(Array("/photos/a.jpg".utf8), resolvedRoot: root))
        #expect(InputFileRule.isInside(Array("/photos".utf8), resolvedRoot: root))
        #expect(!InputFileRule.isInside(Array("/photos2/a.jpg".utf8), resolvedRoot: root))
        #expect(!InputFileRule.isInside(Array("/etc/passwd".utf8), resolvedRoot: root))
    }
}
