/// What a product's variants differ in, read from their names, for the `variesBy` of its
/// structured data: the structured data states only what is true, so a set of names that is
/// not all sizes or all colours says nothing.
public enum ProductVariants {
    /// `https://schema.org/size` when every name is a size ("S", "XL", "Large", "A4",
    /// "50 cm", "30 × 40 cm"), `https://schema.org/color` when every name holds a colour word
    /// ("Blue", "Dusty rose"), else nil.
    public static func variesBy(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        if names.allSatisfy(isSize) { return "https://schema.org/size" }
        if names.allSatisfy(hasColourWord) { return "https://schema.org/color" }
        return nil
    }

    static let sizeWords: Set<String> = [
        "xxs", "xs", "s", "m", "l", "xl", "xxl", "xxxl", "2xl", "3xl", "small", "medium", "large",
        "extra large", "extra small", "one size", "a0", "a1", "a2", "a3", "a4", "a5", "a6",
    ]

    static let colourWords: Set<String> = [
        "black", "white", "grey", "gray", "silver", "red", "rust", "orange", "yellow", "gold",
        "green", "olive", "teal", "turquoise", "blue", "navy", "indigo", "purple", "violet",
        "lilac", "pink", "rose", "brown", "beige", "cream", "ivory", "tan", "sand", "terracotta",
        "ochre", "mustard", "sage", "mint", "coral", "burgundy", "charcoal", "natural",
    ]

    static func isSize(_ name: String) -> Bool {
        let lower = name.lowercased().trimmingSpaces
        if sizeWords.contains(lower) { return true }
        // A measurement: digits (× digits …) and a unit of length or volume.
        let units = ["mm", "cm", "m", "in", "inch", "\"", "ml", "cl", "l", "oz"]
        var rest = Substring(lower)
        guard let unit = units.first(where: { rest.hasSuffix($0) }) else { return false }
        rest = rest.dropLast(unit.count)
        let allowed = Set("0123456789., ×x")
        return !rest.isEmpty && rest.contains(where: \.isNumber)
            && rest.allSatisfy(allowed.contains)
    }

    static func hasColourWord(_ name: String) -> Bool {
        name.lowercased().split(whereSeparator: { !$0.isLetter }).contains {
            colourWords.contains(String($0))
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
