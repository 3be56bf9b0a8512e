/// Why the XDG base directories could not be worked out.
public enum XDGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `HOME` is unset, empty or relative, and `variable` (which defaults to a path under it)
    /// is not set to an absolute path either.
    case noHome(variable: String)

    /// `XDG_DATA_HOME is not set and HOME is unset or not absolute: set one of them`.
    public var description: String {
        switch self {
        case .noHome(let variable):
            "\(variable) is not set to an absolute path and HOME is unset or not absolute: set one of them"
        }
    }
}
