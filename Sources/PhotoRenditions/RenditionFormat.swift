import CImageRenditions

/// The file format of a rendition: JPEG, or PNG for sources with transparency.
public enum RenditionFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png

    /// `jpg` or `png`.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }

    init(_ encoding: wfr_encoding) {
        switch encoding {
        case .jpeg: self = .jpeg
        case .png: self = .png
        }
    }
}
