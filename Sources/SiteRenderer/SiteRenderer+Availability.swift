extension SiteRenderer {
    /// The template values a card and an item page share for the product's state and sale:
    /// `soldOut` (the words of an unavailable state, which also dims the card), `availability`
    /// (the words of a state that can still be ordered: pre-order, made to order, …),
    /// `unavailable`, `compareAt` (the price before the sale) and `priceWas` (the words a
    /// screen reader says before it, as a strike-through alone says nothing).
    func availabilityValues(_ photo: SitePhoto, into values: inout [String: TemplateValue]) {
        let words = photo.availability?.wordsKey.map { strings[$0] } ?? ""
        values["soldOut"] = .text(photo.isUnavailable ? words : "")
        values["availability"] = .text(photo.isUnavailable ? "" : words)
        values["unavailable"] = .text(photo.isUnavailable ? "yes" : "")
        values["compareAt"] = .text(photo.price == nil ? "" : photo.compareAtPrice ?? "")
        values["priceWas"] = .text(strings["priceWas"])
    }

    /// The item page's button to the product link: an invitation to buy while it can be bought
    /// (the `--call-to-action`, or "Pre-order in the shop"), and what the state is when it
    /// cannot ("Sold out: see it in the shop").
    func callToAction(_ photo: SitePhoto) -> String {
        guard let availability = photo.availability else { return strings["callToAction"] }
        if availability.isUnavailable, let key = availability.wordsKey {
            return strings["callToActionUnavailable"].replacing("{state}", with: strings[key])
        }
        return availability == .preOrder ? strings["callToActionPreOrder"] : strings["callToAction"]
    }
}
