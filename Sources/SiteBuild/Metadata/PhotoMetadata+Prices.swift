import SiteRenderer

extension PhotoMetadata {
    /// Reads every photo's price as an amount and a currency (the photo's `currency`, else
    /// `currency`) for its structured data, and shows a bare amount (`24.50`) as `language`
    /// writes prices. Returns the photos whose price has no amount or no known currency, sorted:
    /// they are shown as written, without structured data.
    mutating func resolvePrices(currency: String?, language: String) -> [String] {
        var unreadable: [String] = []
        for (path, entry) in photos {
            guard let price = entry.price else { continue }
            var resolved = entry
            resolved.offer = PriceText.offer(price, currency: entry.currency ?? currency)
            if let offer = resolved.offer, PriceText.isBareAmount(price) {
                resolved.price = PriceText.display(offer, language: language)
            }
            if resolved.offer == nil { unreadable.append(path) }
            photos[path] = resolved
        }
        return unreadable.sorted()
    }
}
