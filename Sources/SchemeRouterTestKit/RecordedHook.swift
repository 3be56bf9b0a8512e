public import SchemeRouter

/// One hook call as a ``RecordingDelegate`` saw it.
public enum RecordedHook: Sendable, Hashable, CustomStringConvertible {
    /// `SchemeRouter/ApplicationDelegate/willFinishLaunching(options:)`.
    case willFinishLaunching
    /// `SchemeRouter/ApplicationDelegate/didFinishLaunching(options:)`.
    case didFinishLaunching
    /// `SchemeRouter/ApplicationDelegate/open(_:options:)` with the URL's exact text.
    case open(String)
    /// `SchemeRouter/ApplicationDelegate/didBecomeActive()`.
    case didBecomeActive
    /// `SchemeRouter/ApplicationDelegate/willResignActive()`.
    case willResignActive
    /// `SchemeRouter/ApplicationDelegate/didEnterBackground()`.
    case didEnterBackground
    /// `SchemeRouter/ApplicationDelegate/willEnterForeground()`.
    case willEnterForeground
    /// `SchemeRouter/ApplicationDelegate/willTerminate()`.
    case willTerminate
    /// `SchemeRouter/ApplicationDelegate/significantTimeChange()`.
    case significantTimeChange
    /// `SchemeRouter/ApplicationDelegate/systemTimeZoneDidChange(from:to:)` with both zones.
    case systemTimeZoneDidChange(from: String, to: String)
    /// `SchemeRouter/ApplicationDelegate/currentLocaleDidChange(from:to:)` with both locales.
    case currentLocaleDidChange(from: String, to: String)
    /// `SchemeRouter/ApplicationDelegate/didReceiveMemoryWarning()`.
    case didReceiveMemoryWarning

    /// The hook this record is of.
    public var hook: Hook {
        switch self {
        case .willFinishLaunching: .willFinishLaunching
        case .didFinishLaunching: .didFinishLaunching
        case .open: .open
        case .didBecomeActive: .didBecomeActive
        case .willResignActive: .willResignActive
        case .didEnterBackground: .didEnterBackground
        case .willEnterForeground: .willEnterForeground
        case .willTerminate: .willTerminate
        case .significantTimeChange: .significantTimeChange
        case .systemTimeZoneDidChange: .systemTimeZoneDidChange
        case .currentLocaleDidChange: .currentLocaleDidChange
        case .didReceiveMemoryWarning: .didReceiveMemoryWarning
        }
    }

    /// The hook's name, and the URL for `open`: `open(todolist://x)`.
    public var description: String {
        switch self {
        case .open(let url): "open(\(url))"
        case .systemTimeZoneDidChange(let from, let to), .currentLocaleDidChange(let from, let to):
            "\(hook.rawValue)(\(from) → \(to))"
        default: hook.rawValue
        }
    }
}
