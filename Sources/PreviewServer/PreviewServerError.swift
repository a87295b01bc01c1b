/// Why a ``PreviewServer`` could not start.
public struct PreviewServerError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
