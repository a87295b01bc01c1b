import CImageHeaders

/// What reading one candidate's header produced.
enum HeaderOutcome: Sendable {
    /// A measured photo, with a warning when its EXIF block was malformed.
    case photo(ScannedPhoto, warning: ScanDiagnostic?)
    /// The file could not be taken as a photo.
    case rejected(ScanDiagnostic)
}

/// Turns the C shim's status codes into photos and plainly worded diagnostics. Stateless, so
/// any number of threads may use it at once.
enum HeaderReader {
    static func read(_ candidate: Candidate) -> HeaderOutcome {
        var header = wfs_image_header()
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(WFS_MESSAGE_CAPACITY)) { message in
            let status = candidate.absolutePath.withUnsafeBufferPointer { path in
                path.withMemoryRebound(to: CChar.self) { chars in
                    wfs_read_image_header(chars.baseAddress, &header, message.baseAddress, message.count)
                }
            }
            let text = message.baseAddress.map { String(cString: $0) } ?? ""
            return outcome(status, header, message: text, relativePath: candidate.relativePath)
        }
    }

    /// Interprets one shim result; also used by tests that read from memory.
    static func outcome(_ status: wfs_status, _ header: wfs_image_header, message: String,
                        relativePath: String) -> HeaderOutcome {
        func rejected(_ kind: ScanDiagnostic.Kind, _ text: String) -> HeaderOutcome {
            .rejected(ScanDiagnostic(relativePath: relativePath, kind: kind, message: text))
        }
        switch status {
        case .ok:
            let format: ImageFormat
            switch header.format {
            case .png: format = .png
            case .jpeg: format = .jpeg
            default: return rejected(.notAnImage, "not a JPEG or PNG image")
            }
            let photo = ScannedPhoto(
                relativePath: relativePath, format: format,
                storedWidth: Int(header.width), storedHeight: Int(header.height),
                orientation: Int(header.orientation), byteSize: header.byte_size)
            var warning: ScanDiagnostic?
            if header.exif == .malformed {
                warning = ScanDiagnostic(
                    relativePath: relativePath, kind: .malformedExif,
                    message: "malformed EXIF, orientation 1 assumed: \(message)")
            }
            return .photo(photo, warning: warning)
        case .unsupportedFormat:
            return rejected(.unsupportedFormat, "unsupported format: \(String(cString: wfs_format_name(header.format)))")
        case .notAnImage:
            return rejected(.notAnImage, "not a JPEG or PNG image")
        case .emptyFile:
            return rejected(.emptyFile, "empty file")
        case .ioError:
            return rejected(.unreadable, "cannot read: \(message)")
        case .corruptHeader:
            return rejected(.corruptHeader, "\(String(cString: wfs_format_name(header.format))) header: \(message)")
        }
    }
}
