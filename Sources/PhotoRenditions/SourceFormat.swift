/// A format a rendition is also written in beside its JPEG or PNG, for a `<source>` of the
/// photo's `<picture>`: browsers that know the type take it, the others the `<img>`.
public enum SourceFormat: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Listed first when present: the smallest files, the fewest browsers.
    case avif
    case webp

    /// `avif` or `webp`.
    public var fileExtension: String { rawValue }

    /// The `type` of the `<source>`.
    public var mediaType: String { "image/\(rawValue)" }

    /// AVIF before WebP, the order of the `<source>` elements.
    public static func < (left: SourceFormat, right: SourceFormat) -> Bool {
        left == .avif && right == .webp
    }
}
