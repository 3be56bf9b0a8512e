internal import SchemeRouterPlatform
internal import Glibc

/// Environment variables: the process's own (``current()``, read on demand with `getenv`) or a
/// set a caller builds, so that every lookup in this library can run against a throwaway `HOME`
/// and `XDG_*` directories.
public struct ProcessEnvironment: Sendable, Hashable {
    /// `nil` while this is the untouched process environment (read live, nothing copied: the
    /// sender's start-up stays cheap); the variables once given or changed.
    private var explicit: [String: String]?

    /// Wraps `variables`.
    public init(_ variables: [String: String]) { explicit = variables }

    private init() { explicit = nil }

    /// The environment of this process. Reading is live (`getenv`); the first change makes a copy.
    public static func current() -> ProcessEnvironment { ProcessEnvironment() }

    /// Every variable, by name.
    public var variables: [String: String] {
        get { explicit ?? Self.processVariables() }
        set { explicit = newValue }
    }

    /// The value of `name`, or `nil` when it is unset.
    public subscript(name: String) -> String? {
        get {
            if let explicit { return explicit[name] }
            return getenv(name).map { String(cString: $0) }
        }
        set {
            var copy = variables
            copy[name] = newValue
            explicit = copy
        }
    }

    /// Equal when they hold the same variables.
    public static func == (lhs: ProcessEnvironment, rhs: ProcessEnvironment) -> Bool {
        (lhs.explicit == nil && rhs.explicit == nil) || lhs.variables == rhs.variables
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(variables) }

    /// The value of `name` when it is set and non-empty.
    func nonEmpty(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }

    /// `NAME=value` strings for `posix_spawn`, sorted by name.
    var entries: [String] { variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }

    /// The process's variables, read from `environ` (the first of duplicate names wins, like `getenv`).
    private static func processVariables() -> [String: String] {
        var variables: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            cursor += 1
        }
        return variables
    }

    /// The directories of `PATH` (default `/usr/local/bin:/usr/bin:/bin`), empty entries skipped.
    var searchPath: [String] {
        (self["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// The absolute path of `program` found on `PATH`, or `nil` (a name containing `/` is
    /// returned as it is when it names an executable file).
    public func which(_ program: String) -> String? {
        if program.contains("/") { return FileSystem.isExecutableFile(program) ? program : nil }
        for directory in searchPath where directory.hasPrefix("/") {
            let candidate = directory + "/" + program
            if FileSystem.isExecutableFile(candidate) { return candidate }
        }
        return nil
    }
}
