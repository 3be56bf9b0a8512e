package import SchemeRouterPlatform

/// Why the runtime could not do what was asked: set up the runtime directory, elect a primary,
/// talk to it, or run the loop.
///
/// New reasons may be added; switch on ``exitStatus`` or compare with the static members,
/// never exhaustively on a private code (the swift-service-lifecycle pattern).
public struct RuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case runtimeDirectoryRefused
        case socketPathTooLong
        case invalidBundleName
        case system
        case uv
        case protocolViolation
        case noPrimary
        case timedOut
        case untrustedPeer
        case invalidEnvironment
        case rejectedURL
        case usage
        case hookTimedOut
        case unresponsive
        case busy
    }

    private let code: Code
    /// A sentence saying what went wrong, naming the path or call involved.
    public let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The runtime directory exists but is unsafe: not a directory, a symlink, owned by another
    /// user, or with a mode other than 0700.
    package static func runtimeDirectoryRefused(_ path: String, _ reason: String) -> RuntimeError {
        RuntimeError(
            .runtimeDirectoryRefused,
            "refusing the runtime directory \(path): \(reason)")
    }

    /// A socket path does not fit `sockaddr_un.sun_path` (108 bytes with its NUL).
    package static func socketPathTooLong(_ path: String, length: Int) -> RuntimeError {
        RuntimeError(
            .socketPathTooLong,
            "the socket path \(path) is \(length) bytes; a Unix socket path must be at most "
                + "107 bytes (sun_path is 108 with its NUL); "
                + "set XDG_RUNTIME_DIR to a shorter absolute directory")
    }

    /// The bundle name cannot name files in the runtime directory.
    package static func invalidBundleName(_ name: String) -> RuntimeError {
        RuntimeError(
            .invalidBundleName,
            "invalid bundle name \"\(name)\": use 1 to 64 letters, digits, '.', '-' or '_', "
                + "starting with a letter or digit (reverse DNS, like com.acme.todolist)")
    }

    /// A Flatpak app id (a desktop file's `X-Flatpak`) that Flatpak would not accept, so it
    /// names no app directory.
    package static func invalidFlatpakAppID(_ id: String) -> RuntimeError {
        RuntimeError(
            .invalidBundleName,
            "invalid Flatpak app id \"\(id)\": Flatpak's ids have at least three '.'-separated parts of letters, "
                + "digits, '_' or '-', none starting with a digit (like com.acme.todolist)")
    }

    /// A system call failed.
    package static func system(_ error: SystemError) -> RuntimeError {
        RuntimeError(.system, error.description)
    }

    /// A libuv call failed (the runtime's loop; the sender has none).
    package static func eventLoop(_ description: String) -> RuntimeError {
        RuntimeError(.uv, description)
    }

    /// The peer sent something that is not a valid frame of a known version.
    package static func protocolViolation(_ what: String) -> RuntimeError {
        RuntimeError(.protocolViolation, "protocol error: \(what)")
    }

    /// No primary is running and none may be started (control commands).
    package static func noPrimary(_ bundleName: String) -> RuntimeError {
        RuntimeError(.noPrimary, "\(bundleName) is not running")
    }

    /// A bounded wait ran out.
    package static func timedOut(_ what: String) -> RuntimeError {
        RuntimeError(.timedOut, what)
    }

    /// The socket at `path` is served by another user's process (`SO_PEERCRED`): it is never
    /// sent a URL, so a squatter cannot harvest them.
    package static func untrustedPeer(_ path: String, uid: UInt32, expected: UInt32) -> RuntimeError {
        RuntimeError(
            .untrustedPeer,
            "refusing \(path): the process serving it runs as uid \(uid), not as uid \(expected)")
    }

    /// An environment variable the runtime reads has a value it cannot use.
    package static func invalidEnvironment(_ name: String, _ value: String, _ expected: String) -> RuntimeError {
        RuntimeError(.invalidEnvironment, "\(name)=\"\(value)\" is invalid: \(expected)")
    }

    /// The URL given on the command line was rejected before any hook ran.
    package static func rejectedURL(_ message: String) -> RuntimeError {
        RuntimeError(.rejectedURL, message)
    }

    /// The command line is wrong.
    package static func usage(_ message: String) -> RuntimeError {
        RuntimeError(.usage, message)
    }

    /// A hook serving the request overran the hook deadline and the app was ended.
    package static func hookTimedOut(_ message: String) -> RuntimeError {
        RuntimeError(.hookTimedOut, message)
    }

    /// The primary's loop did not acknowledge a request within the receipt timeout.
    package static func unresponsive(_ message: String) -> RuntimeError {
        RuntimeError(.unresponsive, message)
    }

    /// The primary answered `busy` on every try within the busy retry time; nothing was delivered.
    package static func busy(_ message: String) -> RuntimeError {
        RuntimeError(.busy, message)
    }

    /// The exit status that reports this error.
    public var exitStatus: ExitStatus {
        switch code {
        case .runtimeDirectoryRefused, .socketPathTooLong, .untrustedPeer: .runtimeDirectoryRefused
        case .invalidBundleName, .invalidEnvironment, .usage: .usage
        case .rejectedURL: .rejected
        case .system, .uv: .systemError
        case .protocolViolation: .protocolError
        case .noPrimary: .notRunning
        case .timedOut: .noAnswer
        case .hookTimedOut: .hookTimedOut
        case .unresponsive: .unresponsive
        case .busy: .busy
        }
    }

    /// Whether this is a refused runtime directory (unsafe, or its socket path too long).
    public var isRuntimeDirectoryRefused: Bool {
        code == .runtimeDirectoryRefused || code == .socketPathTooLong || code == .untrustedPeer
    }

    /// Whether no primary is running (``exitStatus`` is ``ExitStatus/notRunning``).
    public var isNotRunning: Bool { code == .noPrimary }

    /// The message.
    public var description: String { message }
}
