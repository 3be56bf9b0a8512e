public import SchemeRouterLifecycle

/// One hook call as a ``RecordingDelegate``, a ``RecordingSceneApp`` and their
/// ``RecordingSceneDelegate``s saw it, in one shared order.
///
/// The app delegate's hooks have their UIKit names (`didBecomeActive`, `open(url)`); the scene
/// delegates' hooks name the scene's session and, where an app-delegate hook has the same name,
/// carry UIKit's `scene` prefix (`sceneDidBecomeActive("scene-1")`, as `UISceneDelegate` has it).
public enum RecordedHook: Sendable, Hashable, CustomStringConvertible {
    /// `SchemeRouterLifecycle/ApplicationDelegate/willFinishLaunching(options:)`.
    case willFinishLaunching
    /// `SchemeRouterLifecycle/ApplicationDelegate/didFinishLaunching(options:)`.
    case didFinishLaunching
    /// `SchemeRouterLifecycle/ApplicationDelegate/open(_:options:)` with the URL's exact text.
    case open(String)
    /// `SchemeRouterLifecycle/ApplicationDelegate/didBecomeActive()`.
    case didBecomeActive
    /// `SchemeRouterLifecycle/ApplicationDelegate/willResignActive()`.
    case willResignActive
    /// `SchemeRouterLifecycle/ApplicationDelegate/didEnterBackground()`.
    case didEnterBackground
    /// `SchemeRouterLifecycle/ApplicationDelegate/willEnterForeground()`.
    case willEnterForeground
    /// `SchemeRouterLifecycle/ApplicationDelegate/willTerminate()`.
    case willTerminate
    /// `SchemeRouterLifecycle/ApplicationDelegate/performAction(_:)` with the action's name.
    case performAction(String)
    /// `SchemeRouterLifecycle/ApplicationDelegate/significantTimeChange()`.
    case significantTimeChange
    /// `SchemeRouterLifecycle/ApplicationDelegate/systemTimeZoneDidChange(from:to:)` with both zones.
    case systemTimeZoneDidChange(from: String, to: String)
    /// `SchemeRouterLifecycle/ApplicationDelegate/currentLocaleDidChange(from:to:)` with both locales.
    case currentLocaleDidChange(from: String, to: String)
    /// `SchemeRouterLifecycle/ApplicationDelegate/didReceiveMemoryWarning()`.
    case didReceiveMemoryWarning
    /// `SchemeRouterLifecycle/StateRestorationDelegate/shouldSaveApplicationState()`.
    case shouldSaveApplicationState
    /// `SchemeRouterLifecycle/StateRestorationDelegate/willEncodeRestorableState(_:)`.
    case willEncodeRestorableState
    /// `SchemeRouterLifecycle/StateRestorationDelegate/shouldRestoreApplicationState(_:)`.
    case shouldRestoreApplicationState
    /// `SchemeRouterLifecycle/StateRestorationDelegate/didDecodeRestorableState(_:)`.
    case didDecodeRestorableState
    /// `SchemeRouterLifecycle/SceneApplicationDelegate/configurationForConnecting(_:options:)` for a session.
    case configurationForConnecting(String)
    /// `SchemeRouterLifecycle/SceneApplicationDelegate/didDiscardSceneSessions(_:)`.
    case didDiscardSceneSessions([String])
    /// `SchemeRouterLifecycle/SceneDelegate/willConnect(to:options:)`: the session, the URLs in
    /// the options, and whether it is being restored.
    case willConnect(String, urls: [String] = [], restoring: Bool = false)
    /// `SchemeRouterLifecycle/SceneDelegate/didDisconnect()`.
    case didDisconnect(String)
    /// `SchemeRouterLifecycle/SceneDelegate/didBecomeActive()`.
    case sceneDidBecomeActive(String)
    /// `SchemeRouterLifecycle/SceneDelegate/willResignActive()`.
    case sceneWillResignActive(String)
    /// `SchemeRouterLifecycle/SceneDelegate/willEnterForeground()`.
    case sceneWillEnterForeground(String)
    /// `SchemeRouterLifecycle/SceneDelegate/didEnterBackground()`.
    case sceneDidEnterBackground(String)
    /// `SchemeRouterLifecycle/SceneDelegate/openURLContexts(_:)` with the URL's exact text.
    case openURLContexts(String, url: String)
    /// `SchemeRouterLifecycle/SceneDelegate/encodeRestorableState(_:)`.
    case encodeRestorableState(String)
    /// `SchemeRouterLifecycle/SceneDelegate/decodeRestorableState(_:)`.
    case decodeRestorableState(String)

