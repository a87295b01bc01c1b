/// From this gallery width upwards (until the next breakpoint), use this many columns.
public struct Breakpoint: Sendable, Hashable {
    /// The smallest gallery width (CSS px, the container's inner width) this breakpoint serves.
    public var minimumWidth: Double
    /// The number of columns at this breakpoint.
    public var columns: Int

    /// Creates a breakpoint.
    public init(minimumWidth: Double, columns: Int) {
        self.minimumWidth = minimumWidth
        self.columns = columns
    }
}
