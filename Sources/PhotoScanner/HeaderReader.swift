import CImageHeaders

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// The candidate's outcome: the `cached` entry for its path when the file's identity is
    /// unchanged, else read.
    /// Photos carry the identity, for the next build's cache.
    ///
    /// Only a file with a cached entry costs a `stat`; a file that is read gets its identity from
    /// the `fstat` of the read itself.
    static func read(_ candidate: Candidate, in folders: FolderCursor, cached: ScanCache.Entry?)
        -> (HeaderOutcome, cached: Bool)
    {
        if let cached, let identity = self.identity(of: candidate, in: folders),
            cached.identity == identity
        {
            return (.photo(cached.photo, warning: cached.warning), true)
        }
        return (read(candidate, in: folders), false)
    }

    /// `fstatat` relative to the open folder (following a symbolic link to its file).
    static func identity(of candidate: Candidate, in folders: FolderCursor) -> FileIdentity? {
        guard let folder = folders.descriptor(for: candidate.folder) else { return nil }
        var info = stat()
        let status = folders.withName(of: candidate) { fstatat(folder, $0, &info, 0) }
        return status == 0 ? FileIdentity(info) : nil
    }

    static func read(_ candidate: Candidate, in folders: FolderCursor) -> HeaderOutcome {
        var header = wfs_image_header()
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(WFS_MESSAGE_CAPACITY)) {
            message in
            let status: wfs_status
            if let folder = folders.descriptor(for: candidate.folder) {
                status = folders.withName(of: candidate) { name in
                    wfs_read_image_header_at(
                        folder, name, &header, message.baseAddress, message.count)
                }
            } else {
                // The folder could not be opened by itself: the full path gets the real error.
                let path =
                    folders.path(of: candidate.folder) + [UInt8(ascii: "/")]
                    + folders.name(of: candidate)
                status = path.withUnsafeBufferPointer { path in
                    path.withMemoryRebound(to: CChar.self) { chars in
                        wfs_read_image_header(
                            chars.baseAddress, &header, message.baseAddress, message.count)
                    }
                }
            }
            let text = message.baseAddress.map { String(cString: $0) } ?? ""
            var result = outcome(
                status, header, message: text, relativePath: folders.relativePath(of: candidate))
            if case .photo(var photo, let warning) = result {
                photo.identity = FileIdentity(
                    device: header.device, inode: header.inode, size: header.byte_size,
                    modified: header.modification_seconds * 1_000_000_000
                        + Int64(header.modification_nanoseconds))
                result = .photo(photo, warning: warning)
            }
            return result
        }
    }

    /// Interprets one shim result; also used by tests that read from memory.
    static func outcome(
        _ status: wfs_status, _ header: wfs_image_header, message: String,
        relativePath: String
    ) -> HeaderOutcome {
        func rejected(_ kind: ScanDiagnostic.Kind, _ text: String) -> HeaderOutcome {
            .rejected(ScanDiagnostic(relativePath: relativePath, kind: kind, message: text))
        }
        switch status {
        case .ok:
            let format: ImageFormat
            switch header.format {
            case .png: format = .png
            case .jpeg: format = .jpeg
            case .heif: format = .heif
            case .avif: format = .avif
            case .webp: format = .webp
            default: return rejected(.notAnImage, "not a JPEG, PNG, HEIF, AVIF or WebP image")
            }
            var photo =
                header.display_width == 0
                ? ScannedPhoto(
                    relativePath: relativePath, format: format,
                    storedWidth: Int(header.width), storedHeight: Int(header.height),
                    orientation: Int(header.orientation), byteSize: header.byte_size)
                : ScannedPhoto(
                    relativePath: relativePath, format: format,
                    storedWidth: Int(header.width), storedHeight: Int(header.height),
                    displayWidth: Int(header.display_width),
                    displayHeight: Int(header.display_height),
                    byteSize: header.byte_size)
            if header.has_date_taken { photo.dateTaken = header.date_taken }
            photo.hasGPSPosition = header.has_gps_position
            var warning: ScanDiagnostic?
            if header.exif == .malformed {
                warning = ScanDiagnostic(
                    relativePath: relativePath, kind: .malformedExif,
                    message: "malformed EXIF, orientation 1 assumed: \(message)")
            }
            return .photo(photo, warning: warning)
        case .unsupportedFormat:
            return rejected(.unsupportedFormat, Self.unsupportedText(header.format))
        case .notAnImage:
            return rejected(.notAnImage, "not a JPEG, PNG, HEIF, AVIF or WebP image")
        case .emptyFile:
            return rejected(.emptyFile, "empty file")
        case .ioError:
            return rejected(.unreadable, "cannot read: \(message)")
        case .corruptHeader:
            return rejected(
                .corruptHeader,
                "\(String(cString: wfi_format_name(header.format))) header: \(message)")
        case .sizeMismatch:
            // The decoder would allocate the codec's size, not the one the scan would report.
            return rejected(
                .sizeMismatch,
                "\(String(cString: wfi_format_name(header.format))) sizes disagree: \(message)")
        case .libraryMissing:
            // Unsupported on this machine only: the message says which package to install.
            return rejected(
                .unsupportedFormat,
                "\(String(cString: wfi_format_name(header.format))) cannot be read on this machine: \(message)"
            )
        }
    }

    /// One line that says what the format is and what to do instead.
    static func unsupportedText(_ format: wfi_format) -> String {
        let name = String(cString: wfi_format_name(format))
        switch format {
        case .gif:
            return
                "GIF is not supported: convert it to PNG (or JPEG; an animation keeps its first frame)"
        case .svg:
            return "SVG is not supported: export it as PNG"
        default:
            return "\(name) is not supported: convert it to JPEG (photos) or PNG (graphics)"
        }
    }
}

/// One worker's open folder: candidates arrive in walk order, so consecutive files usually share
/// a folder, which is then opened once and each file opened relative to it (`openat`), sparing the
/// kernel a lookup of every component of every absolute path.
final class FolderCursor {
    private let folders: [ListedFolder]
    private var current = -1
    private var descriptor: Int32 = -1

    init(folders: [ListedFolder]) {
        self.folders = folders
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func path(of folder: Int) -> [UInt8] { folders[folder].path }

    /// `candidate`'s path relative to the walk's root.
    func relativePath(of candidate: Candidate) -> String {
        folders[candidate.folder].relativePath(of: candidate)
    }

    /// Calls `body` with `candidate`'s NUL-terminated name.
    func withName<Result>(of candidate: Candidate, _ body: (UnsafePointer<CChar>) -> Result)
        -> Result
    {
        folders[candidate.folder].names.withUnsafeBufferPointer { names in
            body(
                UnsafeRawPointer(names.baseAddress.unsafelyUnwrapped + Int(candidate.nameStart))
                    .assumingMemoryBound(to: CChar.self))
        }
    }

    /// `candidate`'s name with its NUL, copied (for the rare full path).
    func name(of candidate: Candidate) -> [UInt8] {
        withName(of: candidate) { name in
            Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self),
                    count: strlen(name) + 1))
        }
    }

    /// An open descriptor for `folder`, or nil when it cannot be opened.
    func descriptor(for folder: Int) -> Int32? {
        if folder != current {
            if descriptor >= 0 { close(descriptor) }
            current = folder
            descriptor = DirectoryWalker.openFolder(folders[folder].path)
        }
        return descriptor >= 0 ? descriptor : nil
    }

}
