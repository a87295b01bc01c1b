/// The program's version: `--version` prints it, and pages rendered by another version are
/// never kept.
public enum ProgramVersion {
    public static let current = "0.1.0"
}
