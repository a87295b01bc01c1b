import MasonryLayout

/// The engine's linear lengths as CSS. One gallery width W is `100cqw` inside the
/// `container-type: inline-size` gallery, so `a·W + b` is `calc(<100a>cqw + <b>px)`.
enum CSSText {
    /// Decimal places: cqw coefficients multiply widths up to ~25.6 px per unit, so 5 places keep
    /// the error far below a device pixel; px constants need 3.
    static let cqwDecimals = 5
    static let pxDecimals = 3

    static func length(_ length: LinearLength) -> String {
        let cqw = NumberText.decimal(length.perGalleryWidth * 100, decimals: cqwDecimals)
        let px = NumberText.decimal(length.constant, decimals: pxDecimals)
        if cqw == "0" { return px + "px" }
        if px == "0" { return cqw + "cqw" }
        if px.hasPrefix("-") { return "calc(\(cqw)cqw - \(px.dropFirst())px)" }
        return "calc(\(cqw)cqw + \(px)px)"
    }

    /// `max(a, b, …) + extra` as CSS; `max()` appears only when there is more than one term.
    static func maximum(_ terms: [LinearLength], plus extra: Double) -> String {
        var unique: [LinearLength] = []
        for term in terms where !unique.contains(term) { unique.append(term) }
        let extraText = NumberText.decimal(extra, decimals: pxDecimals)
        if unique.count == 1 { return length(unique[0] + extra) }
        let inner = "max(" + unique.map { length($0) }.joined(separator: ", ") + ")"
        if extraText == "0" { return inner }
        return extraText.hasPrefix("-") ? "calc(\(inner) - \(extraText.dropFirst())px)" : "calc(\(inner) + \(extraText)px)"
    }

    static func px(_ value: Double) -> String {
        NumberText.decimal(value, decimals: pxDecimals) + "px"
    }
}
