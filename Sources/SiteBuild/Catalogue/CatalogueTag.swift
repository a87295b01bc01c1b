/// One tag of the catalogue (see ``Catalogue/tags()``): the products that have it.
struct CatalogueTag: Sendable, Equatable {
    /// As the owner first wrote it, in catalogue order.
    var name: String
    /// The positions in ``Catalogue/photos`` of its products, in catalogue order.
    var positions: [Int] = []
}
