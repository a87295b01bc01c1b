import SiteRenderer

/// A photo's `tags` field: comma-separated words in a CSV cell or a JSON string
/// (`"blue, stoneware"`), or a JSON array of strings. Each tag gets a page of its own (see
/// ``TagPages``); tags whose slugs are equal ("Blue", "blue ") are one tag, shown as first written.
enum TagList {
    /// The longest tag: a tag is a word or two for a menu and an address, not a sentence.
    static let maximumLength = 60

    /// The tags of `value`, trimmed, each once, in the order given.
    static func tags(_ value: JSONValue) throws(PhotoMetadata.FieldProblem) -> [String] {
        var words: [String]
        switch value {
        case .string(let text):
            words = text.split(separator: ",").map(String.init)
        case .array(let elements):
            words = []
            for element in elements {
                guard let text = element.string else {
                    throw PhotoMetadata.FieldProblem(
                        key: "tags",
                        problem: "must be a list of strings or one comma-separated string")
                }
                words.append(text)
            }
        default:
            throw PhotoMetadata.FieldProblem(
                key: "tags", problem: "must be a comma-separated string like \"blue, stoneware\"")
        }
        var tags: [String] = []
        var slugs: Set<String> = []
        for word in words {
            // Trimmed at its ends only: a shop's 100,000 rows of tags are read on every build.
            var trimmed = word[...]
            while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
            while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
            let tag = String(trimmed)
            guard !tag.isEmpty else { continue }
            guard tag.utf8.count <= maximumLength || tag.count <= maximumLength else {
                throw PhotoMetadata.FieldProblem(
                    key: "tags",
                    problem:
                        "'\(tag.prefix(20))…' is \(tag.count) characters long; a tag is at most \(maximumLength) (separate tags with commas)"
                )
            }
            if slugs.insert(SiteCollection.tagSlug(tag)).inserted { tags.append(tag) }
        }
        return tags
    }
}
