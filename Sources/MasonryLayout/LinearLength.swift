/// A length that is a linear function of the gallery width W: `perGalleryWidth × W + constant`.
///
/// The emitter writes it as CSS `calc(<perGalleryWidth × 100>cqw + <constant>px)` inside a
/// `container-type: inline-size` gallery, so the page is exact at every width of a range.
public struct LinearLength: Sendable, Hashable {
    /// Coefficient of the gallery width (1 means "100cqw").
    public var perGalleryWidth: Double
    /// The constant part, CSS px.
    public var constant: Double

    /// Creates `perGalleryWidth × W + constant`.
    public init(perGalleryWidth: Double, constant: Double) {
        self.perGalleryWidth = perGalleryWidth
        self.constant = constant
    }

    /// A length that does not depend on the gallery width.
    public init(constant: Double) {
        self.init(perGalleryWidth: 0, constant: constant)
    }

    /// Zero at every width.
    public static let zero = LinearLength(perGalleryWidth: 0, constant: 0)

    /// The length at gallery width `width`, computed as `perGalleryWidth × width + constant`
    /// (always in that order, so the result is bit-identical everywhere).
    @inlinable
    public func value(atGalleryWidth width: Double) -> Double {
        perGalleryWidth * width + constant
    }

    /// The sum of two linear lengths (coefficient-wise).
    @inlinable
    public static func + (lhs: LinearLength, rhs: LinearLength) -> LinearLength {
        LinearLength(
            perGalleryWidth: lhs.perGalleryWidth + rhs.perGalleryWidth,
            constant: lhs.constant + rhs.constant)
    }

    /// A linear length plus a constant number of px.
    @inlinable
    public static func + (lhs: LinearLength, rhs: Double) -> LinearLength {
        LinearLength(perGalleryWidth: lhs.perGalleryWidth, constant: lhs.constant + rhs)
    }

    /// The difference of two linear lengths (coefficient-wise).
    @inlinable
    public static func - (lhs: LinearLength, rhs: LinearLength) -> LinearLength {
        LinearLength(
            perGalleryWidth: lhs.perGalleryWidth - rhs.perGalleryWidth,
            constant: lhs.constant - rhs.constant)
    }

    /// A linear length scaled by a constant factor.
    @inlinable
    public static func * (lhs: Double, rhs: LinearLength) -> LinearLength {
        LinearLength(perGalleryWidth: lhs * rhs.perGalleryWidth, constant: lhs * rhs.constant)
    }
}
