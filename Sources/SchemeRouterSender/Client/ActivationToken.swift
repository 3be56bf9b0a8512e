internal import SchemeRouterPlatform
internal import Glibc

/// The desktop's activation token of this process: how a launcher lets the window a URL
/// presents take focus (`XDG_ACTIVATION_TOKEN`, Wayland's xdg-activation; `DESKTOP_STARTUP_ID`,
/// X11 startup notification).
public enum ActivationToken {
    /// The variables a launcher sets, in the order they are read.
    public static let environmentVariables = ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"]

    /// The longest token either door passes on (4,096 bytes; real ones are under 100). A longer
    /// one is dropped with a warning and the URL goes on without it: a token only lets a window
    /// take focus, so it never costs a URL.
    public static let maximumLength = 4096

    /// `token`, or `nil` with a warning on standard error when it is longer than
    /// ``maximumLength``. `source` names where it came from, for the warning.
    package static func bounded(_ token: String?, from source: String) -> String? {
        guard let token, token.utf8.count > maximumLength else { return token }
        Log.error(
            "warning: ignoring \(source): its \(token.utf8.count) bytes are more than the \(maximumLength) an activation "
                + "token may have; the URL goes on without it (its window may not take focus)")
        return nil
    }

    /// Reads the token and removes both variables from the environment: a token is valid once,
    /// so neither this process's later windows nor its children may reuse it.
    ///
    /// GTK's library constructor takes `DESKTOP_STARTUP_ID` out of the environment before `main`
    /// runs, so a variable `getenv` no longer sees is read from the environment the kernel
    /// passed (`/proc/self/environ`).
    /// - Returns: The first non-empty value, or `nil` (also, with a warning on standard error,
    ///   when it is longer than ``maximumLength``).
    public static func take() -> String? {
        var token: String?
        var source = ""
        var initial: [UInt8]?
        for name in environmentVariables {
            if token == nil {
                source = name
                if let value = getenv(name), value.pointee != 0 {
                    token = String(cString: value)
                } else {
                    initial = initial ?? initialEnvironment()
                    if let value = initialValue(of: name, in: initial ?? []), !value.isEmpty { token = value }
                }
            }
            unsetenv(name)
        }
        return bounded(token, from: source)
    }

    /// The environment as the kernel passed it at `execve`: `NAME=value` entries, each ending in NUL.
    private static func initialEnvironment() -> [UInt8] {
        let descriptor = open("/proc/self/environ", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    /// The value of the first `name=` entry of `environment`, as `getenv` would find it. A scan in
    /// place, not a table of every variable: every launch and wake of an app reads this.
    static func initialValue(of name: String, in environment: [UInt8]) -> String? {
        let prefix = Array(name.utf8) + [UInt8(ascii: "=")]
        var start = 0
        while start < environment.count {
            let end = environment[start...].firstIndex(of: 0) ?? environment.count
            if end - start >= prefix.count, environment[start..<start + prefix.count].elementsEqual(prefix) {
                return String(decoding: environment[(start + prefix.count)..<end], as: UTF8.self)
            }
            start = end + 1
        }
        return nil
    }
}
