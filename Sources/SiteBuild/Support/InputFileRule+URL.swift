import InputFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension InputFileRule {
    /// The bytes of the file at `url`, read through the rule with the file's own folder as the
    /// root: for a file named by itself (a settings file, the metadata file, a logo, a favicon).
    func contents(of url: URL) throws(InputFileError) -> [UInt8] {
        try contents(of: url.lastPathComponent, in: url.deletingLastPathComponent().path)
    }
}
