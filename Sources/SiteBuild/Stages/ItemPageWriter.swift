import SiteRenderer

/// Writes one page per photo (see ``SiteRenderer/itemPage(_:context:)``) at its
/// ``SitePhoto/itemPath``. A page whose bytes are the previous site's keeps that file (see
/// ``OutputFolder/write(_:to:)-(String,_)``), so a rebuild changes only the item pages whose
/// inputs changed, a neighbour's name included.
struct ItemPageWriter {
    let renderer: SiteRenderer
    let output: OutputFolder

    func write(_ plan: GalleryPlan, progress: Progress) throws(CommandError) {
        let photos = plan.photos
        for number in 1...max(1, plan.pageCount) where plan.pageCount > 0 {
            progress.update("Writing item pages", done: number - 1, total: plan.pageCount)
            let range = plan.pageRange(number)
            let sections = plan.sections(ofPage: number)
            let ids = SiteRenderer.sectionIDs(folders: sections.map(\.folder))
            var position = range.lowerBound
            for (section, id) in zip(sections, ids) {
                for photo in section.photos {
                    defer { position += 1 }
                    guard let itemPath = photo.itemPath else { continue }
                    let context = SiteRenderer.ItemContext(
                        sectionTitle: section.title, galleryPage: SitePage.fileName(number),
                        sectionID: id,
                        previous: position > 0 ? photos[position - 1] : nil,
                        next: position + 1 < photos.count ? photos[position + 1] : nil)
                    try output.write(renderer.itemPage(photo, context: context), to: itemPath)
                }
            }
        }
    }
}
