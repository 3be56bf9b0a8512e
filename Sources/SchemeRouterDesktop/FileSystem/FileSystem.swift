internal import Glibc

/// The file-system calls of the desktop layer, each turning a failure into a ``FileSystemError``.
///
/// Files are small (desktop entries, `mimeapps.list`, `mimeinfo.cache`), so they are read whole.
/// Every write is atomic: a temporary file in the same directory, `fsync`, then `rename`, so a
/// reader (xdg-mime, GLib) sees the old or the new file, never half of one.
enum FileSystem {
    /// What kind of file a path names (after following symbolic links).
    enum Kind: Sendable, Equatable {
        case missing
        case regular(mode: UInt32)
        case directory
        case other
    }

    static func error(_ call: String, _ path: String, _ code: Int32 = Glibc.errno) -> FileSystemError {
        FileSystemError(call: call, path: path, errno: code, reason: String(cString: strerror(code)))
    }

    /// What `path` is, following symbolic links; `.missing` when it does not exist.
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(mode: UInt32(info.st_mode & 0o7777))
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether `path` is a symbolic link (not followed).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFLNK
    }

    /// Whether `path` is a regular file with at least one execute bit that this process may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        guard case .regular(let mode) = kind(of: path), mode & 0o111 != 0 else { return false }
        return access(path, X_OK) == 0
    }

    /// The whole file, or `nil` when it does not exist.
    static func read(_ path: String) throws(FileSystemError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if Glibc.errno == ENOENT || Glibc.errno == ENOTDIR { return nil }
            throw error("open", path)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if Glibc.errno == EINTR { continue }
                throw error("read", path)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// Replaces `path` with `bytes` atomically. A symbolic link is followed (its target is
    /// replaced, the link stays); an existing file keeps its permission bits, a new one gets `mode`.
    static func writeAtomically(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o644) throws(FileSystemError) {
        var target = path
        if isSymbolicLink(path), let resolved = realPath(path) { target = resolved }
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
    }

    /// Removes a file; `false` when it did not exist.
    @discardableResult
    static func remove(_ path: String) throws(FileSystemError) -> Bool {
        if unlink(path) == 0 { return true }
        if Glibc.errno == ENOENT { return false }
        throw error("unlink", path)
    }

    /// Creates `path` and its missing parents (like `mkdir -p`).
    static func makeDirectories(_ path: String, mode: UInt32 = 0o755) throws(FileSystemError) {
        if kind(of: path) == .directory { return }
        let (parent, _) = split(path)
        if !parent.isEmpty && parent != path { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode_t(mode)) != 0 && Glibc.errno != EEXIST { throw error("mkdir", path) }
    }

    /// The entries of a directory (without `.` and `..`), sorted by name; empty when it cannot be read.
    static func entries(of directory: String) -> [(name: String, isDirectory: Bool)] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var result: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) {
                isDirectory = kind(of: directory + "/" + name) == .directory
            }
            result.append((name, isDirectory))
        }
        return result.sorted { $0.name < $1.name }
    }

    /// The canonical absolute path (symbolic links resolved), or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `("/a/b", "c")` for `/a/b/c`; `("/", "c")` for `/c`; `(".", "c")` for `c`.
    static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        return (directory, String(trimmed[trimmed.index(after: slash)...]))
    }
}
