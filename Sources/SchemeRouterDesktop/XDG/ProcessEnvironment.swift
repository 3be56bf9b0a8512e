internal import Glibc

/// A snapshot of environment variables: the process's own (``current``) or one a caller builds,
/// so every lookup in this library can run against a throwaway `HOME` and `XDG_*` directories.
public struct ProcessEnvironment: Sendable, Hashable {
    /// The variables, by name.
    public var variables: [String: String]

    /// Wraps `variables`.
    public init(_ variables: [String: String]) { self.variables = variables }

    /// The environment of this process, read once from `environ`.
    public static func current() -> ProcessEnvironment {
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
        return ProcessEnvironment(variables)
    }

    /// The value of `name`, or `nil` when it is unset.
    public subscript(name: String) -> String? {
        get { variables[name] }
        set { variables[name] = newValue }
    }

    /// The value of `name` when it is set and non-empty.
    func nonEmpty(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    /// `NAME=value` strings for `posix_spawn`, sorted by name.
    var entries: [String] { variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }

    /// The directories of `PATH` (default `/usr/local/bin:/usr/bin:/bin`), empty entries skipped.
    var searchPath: [String] {
        (variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
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
