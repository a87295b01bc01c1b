import CProcessFittings

/// The switch of the process fittings: tricks that make the process faster without changing
/// what it writes (the thread start of the scanner's workers, the huge-page restart of `build`).
/// Each is described, with its measured gain, in `Sources/ProcessFittings/README.md`.
///
/// `WATERFALL_SITE_NO_FITTINGS=1` turns all of them off, to rule them out when something
/// misbehaves or to measure what they gain; the site and every report stay byte for byte the
/// same.
public enum ProcessFittings {
    /// The environment variable that turns every fitting off (set to anything but empty or "0").
    public static let switchVariable = WFS_NO_FITTINGS_VARIABLE

    /// Whether the fittings are on; read from the environment at each call.
    public static var areOn: Bool { wfs_fittings_on() }
}
