/// One value of preserved state. Small and plain on purpose: the archive holds where the user
/// was, never the app's data.
public enum RestorableValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// A list of strings.
    case strings([String])
}
