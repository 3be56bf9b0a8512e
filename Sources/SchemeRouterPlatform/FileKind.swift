internal import Glibc

/// What kind of file a descriptor or path names, as `fstat`/`stat` reports it.
public enum FileKind: Sendable, Hashable, CustomStringConvertible {
    case regular
    case directory
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case symbolicLink

    /// The kind for a `st_mode` value.
    package init(mode: UInt32) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .symbolicLink
        }
    }

    /// `a FIFO`, `a directory`, … for messages such as "is a FIFO, not a regular file".
    public var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        }
    }
}
