import CImageRenditions

/// Why a photo got no renditions. The tile then shows the original.
public struct RenditionError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// Not a JPEG, PNG, HEIF/AVIF or WebP.
        case unsupportedFormat
        /// Width × height, as the container says or as the codec codes it, is over
        /// `RenditionOptions.maximumPixels`; nothing was decoded.
        case tooManyPixels
        /// The container's size (HEIF `ispe`, WebP canvas) is not what its codec codes; the
        /// message names both. Nothing was decoded.
        case sizeMismatch
        /// The library rejected the data, or it ends early (a truncated file).
        case corruptData
        /// A requested size is empty or larger than the photo.
        case invalidRequest
        case outOfMemory
        /// The source file could not be read.
        case unreadable
        /// The source file went away, or stopped being a regular file, after the scan saw it.
        case vanished
    }

    public var reason: Reason
    /// The library's or the shim's explanation.
    public var message: String

    public init(_ reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }

    init?(_ status: wfr_status, message: String) {
        switch status {
        case .ok: return nil
        case .unsupportedFormat: self.init(Reason.unsupportedFormat, message: message)
        case .tooManyPixels: self.init(Reason.tooManyPixels, message: message)
        case .corruptData: self.init(Reason.corruptData, message: message)
        case .invalidRequest: self.init(Reason.invalidRequest, message: message)
        case .outOfMemory: self.init(Reason.outOfMemory, message: message)
        case .sizeMismatch: self.init(Reason.sizeMismatch, message: message)
        }
    }
}
