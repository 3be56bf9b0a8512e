internal import Glibc

/// One-line messages to standard error, prefixed with the program's name.
package enum Log {
    /// The program's name (argv[0]'s last component).
    package static var program: String {
        guard CommandLine.argc > 0, let first = CommandLine.unsafeArgv[0] else { return "app" }
        let path = String(cString: first)
        return path.split(separator: "/").last.map(String.init) ?? "app"
    }

    /// Writes `program: message` to standard error in one `write`.
    package static func error(_ message: String) {
        let line = Array("\(program): \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
