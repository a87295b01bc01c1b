/// The warning a build gives before it publishes originals whose EXIF or XMP says where they
/// were taken: renditions carry neither, but an original is published as the camera (or the
/// editor) wrote it.
enum PositionWarning {
    /// Paths shown in the warning; the rest are counted.
    static let shownPaths = 3

    /// The warning for `paths`, the published originals with a GPS position, in gallery order;
    /// nil when there are none. `publishesOriginals` (`--publish-originals`) and `renditions`
    /// (off with `--no-renditions`) say why they are published, and so what to change.
    static func text(paths: [String], publishesOriginals: Bool, renditions: Bool) -> String? {
        guard !paths.isEmpty else { return nil }
        let shown = paths.prefix(shownPaths).map { "'\(TerminalText.safe($0))'" }
        let list =
            paths.count <= shownPaths
            ? shown.joined(separator: ", ")
            : shown.joined(separator: ", ") + " and \(paths.count - shownPaths) more"
        let one = paths.count == 1
        let why =
            publishesOriginals
            ? "leave out --publish-originals"
            : renditions
                ? "let the build resize \(one ? "it" : "them") (see the warnings above)"
                : "leave out --no-renditions, so that the tiles show resized copies without EXIF"
        return
            "warning: \(paths.count) published original\(one ? "" : "s") \(one ? "carries" : "carry") the GPS position where \(one ? "it was" : "they were") taken, for anyone to read: \(list); remove it first (exiftool -gps:all= -xmp:gps*= -overwrite_original PHOTOS_FOLDER), or \(why)"
    }
}
