/// Counts the lines a text wraps to at a width, at build time, from the advance widths of DejaVu
/// Sans (``TextWidths``), so the caption bands and section bands can be as tall as their text.
///
/// Why this face: the theme's stack (`system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica
/// Neue", Arial, sans-serif`) ends in DejaVu Sans on most Linux systems, and DejaVu Sans is wider
/// than the faces the stack names first, so where one of those is used the text takes at most
/// the lines counted here (a band may then hold a spare line). Kerning is left out, which only
/// widens the estimate. A character the table lacks (CJK, emoji, other scripts) is taken as one
/// em wide, the widest a common glyph is.
///
/// The wrapping is CSS's for `overflow-wrap: anywhere`: a line breaks at a space, after a hyphen
/// or dash, and around a CJK ideograph, never at a no-break space; a word wider than a whole
/// line is broken between any characters. Runs of white space (tabs and line breaks too) are
/// one space, as in HTML.
public struct TextMeasure: Sendable, Hashable {
    /// The font size, CSS px.
    public let fontSize: Double
    /// Whether the text is bold (the theme's weights 600 and 650 render with the bold face).
    public let bold: Bool

    /// A measure for text at `fontSize` px, bold or not.
    public init(fontSize: Double, bold: Bool) {
        self.fontSize = fontSize
        self.bold = bold
    }

    /// The width of `text` on one line, px.
    public func width(_ text: some StringProtocol) -> Double {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The lines `text` takes in a box `boxWidth` px wide: 0 for empty text (or only white
    /// space), at least 1 otherwise. `unbreakable`, when above 0, is the width of a box that
    /// follows the text after a space and never wraps inside (a section's count beside its
    /// title, in its own type).
    public func lines(_ text: String, boxWidth: Double, unbreakable: Double = 0) -> Int {
        measured(text, unbreakable: unbreakable).lines(boxWidth: boxWidth)
    }

    /// `text` cut where a line may break and each piece measured, once, for its lines at any
    /// number of widths (see ``lines(_:boxWidth:unbreakable:)``).
    public func measured(_ text: String, unbreakable: Double = 0) -> Measured {
        var pieces = Self.pieces(text).map { piece in
            var piece = piece
            piece.width = width(piece.word)
            return piece
        }
        if unbreakable > 0 {
            if !pieces.isEmpty { pieces[pieces.count - 1].spaceAfter = true }
            pieces.append(Piece(word: "", spaceAfter: false, width: unbreakable, breaks: false))
        }
        return Measured(measure: self, pieces: pieces, spaceWidth: width(of: " "))
    }

    /// A text measured at this font: its lines at any width.
    public struct Measured: Sendable {
        let measure: TextMeasure
        let pieces: [Piece]
        let spaceWidth: Double

        /// The lines the text takes in a box `boxWidth` px wide.
        public func lines(boxWidth: Double) -> Int {
            var lines = 0
            var lineWidth = 0.0
            // The space before the next word, if the line goes on.
            var pendingSpace = 0.0
            for piece in pieces {
                if lines > 0 && lineWidth + pendingSpace + piece.width <= boxWidth {
                    lineWidth += pendingSpace + piece.width
                } else if piece.width <= boxWidth || !piece.breaks {
                    lines += 1
                    lineWidth = piece.width
                } else {
                    // Too wide for any line: broken between characters, each line filled.
                    lines += 1
                    lineWidth = 0
                    for character in piece.word {
                        let characterWidth = measure.width(of: character)
                        if lineWidth > 0 && lineWidth + characterWidth > boxWidth {
                            lines += 1
                            lineWidth = 0
                        }
                        lineWidth += characterWidth
                    }
                }
                pendingSpace = piece.spaceAfter ? spaceWidth : 0
            }
            return lines
        }
    }

    /// One character's advance, px.
    func width(of character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return Double(Self.units(scalar.value, bold: bold)) / TextWidths.unitsPerEm * fontSize
    }
}

extension TextMeasure {
    /// A word and whether a space follows it: the units a line breaks between.
    struct Piece: Sendable {
        var word: Substring
        var spaceAfter: Bool
        /// The word's width on a line, px.
        var width = 0.0
        /// Whether the word may be broken between characters when no line holds it (not the
        /// box that stands for a section's count).
        var breaks = true
    }

    /// `text` cut at its break opportunities (see the type's documentation).
    static func pieces(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var start = text.startIndex
        var index = text.startIndex
        func cut(at end: String.Index, spaceAfter: Bool) {
            if start < end {
                pieces.append(Piece(word: text[start..<end], spaceAfter: spaceAfter))
            } else if spaceAfter, !pieces.isEmpty {
                pieces[pieces.count - 1].spaceAfter = true
            }
        }
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isWhitespace && !isNoBreakSpace(character) {
                cut(at: index, spaceAfter: true)
                start = next
            } else if breaksAfter(character) {
                cut(at: next, spaceAfter: false)
                start = next
            } else if isIdeograph(character) {
                cut(at: index, spaceAfter: false)
                start = index
                cut(at: next, spaceAfter: false)
                start = next
            }
            index = next
        }
        cut(at: text.endIndex, spaceAfter: false)
        return pieces
    }

    /// A space a line never breaks at (no-break, figure and narrow no-break spaces): part of
    /// its word, as "50\u{A0}cm" is one.
    static func isNoBreakSpace(_ character: Character) -> Bool {
        character == "\u{A0}" || character == "\u{2007}" || character == "\u{202F}"
    }

    /// A hyphen or dash: a line may break after it.
    static func breaksAfter(_ character: Character) -> Bool {
        character == "-" || character == "\u{2013}" || character == "\u{2014}"
    }

    /// A CJK character: a line may break before and after it.
    static func isIdeograph(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(value) || (0xAC00...0xD7AF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFFEF).contains(value)
    }

    /// A code point's advance in font units: from the table, else one em.
    static func units(_ value: UInt32, bold: Bool) -> UInt16 {
        let em = UInt16(TextWidths.unitsPerEm)
        if value >= TextWidths.first {
            let index = Int(value - TextWidths.first)
            let table = bold ? TextWidths.bold : TextWidths.regular
            if index < table.count {
                let units = table[index]
                return units > 0 ? units : em
            }
        }
        if let extra = TextWidths.extra[value] { return bold ? extra.bold : extra.regular }
        return em
    }
}
