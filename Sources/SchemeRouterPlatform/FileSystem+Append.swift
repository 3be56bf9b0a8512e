// Both: in a compile batch with a file importing CSchemeRouterLinux, `struct stat` is found through it (MemberImportVisibility).
internal import CSchemeRouterLinux
internal import Glibc

/// The one durable appender: a log that grows a line at a time (TodoList's items).
extension FileSystem {
    /// Why an append failed.
    package enum AppendError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A system call failed.
        case system(SystemError)
        /// The path names a FIFO, a device, a directory or a socket: refused before writing.
        case notRegularFile(path: String, kind: FileKind)

        package var description: String {
            switch self {
            case .system(let error): error.description
            case .notRegularFile(let path, let kind): "\(path): \(kind), not a regular file"
            }
        }
    }

    /// Appends `bytes` to the regular file at `path` in one `write` with `O_APPEND` and waits until
    /// they are on disk (`fdatasync`; the directory too when the file is new). The file is created
    /// with `mode`, its missing directories with 0700. A failed append is cut off again, so the file
    /// ends where it did and the next append starts on a line of its own.
    package static func appendDurably(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o600) throws(AppendError) {
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK
        var fd = open(path, flags, mode_t(mode))
        // The directory is made only when it is missing: not a mkdir per parent on every append.
        if fd < 0 && Glibc.errno == ENOENT {
            do { try makeDirectories(split(path).directory, mode: 0o700) } catch { throw .system(error) }
            fd = open(path, flags, mode_t(mode))
        }
        guard fd >= 0 else { throw .system(error("open", path)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(error("fstat", path)) }
        let kind = FileKind(mode: UInt32(info.st_mode))
        guard kind == .regular else { throw .notRegularFile(path: path, kind: kind) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if Glibc.errno == EINTR { continue }
                let failure = error("write", path)
                _ = ftruncate(fd, info.st_size)
                throw .system(failure)
            }
            offset += written
        }
        guard fdatasync(fd) == 0 else {
            let failure = error("fdatasync", path)
            _ = ftruncate(fd, info.st_size)
            throw .system(failure)
        }
        guard info.st_size == 0 else { return }
        // A new name in the directory is durable only when the directory is.
        let directory = open(split(path).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw .system(error("open", split(path).directory)) }
        defer { close(directory) }
        guard fsync(directory) == 0 else { throw .system(error("fsync", split(path).directory)) }
    }

    /// Cuts the file at `path` to its first `length` bytes and waits until that is on disk.
    package static func truncate(_ path: String, to length: Int) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw error("open", path) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(length)) == 0 else { throw error("ftruncate", path) }
        guard fsync(fd) == 0 else { throw error("fsync", path) }
    }
}
