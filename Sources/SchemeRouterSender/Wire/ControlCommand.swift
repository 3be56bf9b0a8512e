/// A lifecycle command sent on the control channel (`schemectl lifecycle`, `app --quit`).
public enum ControlCommand: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Report the app's state; changes nothing.
    case state = 1
    /// `active` → `willResignActive`, `didEnterBackground`; `inactive` → `didEnterBackground`.
    case background = 2
    /// `background` or `suspended` → `willEnterForeground`, `didBecomeActive`.
    case foreground = 3
    /// Terminate the app (`willTerminate` unless suspended), then exit; the reply comes once the
    /// socket and lock are released.
    case terminate = 4
    /// What a plain `app` invocation sends to a running primary: foreground it if it is in the
    /// background or suspended, make it active if inactive, nothing if active.
    case activate = 5
    /// The user's force-quit (`app --quit --discard-state`): like ``terminate``, but nothing is
    /// preserved and the preserved state is deleted (the seed: "the system automatically deletes
    /// an app's preserved state when the user force quits the app").
    case forceQuit = 6
    /// A temporary interruption begins: `active` → `willResignActive` (`inactive`), without
    /// leaving the foreground.
    case inactive = 7
    /// The interruption ends: `inactive` → `didBecomeActive`.
    case active = 8

    /// The command's name on the command line, e.g. `background`.
    public var description: String {
        switch self {
        case .state: "state"
        case .background: "background"
        case .foreground: "foreground"
        case .terminate: "terminate"
        case .activate: "activate"
        case .forceQuit: "force-quit"
        case .inactive: "inactive"
        case .active: "active"
        }
    }

    /// The command with this name, if any.
    public init?(name: String) {
        guard let command = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = command
    }
}
