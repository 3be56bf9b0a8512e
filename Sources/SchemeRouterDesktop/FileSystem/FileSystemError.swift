/// A file-system call that failed while reading or writing the desktop database.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, e.g. `open` or `rename`.
    public let call: String
    /// The path it was about.
    public let path: String
    /// The `errno` it set.
    public let errno: Int32
    /// The system's sentence for ``errno``.
    public let reason: String

    /// Describes a failed call.
    public init(call: String, path: String, errno: Int32, reason: String) {
        self.call = call
        self.path = path
        self.errno = errno
        self.reason = reason
    }

    /// `rename(/home/u/.config/mimeapps.list): Permission denied`.
    public var description: String { "\(call)(\(path)): \(reason)" }
}
