internal import CSchemeRouterLinux
internal import Glibc

extension DocumentFile {
    /// A handle on the checked document at the canonical `path` (``resolve(_:)``'s result) that
    /// names the file without opening it for reading (`O_PATH`): what the OpenURI portal's
    /// `OpenFile` takes. Nothing can block, and a file replaced since the check by anything but a
    /// regular file is refused. A link is followed: the portal refuses an `O_PATH` handle opened
    /// with `O_NOFOLLOW` (xdg-desktop-portal 1.16), and the handle names what its target is now.
    /// - Returns: The descriptor (close-on-exec); the caller closes it.
    /// - Throws: ``DocumentFileError``: missing, not a regular file, or the call's error.
    public static func pathHandle(_ path: String) throws(DocumentFileError) -> Int32 {
        let descriptor = Glibc.open(path, schemerouter_o_path | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = Sys.errno
            if code == ENOENT || code == ENOTDIR { throw .missing(path: path, danglingLink: false) }
            throw .system(SystemError(errno: code, call: "open", path: path))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = SystemError(errno: Sys.errno, call: "fstat", path: path)
            close(descriptor)
            throw .system(failure)
        }
        let kind = FileKind(mode: UInt32(info.st_mode))
        guard kind == .regular else {
            close(descriptor)
            throw .notRegularFile(path: path, kind: kind)
        }
        return descriptor
    }
}
