internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import Glibc

/// The per-user directory that holds each app's lock file and socket:
/// `$XDG_RUNTIME_DIR/schemerouter/`, or `/tmp/schemerouter-<uid>/` when `XDG_RUNTIME_DIR` is
/// unset or empty (plain servers, CI, `su` sessions).
///
/// `prepare(environment:)` creates it with mode 0700 when missing and refuses one that is
/// unsafe: a symbolic link (never followed: the directory is opened with `O_NOFOLLOW`), not a
/// directory, owned by another user, or with a mode other than 0700. Either case exits with
/// ``ExitStatus/runtimeDirectoryRefused`` (77). Its files are opened relative to the verified
/// directory descriptor, so a path swapped after the check is never used.
public struct RuntimeDirectory: Sendable {
    /// The directory's path, without a trailing slash.
    public let path: String
    /// The directory, opened with `O_NOFOLLOW` after the checks; files inside are opened
    /// relative to it. Open for the life of the process.
    package let descriptor: Int32

    /// The longest socket path a Unix socket can bind or connect to: `sun_path` is 108 bytes,
    /// one of which is the terminating NUL. (libuv 1.44 silently truncates longer paths.)
    public static let maximumSocketPathLength = 107

    /// The directory's path for the process environment, without creating or checking anything.
    public static var path: String { path(environment: Sys.environment) }

    /// The directory's path for an environment that `environment` reads.
    package static func path(environment: (String) -> String?) -> String {
        // A relative XDG_RUNTIME_DIR is invalid (XDG Base Directory spec): ignored, like an unset one.
        if let base = environment("XDG_RUNTIME_DIR"), base.hasPrefix("/") {
            return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/schemerouter"
        }
        return "/tmp/schemerouter-\(geteuid())"
    }

    /// Creates the directory if needed (mode 0700) and checks that it is safe to use.
    /// - Throws: ``RuntimeError`` with ``RuntimeError/isRuntimeDirectoryRefused`` when it is a
    ///   symbolic link, not a directory, not owned by the user or not mode 0700; a system error
    ///   when it cannot be created. A relative `XDG_RUNTIME_DIR` is ignored with a warning (the
    ///   fallback directory is used), never created relative to the working directory.
    public static func prepare() throws(RuntimeError) -> RuntimeDirectory {
        try prepare(environment: Sys.environment)
    }

    /// ``prepare()`` for an environment that `environment` reads.
    package static func prepare(environment: (String) -> String?) throws(RuntimeError) -> RuntimeDirectory {
        let path = Self.path(environment: environment)
        if let base = environment("XDG_RUNTIME_DIR"), !base.isEmpty, !base.hasPrefix("/") {
            Log.error(
                "warning: ignoring the relative XDG_RUNTIME_DIR=\(base) (the XDG Base Directory spec requires an absolute path); using \(path)")
        }
        if mkdir(path, 0o700) != 0 {
            let error = Sys.errno
            guard error == EEXIST else { throw .system(SystemError(errno: error, call: "mkdir", path: path)) }
        }
        let descriptor: Int32
        do throws(VerifiedDirectory.Failure) {
            descriptor = try VerifiedDirectory.open(path, mode: .exactly(0o700))
        } catch {
            switch error {
            case .refused(let reason): throw .runtimeDirectoryRefused(path, reason)
            case .system(let failure): throw .system(failure)
            }
        }
        return RuntimeDirectory(path: path, descriptor: descriptor)
    }

    /// The files of one app in this directory.
    /// - Parameter bundleName: The app's bundle name, e.g. `com.acme.todolist`.
    /// - Throws: ``RuntimeError`` when the name cannot name a file or the socket path does not
    ///   fit `sun_path`.
    public func files(for bundleName: String) throws(RuntimeError) -> InstanceFiles {
        try InstanceFiles(directory: self, bundleName: bundleName)
    }
}

/// The paths of one app's lock file and socket inside a ``RuntimeDirectory``.
public struct InstanceFiles: Sendable {
    /// The verified directory.
    public let directory: RuntimeDirectory
    /// The app's bundle name.
    public let bundleName: String
    /// `<bundle name>.lock`: `flock`ed by the primary for its whole life; holds its pid.
    public let lockName: String
    /// `<bundle name>.sock`: the primary's listening socket.
    public let socketName: String
    /// `<bundle name>.new`: where the primary binds before renaming the listening socket into
    /// place, so a socket at ``socketPath`` always accepts.
    package let bindingName: String
    /// `<bundle name>.busy`: until when the primary is busy in a hook (``BusyMarker``).
    package let busyName: String

    package init(directory: RuntimeDirectory, bundleName: String) throws(RuntimeError) {
        guard Self.isValidBundleName(bundleName) else { throw .invalidBundleName(bundleName) }
        self.directory = directory
        self.bundleName = bundleName
        lockName = bundleName + ".lock"
        socketName = bundleName + ".sock"
        bindingName = bundleName + ".new"
        busyName = bundleName + ".busy"
        let length = socketPath.utf8.count
        guard length <= RuntimeDirectory.maximumSocketPathLength else {
            throw .socketPathTooLong(socketPath, length: length)
        }
    }

    /// The full path of the lock file.
    public var lockPath: String { directory.path + "/" + lockName }
    /// The full path of the socket.
    public var socketPath: String { directory.path + "/" + socketName }
    /// The full path the primary binds before renaming.
    package var bindingPath: String { directory.path + "/" + bindingName }

    /// Whether `name` can name files: 1 to 64 ASCII letters, digits, `.`, `-`, `_`, starting
    /// with a letter or digit.
    public static func isValidBundleName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count) else { return false }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        guard isAlphanumeric(bytes[0]) else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x5F }
    }
}
