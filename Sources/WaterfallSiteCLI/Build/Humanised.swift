/// Names for people made from file and folder names: `blue-bowl_2.jpg` → "Blue bowl 2",
/// `Travel/japan_2019` → "Travel / Japan 2019".
enum Humanised {
    static func fileName(_ path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? Substring(path))
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return words(name)
    }

    static func folder(_ path: String) -> String {
        path.split(separator: "/").map { words($0) }.joined(separator: " / ")
    }

    static func words(_ text: Substring) -> String {
        var result = ""
        for character in text {
            let isSeparator = character == "-" || character == "_" || character == " " || character == "."
            if isSeparator {
                if !result.isEmpty && !result.hasSuffix(" ") { result.append(" ") }
            } else {
                result.append(character)
            }
        }
        while result.hasSuffix(" ") { result.removeLast() }
        guard let first = result.first else { return String(text) }
        return first.uppercased() + result.dropFirst()
    }
}
