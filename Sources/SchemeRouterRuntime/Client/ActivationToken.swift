internal import Glibc

/// The desktop's activation token of this process: how a launcher lets the window a URL
/// presents take focus (`XDG_ACTIVATION_TOKEN`, Wayland's xdg-activation; `DESKTOP_STARTUP_ID`,
/// X11 startup notification).
public enum ActivationToken {
    /// The variables a launcher sets, in the order they are read.
    public static let environmentVariables = ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"]

    /// Reads the token and removes both variables from the environment: a token is valid once,
    /// so neither this process's later windows nor its children may reuse it.
    /// - Returns: The first non-empty value, or `nil`.
    public static func take() -> String? {
        var token: String?
        for name in environmentVariables {
            if token == nil, let value = getenv(name), value.pointee != 0 {
                token = String(cString: value)
            }
            unsetenv(name)
        }
        return token
    }
}
