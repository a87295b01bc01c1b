import SiteRenderer

extension PhotoMetadata {
    /// What ``resolvePrices(currency:language:)`` found wrong with the prices, by photo path.
    struct PriceProblems {
        /// Photos whose price has no amount or no known currency: shown as written, without
        /// structured data (a warning).
        var unreadable: [String] = []
        /// Photos whose `compareAtPrice` cannot be a sale's price before (an error): what is
        /// wrong, in words.
        var badSales: [(path: String, problem: String)] = []
    }

    /// Reads every photo's price as an amount and a currency (the photo's `currency`, else
    /// `currency`) for its structured data, and shows a bare amount (`24.50`) as `language`
    /// writes prices; the same for the price before a sale, which must be in the price's
    /// currency and higher than it, or the page would announce a sale that is not one.
    mutating func resolvePrices(currency: String?, language: String) -> PriceProblems {
        var problems = PriceProblems()
        for (path, entry) in photos {
            guard entry.price != nil || entry.compareAtPrice != nil else { continue }
            var resolved = entry
            if let price = entry.price {
                resolved.offer = PriceText.offer(price, currency: entry.currency ?? currency)
                if let offer = resolved.offer, PriceText.isBareAmount(price) {
                    resolved.price = PriceText.display(offer, language: language)
                }
                if resolved.offer == nil { problems.unreadable.append(path) }
            }
            if let compareAt = entry.compareAtPrice {
                switch Self.compareAtOffer(compareAt, of: entry, currency: currency) {
                case .success(let offer):
                    resolved.compareAtOffer = offer
                    if let offer, PriceText.isBareAmount(compareAt) {
                        resolved.compareAtPrice = PriceText.display(offer, language: language)
                    }
                case .failure(let problem):
                    problems.badSales.append((path, problem.description))
                }
            }
            photos[path] = resolved
        }
        problems.unreadable.sort()
        problems.badSales.sort { $0.path < $1.path }
        return problems
    }

    /// A reason a compare-at price is refused.
    struct SaleProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// `compareAt` as an amount in the currency of the entry's price, or nil when no currency
    /// is known (both then show as written); a failure when there is no price, the two name
    /// different currencies, or it is not more than the price.
    private static func compareAtOffer(_ compareAt: String, of entry: Entry, currency: String?)
        -> Result<Offer?, SaleProblem>
    {
        guard let price = entry.price else {
            return .failure(
                SaleProblem(
                    description:
                        "has a compareAtPrice but no price: give the price now as \"price\"")
            )
        }
        guard let now = PriceText.amountAndCurrency(price),
            let before = PriceText.amountAndCurrency(compareAt)
        else {
            return .failure(
                SaleProblem(
                    description:
                        "compareAtPrice '\(compareAt)' or price '\(price)' has no amount to compare; write both like \"€30\" and \"€24\""
                ))
        }
        let fallback = entry.currency ?? currency
        let nowCurrency = now.currency ?? fallback
        let beforeCurrency = before.currency ?? nowCurrency
        if let nowCurrency, let beforeCurrency, nowCurrency != beforeCurrency {
            return .failure(
                SaleProblem(
                    description:
                        "compareAtPrice '\(compareAt)' is in \(beforeCurrency), the price '\(price)' in \(nowCurrency); give both in one currency"
                ))
        }
        guard let was = Double(before.amount), let isNow = Double(now.amount), was > isNow else {
            return .failure(
                SaleProblem(
                    description:
                        "compareAtPrice '\(compareAt)' is not more than the price '\(price)', so it is no sale; the price before the sale goes in compareAtPrice, the price now in price"
                ))
        }
        return .success(beforeCurrency.map { Offer(amount: before.amount, currency: $0) })
    }
}
