/// Why an `Exec` value (or a path meant for one) was refused.
public enum ExecLineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The executable path given to `register` is not absolute.
    case relativeExecutable(path: String)
    /// The executable path contains a byte no `Exec` line can carry (a control character, or `=`,
    /// which the specification forbids in the program's path), at `offset`.
    case unrepresentableExecutable(path: String, offset: Int, reason: String)
    /// An `Exec` value with a `"` that is never closed; `offset` is the opening quote's
    /// (in the unescaped value).
    case unterminatedQuote(exec: String, offset: Int)
    /// An `Exec` value with a `%` followed by a character that is not a field code.
    case unknownFieldCode(exec: String, offset: Int, code: String)
    /// An empty `Exec` value.
    case empty

    /// What is wrong and where.
    public var description: String {
        switch self {
        case .relativeExecutable(let path):
            "the executable '\(path)' is not an absolute path: give the full path, e.g. /usr/local/bin/todolist"
        case .unrepresentableExecutable(let path, let offset, let reason):
            "the executable '\(path)' cannot be written in a desktop file: \(reason) at byte \(offset)"
        case .unterminatedQuote(let exec, let offset):
            "Exec=\(exec): the quote at byte \(offset) is never closed"
        case .unknownFieldCode(let exec, let offset, let code):
            "Exec=\(exec): '%\(code)' at byte \(offset) is not a field code of the Desktop Entry specification (write '%%' for a literal '%')"
        case .empty:
            "Exec is empty"
        }
    }
}
