/// Why `RegularFile/read(_:limit:followSymbolicLinks:)` refused or failed to read a file.
public enum FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `open`, `fstat` or `read` failed.
    case system(SystemError)
    /// The path names a FIFO, a device, a directory or a socket: reading it could block forever or
    /// never end, so it is refused before the first read.
    case notRegularFile(path: String, kind: FileKind)
    /// The file holds more than `limit` bytes.
    case tooLarge(path: String, limit: Int)

    /// The path the error is about.
    public var path: String {
        switch self {
        case .system(let error): error.path ?? ""
        case .notRegularFile(let path, _), .tooLarge(let path, _): path
        }
    }

    /// Why, without the path: `No such file or directory`, `a FIFO, not a regular file`, ….
    public var reason: String {
        switch self {
        case .system(let error): error.reason
        case .notRegularFile(_, let kind): "\(kind), not a regular file"
        case .tooLarge(_, let limit): "larger than \(limit) bytes"
        }
    }

    /// `open(/tmp/x.json): No such file or directory`, `/tmp/x.json: a FIFO, not a regular file`.
    public var description: String {
        switch self {
        case .system(let error): error.description
        case .notRegularFile, .tooLarge: "\(path): \(reason)"
        }
    }
}
