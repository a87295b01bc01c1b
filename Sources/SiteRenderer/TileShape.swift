/// The shape a photo's tile takes in the gallery when the photo is too tall or too wide for a
/// card (`--max-tall`, `--max-wide`): the tile is cropped to it (`object-fit: cover` around the
/// photo's focus), the layout places the tile at this shape, and the item page still shows the
/// whole photo. A 1:5 scarf would otherwise be a tile five columns tall, and a 6:1 print a
/// sliver a few px high on a phone.
public struct TileShape: Sendable, Hashable {
    /// The tile's shape in the photo's pixels: one side is the photo's own, the other cut.
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The tile's shape for a `width` × `height` photo: at most `maxTall` times as tall as wide
    /// and `maxWide` times as wide as tall (0 turns a cap off); nil when the photo fits both,
    /// so it keeps its own shape. The cut side is rounded to whole pixels of the photo, and is
    /// never below 1; a photo off a cap by a pixel of rounding (a 3:1 panorama exported at
    /// 1,600 × 533) keeps its own shape rather than lose one pixel. Should the caps contradict each other (`maxTall` below 1 ÷ `maxWide`), a
    /// wide photo keeps its own shape rather than be cut into a tile taller than `maxTall`.
    public static func capped(width: Int, height: Int, maxTall: Double, maxWide: Double)
        -> TileShape?
    {
        guard width > 0, height > 0 else { return nil }
        let tall = Double(height) / Double(width)
        if maxTall > 0, tall > maxTall {
            let cut = max(1, Int((Double(width) * maxTall).rounded()))
            return cut < height - 1 ? TileShape(width: width, height: cut) : nil
        }
        if maxWide > 0, 1 / tall > maxWide {
            let cut = max(1, Int((Double(height) * maxWide).rounded()))
            guard cut < width - 1 else { return nil }
            if maxTall > 0, Double(height) / Double(cut) > maxTall { return nil }
            return TileShape(width: cut, height: height)
        }
        return nil
    }

    /// How many times wider than its tile the photo is shown when cropped to this shape (1 for a
    /// photo cut at the top and bottom): `object-fit: cover` scales a photo cut at the sides to
    /// the tile's height, so its file must be that much wider than the tile to stay sharp.
    public func widening(photoWidth: Int, photoHeight: Int) -> Double {
        let photo = Double(photoWidth) / Double(photoHeight)
        let tile = Double(width) / Double(height)
        return max(1, photo / tile)
    }

    /// A `sizes` attribute whose every length is `factor` times as long: the widths a tile
    /// cropped at the sides needs its file to be (``widening(photoWidth:photoHeight:)``).
    /// `sizes` is a list of `(media condition) length` entries, the last without a condition.
    public static func widened(_ sizes: String, by factor: Double) -> String {
        guard factor > 1 else { return sizes }
        // Rounded up, so the browser never picks a file narrower than the photo is shown.
        let scale = NumberText.decimal((factor * 1000).rounded(.up) / 1000, decimals: 3)
        return sizes.split(separator: ", ").map { entry -> String in
            var condition = ""
            var length = Substring(entry)
            if entry.hasPrefix("("), let close = entry.firstIndex(of: ")") {
                condition = String(entry[...close]) + " "
                length = entry[entry.index(after: close)...].drop { $0 == " " }
            }
            return condition + "calc(\(length) * \(scale))"
        }.joined(separator: ", ")
    }
}
