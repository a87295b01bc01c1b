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

    init(logo: URL?, favicon: URL?, rule: InputFileRule) throws(CommandError) {
        if let logo { logoPath = try add(logo, name: "logo", option: "--logo", rule: rule) }
        if let favicon {
            faviconPath = try add(favicon, name: "favicon", option: "--favicon", rule: rule)
        }
    }

    private mutating func add(_ url: URL, name: String, option: String, rule: InputFileRule)
        throws(CommandError) -> String
    {
        let fileExtension = url.pathExtension.lowercased()
        guard Self.extensions.contains(fileExtension) else {
            throw .failed(
                "\(option) '\(url.path)': not an image type browsers show here; give a file ending in \(Self.extensions.sorted().map { "." + $0 }.joined(separator: ", "))"
            )
        }
        let bytes: Data
        do {
            bytes = Data(try rule.contents(of: url))
        } catch  where error.reason == .missing {
            throw .failed(
                "\(option) '\(url.path)': no such file, or not readable; check the path (relative paths are relative to the current folder, or to waterfall.json)"
            )
        } catch {
            throw .failed("\(option) \(error.description)")
        }
        if fileExtension == "svg", let found = SVGActiveContent.first(in: bytes) {
            throw .failed(
                "\(option) '\(url.path)': the SVG holds active content (\(found)), which a browser "
                    + "would run on the site's own address; remove scripts, on… event attributes, "
                    + "javascript: URLs, foreignObject and links to other files from it, or give a PNG"
            )
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
