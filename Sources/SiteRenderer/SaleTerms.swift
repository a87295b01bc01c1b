/// What a photo's product or variant costs and whether it can be bought: the part of a
/// ``SitePhoto`` that differs between the variants of one product.
public struct SaleTerms: Sendable, Hashable {
    public var price: String?
    public var compareAtPrice: String?
    public var availability: Availability?
    public var offer: Offer?

    public init(of photo: SitePhoto) {
        price = photo.price
        compareAtPrice = photo.compareAtPrice
        availability = photo.availability
        offer = photo.offer
    }

    var isUnavailable: Bool { availability?.isUnavailable ?? false }
}

extension SitePhoto {
    /// The card of a product whose cover shows a variant that cannot be bought (the small print
    /// sold out) while another can: the card and the page's heading offer the first variant that
    /// can, in the product's photo order, so a shopper is not told the whole product is sold out.
    /// The cover's own terms stay in ``coverTerms`` for the product page's list of variants and
    /// its structured data. Any other photo is returned as it is.
    public func listingAvailableVariant() -> SitePhoto {
        guard variant != nil, isUnavailable,
            let offered = productPhotos.first(where: {
                $0.variant != nil && $0.variant != variant && !$0.isUnavailable
            })
        else { return self }
        var card = self
        card.coverTerms = SaleTerms(of: self)
        card.setTerms(SaleTerms(of: offered))
        return card
    }

    /// The photo with its own variant's terms: the cover as its variant sells, whatever its card
    /// offers (see ``listingAvailableVariant()``).
    public var withOwnTerms: SitePhoto {
        guard let coverTerms else { return self }
        var photo = self
        photo.setTerms(coverTerms)
        photo.coverTerms = nil
        return photo
    }

    private mutating func setTerms(_ terms: SaleTerms) {
        price = terms.price
        compareAtPrice = terms.compareAtPrice
        availability = terms.availability
        offer = terms.offer
    }
}
