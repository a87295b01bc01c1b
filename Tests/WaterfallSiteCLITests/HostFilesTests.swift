import Foundation
import TestSupport
import Testing

/// `_headers` for Netlify and Cloudflare Pages: every file of the site falls under exactly one
/// rule, files named by their content are cached for a year, everything else is revalidated.
@Suite("Host hints: _headers", .serialized)
struct HostFilesTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    /// A rule of `_headers`: its path pattern and its Cache-Control value.
    struct Rule: Equatable {
        var pattern: String
        var cacheControl: String

        /// The hosts' matching: `*` at the end matches the rest, `:name` one path segment.
        func matches(_ path: String) -> Bool {
            if pattern.hasSuffix("/*") { return path.hasPrefix(pattern.dropLast()) }
            let patternSegments = pattern.split(separator: "/", omittingEmptySubsequences: false)
            let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false)
            guard patternSegments.count == pathSegments.count else { return false }
            return zip(patternSegments, pathSegments).allSatisfy { rule, part in
                rule.hasPrefix(":") ? !part.isEmpty : rule == part
            }
        }
    }

    static func rules(_ text: String) -> [Rule] {
        var rules: [Rule] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("/") {
                rules.append(Rule(pattern: String(line), cacheControl: ""))
            } else if let value = line.trimmingCharacters(in: .whitespaces).split(
                separator: ":", maxSplits: 1
            ).last,
                line.trimmingCharacters(in: .whitespaces).hasPrefix("Cache-Control:")
            {
                rules[rules.count - 1].cacheControl = value.trimmingCharacters(in: .whitespaces)
            }
        }
        return rules
    }

    /// Checks every file of the site against the rules; returns the rules' patterns.
    func expectHeadersMatch(_ site: URL, _ step: String) throws -> [String] {
        let rules = Self.rules(
            try String(contentsOf: site.appending(path: "_headers"), encoding: .utf8))
        let immutable = "public, max-age=31536000, immutable"
        let revalidated = "public, max-age=0, must-revalidate"
        let hashed =
            /(assets\/[a-z]+\.[0-9a-f]{16}\.css|renditions\/[0-9a-f]{20}-[0-9]+\.(jpg|png|webp|avif))/
        var seen = 0
        for path in try EndToEndTests.tree(site).keys.sorted()
        where path != "/_headers" && path != "/.waterfall-site" {
            let matching = rules.filter { $0.matches(path) }
            #expect(matching.count == 1, "\(step): \(path) falls under \(matching.count) rules")
            guard let rule = matching.first else { continue }
            let isHashed = (try? hashed.wholeMatch(in: String(path.dropFirst()))) != nil
            #expect(
                rule.cacheControl == (isHashed ? immutable : revalidated),
                "\(step): \(path) gets '\(rule.cacheControl)'")
            seen += 1
        }
        #expect(seen > 3)
        // The bare folder (its index.html) is revalidated too.
        #expect(rules.filter { $0.matches("/") }.map(\.cacheControl) == [revalidated], "\(step)")
        // A rule for a folder only where the site has it.
        for rule in rules where rule.pattern.hasSuffix("/*") {
            var isFolder: ObjCBool = false
            let folder = site.appending(path: String(rule.pattern.dropFirst().dropLast(2))).path
            #expect(
                FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
                    && isFolder.boolValue, "\(step): \(rule.pattern)")
        }
        return rules.map(\.pattern)
    }

    @Test(
        "Every file falls under one rule: hashed renditions and stylesheets for a year, the rest revalidated"
    )
    func headersMatchTheSite() throws {
        let work = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: Repository.sampleImages, to: work.url.appending(path: "photos"))
        try work.write("photos/static/favicon.ico", "icon")
        try work.write(
            "photos/static/.well-known/security.txt", "Contact: mailto:shop@example.com\n")
        let arguments = ["build", "photos", "--quiet", "--page-size", "10"]
        #expect(
            try ProcessRun(
                binary, arguments + ["-o", "site", "--publish-originals", "--layout-files"],
                in: work.url
            ).status == 0)
        let patterns = try expectHeadersMatch(work.url.appending(path: "site"), "renditions")
        #expect(
            patterns == [
                "/renditions/*", "/assets/*", "/", "/:page", "/layout/*", "/photos/*", "/items/*",
                // The category and tag pages' folders.
                "/ceramics/*", "/nature/*", "/tags/*", "/travel/*", "/.well-known/*",
            ])

        #expect(
            try ProcessRun(binary, arguments + ["-o", "plain", "--no-renditions"], in: work.url)
                .status == 0)
        #expect(
            try expectHeadersMatch(work.url.appending(path: "plain"), "--no-renditions") == [
                "/assets/*", "/", "/:page", "/photos/*", "/items/*", "/ceramics/*",
                "/nature/*", "/tags/*", "/travel/*", "/.well-known/*",
            ])

        // By default (and with --no-original-link), a site whose photos all have renditions
        // publishes no originals.
        #expect(
            try ProcessRun(
                binary, arguments + ["-o", "private", "--no-original-link"], in: work.url
            ).status == 0)
        #expect(
            !FileManager.default.fileExists(atPath: work.url.appending(path: "private/photos").path)
        )
        #expect(
            try expectHeadersMatch(work.url.appending(path: "private"), "--no-original-link") == [
                "/renditions/*", "/assets/*", "/", "/:page", "/items/*",
                "/ceramics/*", "/nature/*", "/tags/*", "/travel/*", "/.well-known/*",
            ])
    }

    @Test(
        "--no-host-files and hostFiles: false write no _headers; the owner's static/_headers wins")
    func turnedOffOrReplaced() throws {
        let work = try TemporaryFolder()
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        let none = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-host-files", "--no-renditions"],
            in: work.url)
        #expect(none.status == 0, "\(none.error)")
        #expect(
            !FileManager.default.fileExists(atPath: work.url.appending(path: "site/_headers").path))
        try work.write("photos/waterfall.json", #"{ "hostFiles": false }"#)
        #expect(
            try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url
            ).status == 0)
        #expect(
            !FileManager.default.fileExists(atPath: work.url.appending(path: "site/_headers").path))
        try work.write("photos/waterfall.json", #"{ "hostFiles": "no" }"#)
        let bad = try ProcessRun(
            binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url)
        #expect(bad.status == 1)
        #expect(bad.error.contains("key 'hostFiles' must be true or false"), "\(bad.error)")
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/waterfall.json"))

        let owners = "/*\n  X-Frame-Options: DENY\n"
        try work.write("photos/static/_headers", owners)
        #expect(
            try ProcessRun(
                binary, ["build", "photos", "-o", "site", "--no-renditions"], in: work.url
            ).status == 0)
        #expect(
            try String(contentsOf: work.url.appending(path: "site/_headers"), encoding: .utf8)
                == owners)
    }
}
