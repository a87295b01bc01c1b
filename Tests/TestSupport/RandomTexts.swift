/// Texts for the tests that hold a fast byte-wise function to its plain character-wise one.
public enum RandomTexts {
    /// `fixed`, then `count` texts of 0 to `maximumLength` characters drawn from `alphabet`.
    public static func make(
        _ fixed: [String], count: Int, maximumLength: Int, from alphabet: [Character]
    ) -> [String] {
        var generator = SystemRandomNumberGenerator()
        return fixed
            + (0..<count).map { _ in
                String(
                    (0..<Int.random(in: 0...maximumLength, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
            }
    }
}
