internal import CSchemeRouterLinux
package import SchemeRouterPlatform
internal import Glibc

/// Opens a directory the runtime keeps its user's files in, after checking it is safe: not a
/// symbolic link (opened with `O_NOFOLLOW`, never followed), a directory, owned by the user, and
/// of a mode the caller's rule allows. The runtime directory and the state directory use it.
package enum VerifiedDirectory {
    /// What the directory's mode may be.
    package enum ModeRule {
        /// Exactly this mode (the runtime directory: 0700).
        case exactly(UInt32)
        /// Neither group nor others may write to it (the state directory).
        case notWritableByOthers
    }

    /// Why a directory was not used.
    package enum Failure: Error {
        /// It is unsafe: the reason, for people (`it is a symbolic link (never followed)`).
        case refused(String)
        /// A system call failed.
        case system(SystemError)
    }

    /// Opens `path` (which must exist) after the checks; the caller closes the descriptor.
    package static func open(_ path: String, mode rule: ModeRule) throws(Failure) -> Int32 {
        var linkStatus = stat()
        if lstat(path, &linkStatus) == 0, linkStatus.st_mode & S_IFMT == S_IFLNK {
            throw .refused("it is a symbolic link (never followed)")
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            let error = Sys.errno
            switch error {
            case ELOOP: throw .refused("it is a symbolic link (never followed)")
            case ENOTDIR: throw .refused("it is not a directory")
            default: throw .system(SystemError(errno: error, call: "open", path: path))
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = SystemError(errno: Sys.errno, call: "fstat", path: path)
            Sys.close(descriptor)
            throw .system(error)
        }
        let user = geteuid()
        if status.st_uid != user {
            Sys.close(descriptor)
            throw .refused("it is owned by uid \(status.st_uid), not by uid \(user)")
        }
        let mode = status.st_mode & 0o7777
        switch rule {
        case .exactly(let required) where mode != required:
            Sys.close(descriptor)
            throw .refused("its mode is 0\(String(mode, radix: 8)), it must be 0\(String(required, radix: 8))")
        case .notWritableByOthers where mode & 0o022 != 0:
            Sys.close(descriptor)
            throw .refused("its mode is 0\(String(mode, radix: 8)): other users may write to it")
        default:
            return descriptor
        }
    }
}
