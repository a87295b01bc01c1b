/// The container format of a photo, decided by its magic bytes rather than its file name.
public enum ImageFormat: String, Sendable, Hashable, Codable {
    case jpeg
    case png
    /// HEIC/HEIF (HEVC and other codecs but AV1): shown through renditions only.
    case heif
    case avif
    case webp

    /// True for formats no browser can be trusted to show as they are (HEIC, and AVIF, whose
    /// `clap` Chromium ignores): the site shows their renditions, never the file.
    public var needsRenditions: Bool { self == .heif || self == .avif }
}

/// One photo the scanner measured: the size stored in the file and the size a browser displays
/// (after the EXIF orientation for JPEG and PNG; after `clap` and `irot` for HEIF and AVIF,
/// whose `orientation` is then 1; as stored for WebP).
public struct ScannedPhoto: Sendable, Hashable {
    /// Path relative to the scanned folder, with `/` separators.
    public var relativePath: String
    public var format: ImageFormat
    public var storedWidth: Int
    public var storedHeight: Int
    /// EXIF orientation, 1...8 (1 when absent or out of range).
    public var orientation: Int
    /// Width after orientation: stored height for orientations 5–8, stored width otherwise.
    public var displayWidth: Int
    public var displayHeight: Int
    public var byteSize: Int64
    /// The file's identity when it was read (nil for photos measured from memory).
    public var identity: FileIdentity?
    /// When the photo was taken, in seconds since 1970: its EXIF DateTimeOriginal (JPEG and
    /// PNG), read in the same pass as the orientation; nil without one.
    public var dateTaken: Int64?
    /// Whether its EXIF block (JPEG and PNG) gives the position where it was taken (GPS), which
    /// anyone who has the original can read.
    public var hasGPSPosition = false

    public init(
        relativePath: String, format: ImageFormat, storedWidth: Int, storedHeight: Int,
        orientation: Int, byteSize: Int64, identity: FileIdentity? = nil
    ) {
        self.relativePath = relativePath
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        let swaps = (5...8).contains(orientation)
        self.displayWidth = swaps ? storedHeight : storedWidth
        self.displayHeight = swaps ? storedWidth : storedHeight
        self.byteSize = byteSize
        self.identity = identity
    }

    /// A photo whose display size does not follow from an EXIF orientation (HEIF, AVIF, WebP).
    public init(
        relativePath: String, format: ImageFormat, storedWidth: Int, storedHeight: Int,
        displayWidth: Int, displayHeight: Int, byteSize: Int64, identity: FileIdentity? = nil
    ) {
        self.init(
            relativePath: relativePath, format: format, storedWidth: storedWidth,
            storedHeight: storedHeight,
            orientation: 1, byteSize: byteSize, identity: identity)
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
    }
}

/// Something the scanner could not take as a photo, or a warning about one it did take.
public struct ScanDiagnostic: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An image in a format the site cannot measure (GIF, TIFF, …).
        case unsupportedFormat
        /// A file with an image extension whose bytes are no known image.
        case notAnImage
        /// A header the format's library rejected.
        case corruptHeader
        /// A container whose size (HEIF `ispe`, WebP VP8X canvas) is not what its codec's own
        /// header codes: a decoder would allocate the codec's size, whatever the claim.
        case sizeMismatch
        case emptyFile
        case unreadable
        case brokenLink
        case symlinkLoop
        /// A symbolic link whose target is outside the scanned folder (followed only on request).
        case linkOutside
        /// A link to a folder the scan already walked through another path.
        case alreadyIncluded
        /// The size was read but the EXIF block was malformed; orientation 1 was assumed.
        case malformedExif
    }

    public var relativePath: String
    public var kind: Kind
    public var message: String

    /// Warnings accompany a photo that was still measured; the others mean the file was skipped.
    public var isWarning: Bool { kind == .malformedExif }

    public init(relativePath: String, kind: Kind, message: String) {
        self.relativePath = relativePath
        self.kind = kind
        self.message = message
    }
}

/// Everything one scan found, in natural order of relative paths.
public struct ScanResult: Sendable, Hashable {
    public var photos: [ScannedPhoto]
    public var diagnostics: [ScanDiagnostic]
    /// How many photos came from the cache instead of a header read.
    public var cachedCount: Int

    public init(photos: [ScannedPhoto], diagnostics: [ScanDiagnostic], cachedCount: Int = 0) {
        self.photos = photos
        self.diagnostics = diagnostics
        self.cachedCount = cachedCount
    }
}
