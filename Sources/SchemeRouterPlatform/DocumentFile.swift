// Both: in a compile batch with a file importing CSchemeRouterLinux, `struct stat` is found through it (MemberImportVisibility).
internal import CSchemeRouterLinux
internal import Glibc

/// The check a file passes before an app receives it as a document: it exists, resolves without
/// a loop, is a regular file and this process may read it. Nothing is opened: a FIFO or a device
/// is refused from its `stat` alone, so no check can block, and the file's contents are never read.
public enum DocumentFile {
    /// The canonical path of the document at the absolute `path`: every symbolic link, `.` and
    /// `..` resolved (`realpath`), then `stat` and `access(R_OK)` of the result.
    /// - Throws: ``DocumentFileError`` naming what is wrong.
    public static func resolve(_ path: String) throws(DocumentFileError) -> String {
        guard let resolved = realpath(path, nil) else {
            let code = Sys.errno
            switch code {
            case ENOENT:
                var info = stat()
                if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK { throw .missing(path: path, danglingLink: true) }
                throw .missing(path: path, danglingLink: false)
            case ENOTDIR: throw .missing(path: path, danglingLink: false)
            case ELOOP: throw .symbolicLinkLoop(path: path)
            case EACCES: throw .unreadable(path: path, searchDenied: true)
            default: throw .system(SystemError(errno: code, call: "realpath", path: path))
            }
        }
        let canonical = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(canonical, &info) == 0 else { throw .system(SystemError(errno: Sys.errno, call: "stat", path: canonical)) }
        let kind = FileKind(mode: UInt32(info.st_mode))
        guard kind == .regular else { throw .notRegularFile(path: path, kind: kind) }
        guard access(canonical, R_OK) == 0 else {
            let code = Sys.errno
            if code == EACCES || code == EPERM { throw .unreadable(path: path, searchDenied: false) }
            throw .system(SystemError(errno: code, call: "access", path: canonical))
        }
        return canonical
    }
}

/// Why a file cannot be handed to an app as a document (``DocumentFile/resolve(_:)``).
public enum DocumentFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file is there (or a symbolic link points nowhere, or a directory on the path is not one).
    case missing(path: String, danglingLink: Bool)
    /// A directory, FIFO, device or socket: never a document.
    case notRegularFile(path: String, kind: FileKind)
    /// This user may not read it, or not search a directory on its path.
    case unreadable(path: String, searchDenied: Bool)
    /// Its symbolic links point at each other without end (`ELOOP`).
    case symbolicLinkLoop(path: String)
    /// Any other failure of `realpath`, `stat` or `access`.
    case system(SystemError)

    /// A stable, machine-readable name: `missing-file`, `not-a-regular-file`, `unreadable-file`,
    /// `symlink-loop` or `file-error`.
    public var code: String {
        switch self {
        case .missing: "missing-file"
        case .notRegularFile: "not-a-regular-file"
        case .unreadable: "unreadable-file"
        case .symbolicLinkLoop: "symlink-loop"
        case .system: "file-error"
        }
    }

    /// What is wrong, naming the path.
    public var description: String {
        switch self {
        case .missing(let path, true): "\(path): a symbolic link to a file that does not exist"
        case .missing(let path, false): "\(path): no such file"
        case .notRegularFile(let path, let kind): "\(path): \(kind), not a regular file: only files are documents"
        case .unreadable(let path, true): "\(path): a directory on its path may not be searched by this user"
        case .unreadable(let path, false): "\(path): this user may not read it"
        case .symbolicLinkLoop(let path): "\(path): its symbolic links loop"
        case .system(let error): error.description
        }
    }
}
