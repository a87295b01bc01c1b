import Foundation

/// Decompression bombs for the tests of the codec-size checks and the decode memory budget,
/// made here rather than kept as files: each is a few bytes that a decoder would turn into
/// hundreds of megabytes.
public enum DecodeBombs {
    /// libvips' `17000x17000.avif` (../shared/corpora/formats/avif/libvips, 1,340 bytes: a
    /// 17000×17000 AV1 frame of one colour) with its `ispe` rewritten to say 100×100. libheif
    /// allocates the AV1 frame, about 2 GB with its RGB output, whatever `ispe` claims.
    public static var ispeClaimingSmall: Data {
        Data(base64Encoded: ispeClaimingSmallBase64)!
    }

    /// A lossless WebP of `side` × `side` pixels in 28 bytes: no transform, no colour cache, and
    /// five prefix codes of one symbol each, so no pixel takes a bit; libwebp allocates its
    /// ARGB frame and the output (8 bytes a pixel) to decode it. `variant` (0...3) picks the
    /// symbols of the alpha and distance codes, so bombs can differ in content.
    public static func webp(side: UInt32, variant: UInt8 = 0) -> Data {
        let fields = (side - 1) | (side - 1) << 14
        // Bit 22 is the distance code's symbol, bit 18 the alpha code's (LSB first).
        let codes: [UInt8] = [0x88, 0x88, 0x08 | (variant & 1) << 6 | (variant & 2) << 1]
        let data: [UInt8] = [0x2F] + withUnsafeBytes(of: fields.littleEndian, Array.init) + codes
        let chunk =
            Array("VP8L".utf8) + withUnsafeBytes(of: UInt32(data.count).littleEndian, Array.init)
            + data
        return Data(
            Array("RIFF".utf8)
                + withUnsafeBytes(of: UInt32(chunk.count + 4).littleEndian, Array.init)
                + Array("WEBP".utf8) + chunk)
    }

    static let ispeClaimingSmallBase64 =
        "AAAAHGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZgAAAPBtZXRhAAAAAAAAAChoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA"
        + "bGliYXZpZgAAAAAOcGl0bQAAAAAAAQAAAB5pbG9jAAAAAEQAAAEAAQAAAAEAAAEUAAAEKAAAAChpaW5mAAAAAAABAAAAGmlu"
        + "ZmUCAAAAAAEAAGF2MDFDb2xvcgAAAABoaXBycAAAAElpcGNvAAAAFGlzcGUAAAAAAAAAZAAAAGQAAAAOcGl4aQAAAAABCAAA"
        + "AAxhdjFDgR8cAAAAABNjb2xybmNseAABAA0ABoAAAAAXaXBtYQAAAAAAAAABAAEEAQKDBAAABDBtZGF0EgAKCx/7oTPCZ+WA"
        + "hoNQMpYIEAf4AACIAB8A+Xz61jYPx/ag8aHFZTaAvyLc8U/tNzTUFDgDQ8TnYB8A+Xz61jYPx/ag8aHFZTaAvyLc8U/tNzTU"
        + "FDgDQ8TnYB8A+Xz61jYPx/ag8aHFZTaAvyLc8U/tNzTUFDgDQ8TnYB8A+Xz61jYPx/ag8aHFZTaAvyLc8U/tNzTUFDgDQ8Tn"
        + "YB8A+Xz61jYPx/ag8aHFZTaAvyLc8U/tNzTUFDgDQ8TnYB8A+Xz61jYPx/ag8aHFZTaAvyLc8U/tNzTUFDgDQ8TnYB8A+Xz6"
        + "1jYPx/ag8aHFZTaAvyLc8U/tNzTUFDgDQ8TnYB0A+Xz61jYPx/aXZUPC87aAvyLc8U/tNzTUFDgDQ7AfAPl8+tY2D8f2oPGh"
        + "xWU2gL8i3PFP7Tc01BQ4A0PE52AfAPl8+tY2D8f2oPGhxWU2gL8i3PFP7Tc01BQ4A0PE52AfAPl8+tY2D8f2oPGhxWU2gL8i"
        + "3PFP7Tc01BQ4A0PE52AfAPl8+tY2D8f2oPGhxWU2gL8i3PFP7Tc01BQ4A0PE52AfAPl8+tY2D8f2oPGhxWU2gL8i3PFP7Tc0"
        + "1BQ4A0PE52AfAPl8+tY2D8f2oPGhxWU2gL8i3PFP7Tc01BQ4A0PE52AfAPl8+tY2D8f2oPGhxWU2gL8i3PFP7Tc01BQ4A0PE"
        + "52AdAPl8+tY2D8f2l2VDwvO2gL8i3PFP7Tc01BQ4A0OwHwD5fPrWNg/H9qDxocVlNoC/ItzxT+03NNQUOANDxOdgHwD5fPrW"
        + "Ng/H9qDxocVlNoC/ItzxT+03NNQUOANDxOdgHwD5fPrWNg/H9qDxocVlNoC/ItzxT+03NNQUOANDxOdgHwD5fPrWNg/H9qDx"
        + "ocVlNoC/ItzxT+03NNQUOANDxOdgHwD5fPrWNg/H9qDxocVlNoC/ItzxT+03NNQUOANDxOdgHwD5fPrWNg/H9qDxocVlNoC/"
        + "ItzxT+03NNQUOANDxOdgHwD5fPrWNg/H9qDxocVlNoC/ItzxT+03NNQUOANDxOdgHQD5fPrWNg/H9pdlQ8LztoC/ItzxT+03"
        + "NNQUOANDsB4A+Xz61jYPx/ag8aHFZTaAvyLc8U/tNzTUFDgDQ8TgHgD5fPrWNg/H9qDxocVlNoC/ItzxT+03NNQUOANDxOAe"
        + "APl8+tY2D8f2oPGhxWU2gL8i3PFP7Tc01BQ4A0PE4B4A+Xz61jYPx/ag8aHFZTaAvyLc8U/tNzTUFDgDQ8TgHgD5fPrWNg/H"
        + "9qDxocVlNoC/ItzxT+03NNQUOANDxOAeAPl8+tY2D8f2oPGhxWU2gL8i3PFP7Tc01BQ4A0PE4B4A+Xz61jYPx/ag8aHFZTaA"
        + "vyLc8U/tNzTUFDgDQ8TgAPl8+tY2D8f2l2VDwvO2gL8i3PFP7Tc01BQ4Azg="
}
