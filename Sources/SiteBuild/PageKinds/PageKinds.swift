/// The page kinds every build writes, in this order (see ``PageKind``).
enum PageKinds {
    static let registered: [any PageKind] = [CategoryPages(), TagPages(), TagIndexPages()]
}
