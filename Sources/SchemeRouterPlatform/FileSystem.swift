// Both: in a compile batch with a file importing CSchemeRouterLinux, `struct stat` is found through it (MemberImportVisibility).
internal import CSchemeRouterLinux
internal import Glibc

/// The file-system calls of the layers above the core, each turning a failure into a
/// ``SystemError``. Whole files are read by ``RegularFile`` and written by
/// ``writeAtomically(_:to:mode:followSymbolicLinks:)``.
package enum FileSystem {
    /// What kind of file a path names (after following symbolic links).
    package enum Kind: Sendable, Equatable {
        case missing
        case regular(mode: UInt32)
        case directory
        case other
    }

    package static func error(_ call: String, _ path: String, _ code: Int32 = Glibc.errno) -> SystemError {
        SystemError(errno: code, call: call, path: path)
    }

    /// What `path` is, following symbolic links; `.missing` when it does not exist.
    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(mode: UInt32(info.st_mode & 0o7777))
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether `path` is a symbolic link (not followed).
    package static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFLNK
    }

    /// Whether `path` is a regular file with at least one execute bit that this process may execute.
    package static func isExecutableFile(_ path: String) -> Bool {
        guard case .regular(let mode) = kind(of: path), mode & 0o111 != 0 else { return false }
        return access(path, X_OK) == 0
    }

    /// Removes a file; `false` when it did not exist.
    @discardableResult
    package static func remove(_ path: String) throws(SystemError) -> Bool {
        if unlink(path) == 0 { return true }
        if Glibc.errno == ENOENT { return false }
        throw error("unlink", path)
    }

    /// Creates `path` and its missing parents (like `mkdir -p`).
    package static func makeDirectories(_ path: String, mode: UInt32 = 0o755) throws(SystemError) {
        if kind(of: path) == .directory { return }
        let (parent, _) = split(path)
        if !parent.isEmpty && parent != path { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode_t(mode)) != 0 && Glibc.errno != EEXIST { throw error("mkdir", path) }
    }

    /// The entries of a directory (without `.` and `..`), sorted by name; empty when it cannot be read.
    package static func entries(of directory: String) -> [(name: String, isDirectory: Bool)] {
        (try? listing(directory)) ?? []
    }

    /// The entries of a directory (without `.` and `..`), sorted by name.
    package static func listing(_ directory: String) throws(SystemError) -> [(name: String, isDirectory: Bool)] {
        guard let stream = opendir(directory) else { throw error("opendir", directory) }
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
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `("/a/b", "c")` for `/a/b/c`; `("/", "c")` for `/c`; `(".", "c")` for `c`.
    package static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        return (directory, String(trimmed[trimmed.index(after: slash)...]))
    }
}
