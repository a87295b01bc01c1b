import Foundation
import TestSupport
import Testing

@testable import SiteBuild
@testable import WaterfallSiteCLI

/// Every numeric option and settings key against extreme values, through the built binary: in
/// range it builds, out of range the command line exits 64 and the settings file 1, with a
/// message naming the option, the value and the range; never a signal, never a staging folder
/// left behind.
@Suite("Numeric options: one range each, extremes refused", .serialized)
struct NumericSettingTests {
    let binary: URL

    init() throws {
        binary = try #require(
            Repository.binary, "the waterfall-site executable was not built beside the tests")
    }

    static let extremes = [
        "0", "-0", "-1", "0.5", "1e19", "1e300", "NaN", "inf", "-inf", "99999999999999999999999",
    ]

    /// JSON has no NaN or infinity; 1e400 reads as infinity.
    static let jsonExtremes = [
        "0", "-0", "-1", "0.5", "1e19", "1e300", "1e400", "-1e400", "99999999999999999999999",
    ]

    static func photos(in work: TemporaryFolder) throws -> URL {
        try work.write("photos/a.jpg", try Repository.samplePhoto())
        try work.write("photos/b.jpg", try Repository.samplePhoto("Ceramics/espresso-cup.png"))
        return work.url.appending(path: "photos")
    }

    @Test("every option on the command line", arguments: NumericSetting.all.map(\.flag))
    func commandLine(flag: String) throws {
        let setting = try #require(NumericSetting.all.first { $0.flag == flag })
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        for value in Self.extremes {
            try? FileManager.default.removeItem(at: work.url.appending(path: "site"))
            let run = try ProcessRun(
                binary,
                ["build", photos.path, "-o", "site", "--no-renditions", "--quiet", flag, value],
                in: work.url)
            let accepted = Double(value).map(setting.accepts) ?? false
            if accepted {
                #expect(run.status == 0, "\(flag) \(value): \(run.error)")
            } else {
                #expect(run.status == 64, "\(flag) \(value): status \(run.status)")
                // The option, the range and the value (--insets also says it takes four).
                #expect(
                    run.error.contains("error: option '\(flag)' expects "),
                    "\(flag) \(value): \(run.error)")
                #expect(run.error.contains(setting.rangeText), "\(flag) \(value): \(run.error)")
                #expect(run.error.contains("got '\(value)'"), "\(flag) \(value): \(run.error)")
                #expect(
                    !FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
            }
            #expect(run.status < 128, "\(flag) \(value) ended in a signal")
            #expect(
                BadInputTests.leftovers(beside: work.url.appending(path: "site")).isEmpty,
                "\(flag) \(value)")
        }
    }

    @Test("every key in the settings file", arguments: NumericSetting.all.compactMap(\.key))
    func settingsFile(key: String) throws {
        let setting = try #require(NumericSetting.all.first { $0.key == key })
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        for value in Self.jsonExtremes {
            try? FileManager.default.removeItem(at: work.url.appending(path: "site"))
            try work.write(
                "photos/waterfall.json", "{ \"\(key)\": \(value), \"renditions\": false }")
            let run = try ProcessRun(
                binary, ["build", photos.path, "-o", "site", "--quiet"], in: work.url)
            let accepted = Double(value).map(setting.accepts) ?? false
            if accepted {
                #expect(run.status == 0, "\(key) \(value): \(run.error)")
            } else if Double(value)?.isInfinite == true {
                // No JSON number is infinite: the reader says where the file has one too large.
                #expect(run.status == 1, "\(key) \(value): status \(run.status)")
                #expect(
                    run.error.contains("waterfall.json': not valid JSON (line 1, column "),
                    "\(key) \(value): \(run.error)")
                #expect(run.error.contains("number out of range"), "\(key) \(value): \(run.error)")
                #expect(
                    !FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
            } else {
                #expect(run.status == 1, "\(key) \(value): status \(run.status)")
                #expect(
                    run.error.contains("key '\(key)' must be "), "\(key) \(value): \(run.error)")
                #expect(run.error.contains(setting.rangeText), "\(key) \(value): \(run.error)")
                #expect(
                    run.error.contains(", got \(Double(value).map { "\($0)" } ?? value)"),
                    "\(key) \(value): \(run.error)")
                #expect(
                    !FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
            }
            #expect(run.status < 128, "\(key) \(value) ended in a signal")
            #expect(
                BadInputTests.leftovers(beside: work.url.appending(path: "site")).isEmpty,
                "\(key) \(value)")
        }
    }

    @Test("breakpoints and insets hold each of their numbers to the range")
    func compoundValues() throws {
        let work = try TemporaryFolder()
        let photos = try Self.photos(in: work)
        for (flag, value) in [
            ("--breakpoints", "0:2,1e19:3"), ("--breakpoints", "0:1e300"),
            ("--breakpoints", "0:NaN"),
            ("--insets", "1e19"), ("--insets", "16,inf"), ("--insets", "1,2,-3,4"),
        ] {
            let run = try ProcessRun(
                binary, ["build", photos.path, "-o", "site", flag, value], in: work.url)
            #expect(run.status == 64, "\(flag) \(value): \(run.error)")
            #expect(run.error.contains("option '\(flag)' expects"))
            #expect(run.error.contains("got '\(value)'"))
        }
        try work.write("photos/waterfall.json", #"{ "pageSize": 1e300, "insets": "16" }"#)
        let run = try ProcessRun(binary, ["build", photos.path, "-o", "site"], in: work.url)
        #expect(run.status == 1)
        #expect(
            run.error.contains(
                "key 'pageSize' must be a whole number from 1 to 1,000,000, got 1e+300"),
            "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
    }

    @Test("the help text states every option's range")
    func helpStatesRanges() {
        #expect(
            HelpText.build.contains("Every length (PX) is 0–10,000 px (--item-width at least 1)"))
        #expect(
            HelpText.build.contains(
                "--page-size N               Photos per page at most, 1–1,000,000"))
        #expect(HelpText.build.contains("JPEG quality of the copies, 1–100"))
        #expect(HelpText.build.contains("1–10,000,000,000"))
        #expect(HelpText.build.contains("1–256"))
        #expect(NumericSetting.rowSpacing.rangeText == "a length in px from 0 to 10,000")
        #expect(NumericSetting.maxPixels.rangeText == "a whole number from 1 to 10,000,000,000")
    }
}
