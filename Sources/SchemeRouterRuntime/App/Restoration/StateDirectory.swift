internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import Glibc

/// Where an app's preserved state lives: `$XDG_STATE_HOME/<bundle name>/`, or
/// `$HOME/.local/state/<bundle name>/` when `XDG_STATE_HOME` is unset, empty or relative (the XDG
/// Base Directory spec ignores relative paths).
enum StateDirectory {
    /// The directory's path, or `nil` when neither variable gives an absolute base.
    static func path(bundleName: String) -> String? {
        if let base = Sys.environment("XDG_STATE_HOME"), base.hasPrefix("/") {
            return base + "/" + bundleName
        }
        if let home = Sys.environment("HOME"), home.hasPrefix("/") {
            return home + "/.local/state/" + bundleName
        }
        return nil
    }

    /// Creates `path` and its missing parents, each new one mode 0700.
    static func create(_ path: String) throws(SystemError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == -1 && Sys.errno != EEXIST {
                throw SystemError(errno: Sys.errno, call: "mkdir", path: prefix)
            }
        }
    }

    /// Why the directory must not be used (``VerifiedDirectory``: a symbolic link, not a
    /// directory, another user's, or writable by others), or `nil` when it is safe or not there yet.
    static func refusal(_ path: String) -> Refusal? {
        do throws(VerifiedDirectory.Failure) {
            Sys.close(try VerifiedDirectory.open(path, mode: .notWritableByOthers))
            return nil
        } catch {
            switch error {
            case .refused(let reason): return Refusal(path: path, reason: reason)
            case .system(let failure) where failure.errno == ENOENT: return nil
            case .system(let failure): return Refusal(path: path, reason: failure.description)
            }
        }
    }

    /// A state directory that is not used, and why; nothing in it is read, written or deleted.
    struct Refusal: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "the state directory \(path) is not used: \(reason); it was left alone" }
    }
}
