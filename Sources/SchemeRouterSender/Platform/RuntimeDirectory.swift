internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import Glibc

/// The per-user directory that holds each app's lock file and socket:
/// `$XDG_RUNTIME_DIR/schemerouter/`, or `/tmp/schemerouter-<uid>/` when `XDG_RUNTIME_DIR` is
/// unset or empty (plain servers, CI, `su` sessions).
///
/// Inside a Flatpak sandbox it is `$XDG_RUNTIME_DIR/app/<app id>/` instead: Flatpak shares that
/// one directory between the sandbox and the host (where it is `$XDG_RUNTIME_DIR/app/<app id>/`
/// too), while the rest of the sandbox's runtime directory is its own. Host senders of an app
/// installed as a Flatpak look there (``prepare(flatpakApp:)``), and so does the app's own
/// invocation on the host when that directory exists, so host and sandbox elect one primary.
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
    package static func path(environment: (String) -> String?, sandbox: FlatpakSandbox? = FlatpakSandbox.current) -> String {
        if let sandbox, let base = base(environment) { return base + "/app/" + sandbox.appID }
        if let base = base(environment) { return base + "/schemerouter" }
        return "/tmp/schemerouter-\(geteuid())"
    }

    /// `$XDG_RUNTIME_DIR` without a trailing slash, or `nil` when it is unset or relative (a
    /// relative one is invalid: the XDG Base Directory spec; ignored, like an unset one).
    private static func base(_ environment: (String) -> String?) -> String? {
        guard let base = environment("XDG_RUNTIME_DIR"), base.hasPrefix("/") else { return nil }
        return base.hasSuffix("/") ? String(base.dropLast()) : base
    }

    /// The path of the directory a Flatpak app's primary listens in, as this process sees it
    /// (`$XDG_RUNTIME_DIR/app/<app id>`), or `nil` without an absolute `XDG_RUNTIME_DIR`.
    package static func flatpakPath(appID: String, environment: (String) -> String?) -> String? {
        base(environment).map { $0 + "/app/" + appID }
    }

    /// Creates the directory if needed (mode 0700) and checks that it is safe to use.
    /// - Throws: ``RuntimeError`` with ``RuntimeError/isRuntimeDirectoryRefused`` when it is a
    ///   symbolic link, not a directory, not owned by the user or not mode 0700; a system error
    ///   when it cannot be created. A relative `XDG_RUNTIME_DIR` is ignored with a warning (the
    ///   fallback directory is used), never created relative to the working directory.
    public static func prepare() throws(RuntimeError) -> RuntimeDirectory {
        try prepare(environment: Sys.environment)
    }

    /// The directory of a Flatpak app's primary, `$XDG_RUNTIME_DIR/app/<appID>/`, for a sender
    /// that found the app's desktop file exported by Flatpak (its `X-Flatpak` key names the app
    /// id). Never created: Flatpak makes it when the app first runs in the session.
    /// - Returns: The checked directory, or `nil` when it does not exist (the app has not run in
    ///   this session, so no primary listens there) or `XDG_RUNTIME_DIR` is not set.
    /// - Throws: ``RuntimeError`` as ``prepare()`` for an unsafe directory, or for an app id
    ///   that cannot name a directory.
    public static func prepare(flatpakApp appID: String) throws(RuntimeError) -> RuntimeDirectory? {
        try prepare(flatpakApp: appID, environment: Sys.environment)
    }

    /// ``prepare(flatpakApp:)`` for an environment that `environment` reads.
    package static func prepare(flatpakApp appID: String, environment: (String) -> String?) throws(RuntimeError) -> RuntimeDirectory? {
        guard FlatpakSandbox.isValidAppID(appID) else { throw .invalidFlatpakAppID(appID) }
        guard let path = flatpakPath(appID: appID, environment: environment) else { return nil }
        return try open(path, create: false)
    }

    /// The directory an app's own invocation elects its primary in: inside Flatpak the sandbox's
    /// (``path``); on the host `$XDG_RUNTIME_DIR/app/<bundle name>/` when it exists (the app
    /// runs, or ran, as a Flatpak whose app id is its bundle name: host and sandbox then share
    /// one lock and one socket), else the default.
    package static func prepare(forApp bundleName: String, environment: (String) -> String?) throws(RuntimeError) -> RuntimeDirectory {
        if FlatpakSandbox.current == nil, FlatpakSandbox.isValidAppID(bundleName),
            let shared = try prepare(flatpakApp: bundleName, environment: environment)
        {
            return shared
        }
        return try prepare(environment: environment)
    }

    /// ``prepare()`` for an environment that `environment` reads.
    package static func prepare(environment: (String) -> String?) throws(RuntimeError) -> RuntimeDirectory {
        let path = Self.path(environment: environment)
        if let base = environment("XDG_RUNTIME_DIR"), !base.isEmpty, !base.hasPrefix("/") {
            Log.error(
                "warning: ignoring the relative XDG_RUNTIME_DIR=\(base) (the XDG Base Directory spec requires an absolute path); using \(path)")
        }
        // With `create`, `open` returns the directory or throws.
        guard let directory = try open(path, create: true) else { throw .runtimeDirectoryRefused(path, "it does not exist") }
        return directory
    }

    /// Opens and checks the directory at `path`, creating it first when `create` is set.
    /// - Returns: `nil` when it does not exist and `create` is not set.
    private static func open(_ path: String, create: Bool) throws(RuntimeError) -> RuntimeDirectory? {
        if create, mkdir(path, 0o700) != 0 {
            let error = Sys.errno
            guard error == EEXIST else { throw .system(SystemError(errno: error, call: "mkdir", path: path)) }
        }
        let descriptor: Int32
        do throws(VerifiedDirectory.Failure) {
            descriptor = try VerifiedDirectory.open(path, mode: .exactly(0o700))
        } catch {
            switch error {
            case .refused(let reason): throw .runtimeDirectoryRefused(path, reason)
            case .system(let failure) where !create && (failure.errno == ENOENT || failure.errno == ENOTDIR): return nil
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
