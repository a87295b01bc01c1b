import PhotoRenditions
import PhotoScanner

extension RenditionWriter {
    /// The check of a rendition store's files, by the scanner's header readers (see
    /// ``RenditionCheck``): injected here so the renditions module does not read headers itself.
    static let headerCheck: StoreCheck = { bytes, fileExtension, size in
        guard let format = RenditionCheck.Format(fileExtension: fileExtension) else {
            return "'.\(fileExtension)' is not a rendition format"
        }
        do throws(RenditionCheck.Problem) {
            try RenditionCheck.check(bytes, format: format, width: size.width, height: size.height)
            return nil
        } catch {
            return error.message
        }
    }

    /// A writer whose store files are checked by ``headerCheck``.
    func checkingStore() -> RenditionWriter {
        var writer = self
        writer.storeCheck = Self.headerCheck
        return writer
    }
}
