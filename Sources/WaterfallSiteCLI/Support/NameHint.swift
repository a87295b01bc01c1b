import SiteBuild

/// The "did you mean" part of a message about a misspelt name (see ``Suggestion``).
enum NameHint {
    /// " (did you mean 'NAME'?)" for the known name nearest to `given`, or "" when none is near.
    static func didYouMean(_ given: String, among known: [String]) -> String {
        Suggestion.nearest(to: given, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
