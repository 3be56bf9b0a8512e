/// One hook call of a scene-based app, as a ``RecordingSceneApp`` and its
/// ``RecordingSceneDelegate``s saw it, in one shared order. Scene hooks name the scene's session.
public enum RecordedSceneHook: Sendable, Hashable, CustomStringConvertible {
    /// `SchemeRouter/ApplicationDelegate/willFinishLaunching(options:)`.
    case willFinishLaunching
    /// `SchemeRouter/ApplicationDelegate/didFinishLaunching(options:)`.
    case didFinishLaunching
    /// `SchemeRouter/SceneApplicationDelegate/configurationForConnecting(_:options:)` for a session.
    case configurationForConnecting(String)
    /// `SchemeRouter/SceneDelegate/willConnect(to:options:)`: the session, the URLs in the
    /// options, and whether it is being restored.
    case willConnect(String, urls: [String] = [], restoring: Bool = false)
    /// `SchemeRouter/SceneDelegate/didDisconnect()`.
    case didDisconnect(String)
    /// `SchemeRouter/SceneDelegate/didBecomeActive()`.
    case didBecomeActive(String)
    /// `SchemeRouter/SceneDelegate/willResignActive()`.
    case willResignActive(String)
    /// `SchemeRouter/SceneDelegate/willEnterForeground()`.
    case willEnterForeground(String)
    /// `SchemeRouter/SceneDelegate/didEnterBackground()`.
    case didEnterBackground(String)
    /// `SchemeRouter/SceneDelegate/openURLContexts(_:)` with the URL's exact text.
    case openURLContexts(String, url: String)
    /// `SchemeRouter/SceneApplicationDelegate/didDiscardSceneSessions(_:)`.
    case didDiscardSceneSessions([String])
    /// `SchemeRouter/ApplicationDelegate/willTerminate()`.
    case willTerminate
    /// `SchemeRouter/StateRestorationDelegate/shouldSaveApplicationState()`.
    case shouldSaveApplicationState
    /// `SchemeRouter/StateRestorationDelegate/willEncodeRestorableState(_:)`.
    case willEncodeRestorableState
    /// `SchemeRouter/SceneDelegate/encodeRestorableState(_:)`.
    case encodeRestorableState(String)
    /// `SchemeRouter/StateRestorationDelegate/shouldRestoreApplicationState(_:)`.
    case shouldRestoreApplicationState
    /// `SchemeRouter/SceneDelegate/decodeRestorableState(_:)`.
    case decodeRestorableState(String)
    /// `SchemeRouter/StateRestorationDelegate/didDecodeRestorableState(_:)`.
    case didDecodeRestorableState
    /// `SchemeRouter/ApplicationDelegate/significantTimeChange()`.
    case significantTimeChange
    /// `SchemeRouter/ApplicationDelegate/systemTimeZoneDidChange(from:to:)` with both zones.
    case systemTimeZoneDidChange(from: String, to: String)
    /// `SchemeRouter/ApplicationDelegate/currentLocaleDidChange(from:to:)` with both locales.
    case currentLocaleDidChange(from: String, to: String)
    /// `SchemeRouter/ApplicationDelegate/didReceiveMemoryWarning()`.
    case didReceiveMemoryWarning

    /// `hook(session…)`, for failure messages.
    public var description: String {
        switch self {
        case .willFinishLaunching: "willFinishLaunching"
        case .didFinishLaunching: "didFinishLaunching"
        case .configurationForConnecting(let session): "configurationForConnecting(\(session))"
        case .willConnect(let session, let urls, let restoring):
            "willConnect(\(session)\(urls.map { ", " + $0 }.joined())\(restoring ? ", restoring" : ""))"
        case .didDisconnect(let session): "didDisconnect(\(session))"
        case .didBecomeActive(let session): "didBecomeActive(\(session))"
        case .willResignActive(let session): "willResignActive(\(session))"
        case .willEnterForeground(let session): "willEnterForeground(\(session))"
        case .didEnterBackground(let session): "didEnterBackground(\(session))"
        case .openURLContexts(let session, let url): "openURLContexts(\(session), \(url))"
        case .didDiscardSceneSessions(let sessions): "didDiscardSceneSessions(\(sessions.joined(separator: ", ")))"
        case .willTerminate: "willTerminate"
        case .shouldSaveApplicationState: "shouldSaveApplicationState"
        case .willEncodeRestorableState: "willEncodeRestorableState"
        case .encodeRestorableState(let session): "encodeRestorableState(\(session))"
        case .shouldRestoreApplicationState: "shouldRestoreApplicationState"
        case .decodeRestorableState(let session): "decodeRestorableState(\(session))"
        case .didDecodeRestorableState: "didDecodeRestorableState"
        case .significantTimeChange: "significantTimeChange"
        case .systemTimeZoneDidChange(let from, let to): "systemTimeZoneDidChange(\(from), \(to))"
        case .currentLocaleDidChange(let from, let to): "currentLocaleDidChange(\(from), \(to))"
        case .didReceiveMemoryWarning: "didReceiveMemoryWarning"
        }
    }
}
