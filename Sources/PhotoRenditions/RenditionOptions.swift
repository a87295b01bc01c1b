/// How renditions are encoded and which photos are too big to decode.
public struct RenditionOptions: Sendable, Hashable {
    /// JPEG quality 1...100. 82 keeps photos free of visible artefacts at about a third of the
    /// bytes of quality 95.
    public var quality: Int
    /// Photos whose stored width × height exceeds this are not decoded (a diagnostic instead), so
    /// a hostile header cannot make the build allocate gigabytes.
    public var maximumPixels: Int

    public static let defaultQuality = 82
    public static let defaultMaximumPixels = 100_000_000

    public init(
        quality: Int = RenditionOptions.defaultQuality,
        maximumPixels: Int = RenditionOptions.defaultMaximumPixels
    ) {
        self.quality = quality
        self.maximumPixels = maximumPixels
    }

    /// What goes into every rendition's name besides the source bytes: everything that changes
    /// the output. Bump the version when the resampler or the encoder settings change (v2:
    /// smaller renditions averaged from larger ones, baseline instead of progressive JPEG; v3:
    /// YCbCr JPEGs averaged and encoded as their Y, Cb and Cr planes).
    public var fingerprint: String { "waterfall-renditions-v3;q=\(quality)" }
}
