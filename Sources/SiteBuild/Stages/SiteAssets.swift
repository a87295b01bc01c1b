import InputFiles
import PhotoScanner
import SiteRenderer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The owner's logo and favicon, read before the scan (so a wrong path fails at once) and copied
/// into `assets/` under a name with a hash of their bytes, like the stylesheets. Each is read
/// through ``InputFileRule`` (a link out of its folder or a FIFO is refused), and an SVG must be
/// a plain picture (see ``SVGActiveContent``): it is served from the site's own address.
struct SiteAssets {
    private(set) var files: [(path: String, bytes: Data)] = []
    private(set) var logoPath: String?
    private(set) var faviconPath: String?

    /// The image types a browser shows as a logo or favicon.
    static let extensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico",
    ]

    init(logo: URL?, favicon: URL?, rule: InputFileRule) throws(SiteBuildError) {
        if let logo { logoPath = try add(logo, name: "logo", option: "--logo", rule: rule) }
        if let favicon {
            faviconPath = try add(favicon, name: "favicon", option: "--favicon", rule: rule)
        }
    }

    private mutating func add(_ url: URL, name: String, option: String, rule: InputFileRule)
        throws(SiteBuildError) -> String
    {
        let fileExtension = url.pathExtension.lowercased()
        guard Self.extensions.contains(fileExtension) else {
            throw .invalidAsset(
                .notAnImageType(extensions: Array(Self.extensions)), option: option, path: url.path)
        }
        let bytes: Data
        do {
            bytes = Data(try rule.contents(of: url))
        } catch  where error.reason == .missing {
            throw .invalidAsset(.missing, option: option, path: url.path)
        } catch {
            throw .invalidAsset(
                .unreadable(reason: error.reasonText), option: option, path: error.path)
        }
        if fileExtension == "svg", let found = SVGActiveContent.first(in: bytes) {
            throw .invalidAsset(.activeContent(found), option: option, path: url.path)
        }
        var hasher = StableHasher()
        for byte in bytes { hasher.combine(Int(byte)) }
        let digits = String(hasher.value, radix: 16)
        let path =
            "\(SiteRenderer.assetsFolder)/\(name).\(String(repeating: "0", count: 16 - digits.count))\(digits).\(fileExtension)"
        files.append((path, bytes))
        return path
    }
}
