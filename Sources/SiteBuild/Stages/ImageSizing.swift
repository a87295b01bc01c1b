import MasonryLayout
import PhotoRenditions
import SiteRenderer

/// The renditions' widths and the `sizes` attribute of every tile, derived from the layout
/// options alone (the gallery's and those of the sections with their own columns or insets), so
/// they are known before any stage runs and the renderer is made once.
struct ImageSizing {
    /// The candidate widths every photo is rendered at.
    let widths: RenditionWidths
    /// The `sizes` of the photos of each section that lays out differently, by folder.
    let sectionSizes: [String: String]

    /// - Parameter atLeast: a width some candidate must reach (``RenditionWidths``), for the
    ///   share image of `--base-url`.
    ///
    /// The ladder also reaches 2× the default theme's widest item-page image
    /// (``RenditionWidths/defaultItemWidth``), up to each photo's own width: item pages stay
    /// sharp on a 1,440 px retina screen. WebP goes up to the widest width a phone picks, on the
    /// gallery or on an item page (``RenditionWidths/widestPhonePick``).
    init(
        layout gallery: LayoutOptions, sections: [String: PhotoMetadata.SectionEntry],
        atLeast: Int? = nil
    ) {
        let ownLayouts = sections.filter { $0.value.options.changesLayout }
            .sorted { $0.key < $1.key }.map { ($0.key, $0.value.options.layout(in: gallery)) }
        widths = RenditionWidths(
            layout: gallery, sections: ownLayouts.map(\.1), atLeast: atLeast,
            itemWidth: RenditionWidths.defaultItemWidth,
            itemPhoneWidth: ItemImageSizes.width(atViewport: RenditionWidths.phoneViewportWidth))
        sectionSizes = Dictionary(
            uniqueKeysWithValues: ownLayouts.map { ($0.0, RenditionWidths(layout: $0.1).sizes) })
    }
}
