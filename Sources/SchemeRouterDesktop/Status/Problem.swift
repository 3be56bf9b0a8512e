/// Something `status` found wrong, with the one command or edit that fixes it.
public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// URLs of the scheme do not reach the app, or may not: `status` exits non-zero.
        case error
        /// Works now, but fragile or degraded.
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// How bad it is.
    public let severity: Severity
    /// A stable identifier for scripts (`--json`), e.g. `exec-missing`.
    public let code: String
    /// What is wrong.
    public let message: String
    /// One line that fixes it.
    public let fix: String

    /// Describes a problem.
    public init(_ severity: Severity, _ code: String, _ message: String, fix: String) {
        self.severity = severity
        self.code = code
        self.message = message
        self.fix = fix
    }

    /// `error: … (fix: …)`.
    public var description: String { "\(severity.rawValue): \(message)\n  fix: \(fix)" }
}
