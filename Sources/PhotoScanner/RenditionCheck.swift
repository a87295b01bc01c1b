import CImageHeaders

/// Whether a rendition file's bytes are what its name says: the format by signature, complete
/// (the structure's ends), at the pixel size (from the header), with no pixel decoded. A build
/// asks this of every file it takes from a rendition store, which other runs and machines fill.
///
/// It lives beside the header reader because it is one: the scanner's readers give the size.
public enum RenditionCheck {
    /// The formats a rendition is written in.
    public enum Format: Sendable, Hashable, CaseIterable {
        case jpeg, png, webp, avif

        /// The format a rendition file's extension names, or nil for another extension.
        public init?(fileExtension: String) {
            switch fileExtension {
            case "jpg": self = .jpeg
            case "png": self = .png
            case "webp": self = .webp
            case "avif": self = .avif
            default: return nil
            }
        }

        var shim: wfi_format {
            switch self {
            case .jpeg: .jpeg
            case .png: .png
            case .webp: .webp
            case .avif: .avif
            }
        }
    }

    /// Why a file is not the rendition its name says.
    public struct Problem: Error, Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case empty, wrongFormat, incomplete, unreadableHeader, wrongSize
        }

        public var kind: Kind
        /// Plain words: "its bytes are no image (not JPEG)".
        public var message: String
    }

    /// Checks the whole file `bytes` against `format` at `width` x `height` (as shown).
    public static func check(
        _ bytes: UnsafeBufferPointer<UInt8>, format: Format, width: Int, height: Int
    ) throws(Problem) {
        guard let width = UInt32(exactly: width), let height = UInt32(exactly: height) else {
            throw Problem(
                kind: .wrongSize, message: "the expected size \(width)x\(height) is out of range")
        }
        var message = [CChar](repeating: 0, count: Int(WFS_MESSAGE_CAPACITY))
        let verdict = message.withUnsafeMutableBufferPointer { message in
            wfs_check_rendition(
                bytes.baseAddress, bytes.count, format.shim, width, height, message.baseAddress,
                message.count)
        }
        let kind: Problem.Kind
        switch verdict {
        case .ok: return
        case .empty: kind = .empty
        case .wrongFormat: kind = .wrongFormat
        case .incomplete: kind = .incomplete
        case .unreadable: kind = .unreadableHeader
        case .wrongSize: kind = .wrongSize
        }
        throw Problem(kind: kind, message: String(cString: message))
    }
}
