/// How renditions are encoded and which photos are too big to decode.
public struct RenditionOptions: Sendable, Hashable {
    /// JPEG quality 1...100. 82 keeps photos free of visible artefacts at about a third of the
    /// bytes of quality 95.
    public var quality: Int
    /// Photos whose stored width × height exceeds this are not decoded (a diagnostic instead), so
    /// a hostile header cannot make the build allocate gigabytes.
    public var maximumPixels: Int

    /// Whether each photo also gets WebP renditions, kept where they are smaller (see
    /// ``webpQuality``).
    public var webp: Bool
    /// Whether each photo also gets AVIF renditions (slow to encode: off by default).
    public var avif: Bool
    /// The AV1 encoder's speed, 0 (slowest, smallest files) ... 9 (fastest).
    public var avifSpeed: Int

    public static let defaultQuality = 82
    public static let defaultMaximumPixels = 100_000_000
    public static let defaultAVIFSpeed = 6
    public static let avifSpeeds = 0...9

    public init(
        quality: Int = RenditionOptions.defaultQuality,
        maximumPixels: Int = RenditionOptions.defaultMaximumPixels,
        webp: Bool = true, avif: Bool = false,
        avifSpeed: Int = RenditionOptions.defaultAVIFSpeed
    ) {
        self.quality = quality
        self.maximumPixels = maximumPixels
        self.webp = webp
        self.avif = avif
        self.avifSpeed = avifSpeed
    }

    /// The formats written beside the JPEG or PNG renditions, AVIF first.
    public var sourceFormats: [SourceFormat] {
        (avif ? [.avif] : []) + (webp ? [.webp] : [])
    }

    /// The WebP quality whose files have the same SSIM as JPEGs at ``quality``.
    ///
    /// Measured by `Benchmarks/renditions/webp_mapping.py` (its method and tables are in
    /// Benchmarks/README.md): per JPEG quality, the median over the photos of the WebP quality
    /// at which a rendition's SSIM reaches the JPEG rendition's, on the generated benchmark set
    /// and on SampleImages/; each point is the higher of the two, so WebP is not worse on
    /// either. Between the measured points the mapping is linear; below the first it runs
    /// linearly to 1.
    public var webpQuality: Int {
        Self.mapped(quality, through: Self.webpQualityAtEqualSSIM)
    }

    /// The AVIF quality (libheif's lossy quality, 4:2:0) whose files have the same SSIM as JPEGs
    /// at ``quality``, measured the same way as ``webpQuality`` (`webp_mapping.py … avif:6`) on
    /// SampleImages/ at speed 6.
    public var avifQuality: Int {
        Self.mapped(quality, through: Self.avifQualityAtEqualSSIM)
    }

    /// (JPEG quality, WebP quality) at equal SSIM, from `webp_mapping.py`: generated set
    /// 36, 43, 54, 74, 84, 96; SampleImages 48, 62, 77, 85, 91, 97 (at 50, 60, 70, 82, 90, 95).
    static let webpQualityAtEqualSSIM: [(Int, Int)] = [
        (1, 1), (50, 48), (60, 62), (70, 77), (82, 85), (90, 91), (95, 97), (100, 100),
    ]

    /// (JPEG quality, AVIF quality) at equal SSIM, from `webp_mapping.py … avif:6`: SampleImages
    /// 41.4, 46.3, 53.6, 63.4, 81.1, 90.1 (at 50, 60, 70, 82, 90, 95), rounded up.
    static let avifQualityAtEqualSSIM: [(Int, Int)] = [
        (1, 1), (50, 42), (60, 47), (70, 54), (82, 64), (90, 82), (95, 91), (100, 100),
    ]

    private static func mapped(_ quality: Int, through points: [(Int, Int)]) -> Int {
        let clamped = min(100, max(1, quality))
        for (low, high) in zip(points, points.dropFirst()) where clamped <= high.0 {
            let fraction = Double(clamped - low.0) / Double(high.0 - low.0)
            return Int((Double(low.1) + fraction * Double(high.1 - low.1)).rounded())
        }
        return points[points.count - 1].1
    }

    /// What goes into every rendition's name besides the source bytes: everything that changes
    /// the output. Bump the version when the resampler or the encoder settings change (v2:
    /// smaller renditions averaged from larger ones, baseline instead of progressive JPEG; v3:
    /// YCbCr JPEGs averaged and encoded as their Y, Cb and Cr planes). WebP and AVIF add their
    /// own parts, so without them the names stay those of earlier builds (avif-v2: the quality
    /// mapped to equal SSIM instead of WebP's; webp-v2: method 2 above 600,000 px; webp-v3 and
    /// avif-v3: made only up to the widest width a phone picks, and kept by comparing those
    /// widths alone, with WebP's effort by size below that).
    public var fingerprint: String {
        "waterfall-renditions-v3;q=\(quality)" + (webp ? ";webp-v3" : "")
            + (avif ? ";avif-v3;s=\(avifSpeed)" : "")
    }
}
