/// Why the app was launched, in ``LaunchOptions/reason``.
///
/// UIKit tells this apart through which launch-options keys are present and the app's state
/// during the launch hooks; SchemeRouter names it.
public enum LaunchReason: Sendable, Hashable, CustomStringConvertible {
    /// Started without a URL to open, into the foreground (`app` with no argument).
    case plain
    /// Started to open ``LaunchOptions/url`` (`app URL`, `xdg-open URL`, `schemectl open URL`).
    case url
    /// Started into the background (`app --background`): the launch hooks run while
    /// `background`, then `didEnterBackground`.
    case background
    /// Started by the session bus (D-Bus activation of `org.freedesktop.Application`); when the
    /// activation carried a URL, it is in ``LaunchOptions/url``.
    case busActivation
    /// Started by the session bus to run the named action (`ActivateAction`).
    case busAction(name: String)
    /// Started by the system to restore the app's preserved state.
    case restoration

    /// `plain`, `url`, `busAction(compose)`.
    public var description: String {
        switch self {
        case .plain: "plain"
        case .url: "url"
        case .background: "background"
        case .busActivation: "busActivation"
        case .busAction(let name): "busAction(\(name))"
        case .restoration: "restoration"
        }
    }
}
