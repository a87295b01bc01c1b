#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The switch of the process fittings: speed tricks that change how the process does its work,
/// never what it writes. Each is described, with its measured gain and the command that
/// measures it, in `Sources/ProcessFittings/README.md`.
///
/// `WATERFALL_SITE_NO_FITTINGS=1` turns all of them off, to rule them out when something
/// misbehaves or to measure what they gain; the site and every report stay byte for byte the
/// same.
public enum ProcessFittings {
    /// The environment variable that turns every fitting off (set to anything but empty or "0").
    public static let switchVariable = "WATERFALL_SITE_NO_FITTINGS"

    /// Whether the fittings are on; read from the environment at each call (a `getenv`), so
    /// callers ask once per piece of work, not per item.
    public static var areOn: Bool {
        isOn(switchValue: getenv(switchVariable).map { String(cString: $0) })
    }

    /// Whether a switch set to `switchValue` (nil when unset) leaves the fittings on.
    public static func isOn(switchValue: String?) -> Bool {
        guard let switchValue else { return true }
        return switchValue.isEmpty || switchValue == "0"
    }
}
