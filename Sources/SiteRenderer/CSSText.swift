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

    /// `max(a, b, …) + extra` as CSS for gallery widths in `widths`; `max()` appears only when more
    /// than one term can be the largest there.
    static func maximum(
        _ terms: [LinearLength], plus extra: Double, over widths: ClosedRange<Double>
    ) -> String {
        let kept = undominated(terms, over: widths)
        let extraText = NumberText.decimal(extra, decimals: pxDecimals)
        if kept.count == 1 { return length(kept[0] + extra) }
        let inner = "max(" + kept.map { length($0) }.joined(separator: ", ") + ")"
        if extraText == "0" { return inner }
        return extraText.hasPrefix("-")
            ? "calc(\(inner) - \(extraText.dropFirst())px)" : "calc(\(inner) + \(extraText)px)"
    }

    /// The terms that are the largest somewhere in `widths`, in their original order. A linear
    /// term that another matches or exceeds at both ends of the range is never the largest inside
    /// it; an upper end of infinity compares slopes.
    static func undominated(_ terms: [LinearLength], over widths: ClosedRange<Double>)
        -> [LinearLength]
    {
        func value(_ term: LinearLength, _ width: Double) -> Double {
            width.isInfinite ? term.perGalleryWidth : term.value(atGalleryWidth: width)
        }
        var kept: [LinearLength] = []
        for (index, term) in terms.enumerated() where !kept.contains(term) {
            let dominated = terms.enumerated().contains { other in
                guard other.offset != index, other.element != term else { return false }
                let lowerOK =
                    value(other.element, widths.lowerBound) >= value(term, widths.lowerBound)
                let upperOK =
                    value(other.element, widths.upperBound) >= value(term, widths.upperBound)
                // Of two terms equal at both ends, keep the first.
                let equal =
                    value(other.element, widths.lowerBound) == value(term, widths.lowerBound)
                    && value(other.element, widths.upperBound) == value(term, widths.upperBound)
                return lowerOK && upperOK && (!equal || other.offset < index)
            }
            if !dominated { kept.append(term) }
        }
        return kept.isEmpty ? Array(terms.prefix(1)) : kept
    }

    static func px(_ value: Double) -> String {
        NumberText.decimal(value, decimals: pxDecimals) + "px"
    }
}