    /// The hook this record is of.
    public var hook: Hook {
        switch self {
        case .willFinishLaunching: .willFinishLaunching
        case .didFinishLaunching: .didFinishLaunching
        case .open: .open
        case .didBecomeActive, .sceneDidBecomeActive: .didBecomeActive
        case .willResignActive, .sceneWillResignActive: .willResignActive
        case .didEnterBackground, .sceneDidEnterBackground: .didEnterBackground
        case .willEnterForeground, .sceneWillEnterForeground: .willEnterForeground
        case .willTerminate: .willTerminate
        case .performAction: .performAction
        case .significantTimeChange: .significantTimeChange
        case .systemTimeZoneDidChange: .systemTimeZoneDidChange
        case .currentLocaleDidChange: .currentLocaleDidChange
        case .didReceiveMemoryWarning: .didReceiveMemoryWarning
        case .shouldSaveApplicationState: .shouldSaveApplicationState
        case .willEncodeRestorableState: .willEncodeRestorableState
        case .shouldRestoreApplicationState: .shouldRestoreApplicationState
        case .didDecodeRestorableState: .didDecodeRestorableState
        case .configurationForConnecting: .configurationForConnecting
        case .didDiscardSceneSessions: .didDiscardSceneSessions
        case .willConnect: .willConnect
        case .didDisconnect: .didDisconnect
        case .openURLContexts: .openURLContexts
        case .encodeRestorableState: .encodeRestorableState
        case .decodeRestorableState: .decodeRestorableState
        }
    }

    /// The scene's session, for a scene delegate's hook (and `configurationForConnecting`).
    public var session: String? {
        switch self {
        case .configurationForConnecting(let session), .willConnect(let session, _, _), .didDisconnect(let session),
            .sceneDidBecomeActive(let session), .sceneWillResignActive(let session),
            .sceneWillEnterForeground(let session), .sceneDidEnterBackground(let session),
            .openURLContexts(let session, _), .encodeRestorableState(let session), .decodeRestorableState(let session):
            session
        default:
            nil
        }
    }

    /// `open(todolist://x)`, `sceneDidBecomeActive(scene-1)`, `willConnect(scene-2, notes://new)`.
    public var description: String {
        switch self {
        case .open(let url): "open(\(url))"
        case .performAction(let name): "performAction(\(name))"
        case .systemTimeZoneDidChange(let from, let to), .currentLocaleDidChange(let from, let to):
            "\(hook.rawValue)(\(from) → \(to))"
        case .didDiscardSceneSessions(let sessions): "didDiscardSceneSessions(\(sessions.joined(separator: ", ")))"
        case .willConnect(let session, let urls, let restoring):
            "willConnect(\(session)\(urls.map { ", " + $0 }.joined())\(restoring ? ", restoring" : ""))"
        case .openURLContexts(let session, let url): "openURLContexts(\(session), \(url))"
        case .sceneDidBecomeActive(let session): "sceneDidBecomeActive(\(session))"
        case .sceneWillResignActive(let session): "sceneWillResignActive(\(session))"
        case .sceneWillEnterForeground(let session): "sceneWillEnterForeground(\(session))"
        case .sceneDidEnterBackground(let session): "sceneDidEnterBackground(\(session))"
        default: session.map { "\(hook.rawValue)(\($0))" } ?? hook.rawValue
        }
    }
}
