internal import Glibc

/// The one atomic writer.
extension FileSystem {
    /// Replaces `path` with `bytes` atomically: a temporary file in the same directory, `fsync`,
    /// `rename`, then `fsync` of the directory, so a reader (xdg-mime, GLib, the app itself) sees
    /// the old or the new file, never half of one, even after a crash. A symbolic link is followed
    /// (its target is replaced, the link stays) unless `followSymbolicLinks` is `false` (then the
    /// link itself is replaced); an existing file keeps its permission bits, a new one gets `mode`.
    package static func writeAtomically(
        _ bytes: [UInt8], to path: String, mode: UInt32 = 0o644, followSymbolicLinks: Bool = true
    ) throws(SystemError) {
        var target = path
        if followSymbolicLinks, isSymbolicLink(path), let resolved = realPath(path) { target = resolved }
        var permissions = mode
        if case .regular(let existing) = kind(of: target) { permissions = existing }
        let (directory, name) = split(target)
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temporary = directory + "/." + name + "." + String(UInt32.random(in: .min ... .max), radix: 36) + ".tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
            if fd >= 0 || Glibc.errno != EEXIST { break }
        }
        guard fd >= 0 else { throw error("open", temporary) }
        var closed = false
        defer { if !closed { close(fd); unlink(temporary) } }
        // The umask may have narrowed the mode given to open; set it exactly.
        guard fchmod(fd, mode_t(permissions)) == 0 else { throw error("fchmod", temporary) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if Glibc.errno == EINTR { continue }
                throw error("write", temporary)
            }
            offset += written
        }
        guard fsync(fd) == 0 else { throw error("fsync", temporary) }
        closed = true
        guard close(fd) == 0 else {
            let code = Glibc.errno
            unlink(temporary)
            throw error("close", temporary, code)
        }
        guard rename(temporary, target) == 0 else {
            let code = Glibc.errno
            unlink(temporary)
            throw error("rename", target, code)
        }
        // The rename itself reaches the disk only when the directory does.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }
}
