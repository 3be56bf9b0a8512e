/// One hook a ``SceneController`` calls, on the app delegate or on a scene delegate, as named in
/// the runtime's trace. The raw values are the exact names the trace prints.
public enum SceneHook: String, Sendable, CaseIterable {
    /// ``ApplicationDelegate/willFinishLaunching(options:)``.
    case willFinishLaunching
    /// The state restoration step between the two launch hooks (recorded whether or not anything
    /// was restored, so the launch deadline can name it).
    case restoreState
    /// ``ApplicationDelegate/didFinishLaunching(options:)``.
    case didFinishLaunching
    /// ``SceneApplicationDelegate/configurationForConnecting(_:options:)``.
    case configurationForConnecting
    /// ``SceneDelegate/willConnect(to:options:)``.
    case willConnect
    /// ``SceneDelegate/didDisconnect()``.
    case didDisconnect
    /// ``SceneDelegate/didBecomeActive()``.
    case didBecomeActive
    /// ``SceneDelegate/willResignActive()``.
    case willResignActive
    /// ``SceneDelegate/willEnterForeground()``.
    case willEnterForeground
    /// ``SceneDelegate/didEnterBackground()``.
    case didEnterBackground
    /// ``SceneDelegate/openURLContexts(_:)``.
    case openURLContexts
    /// ``SceneApplicationDelegate/didDiscardSceneSessions(_:)``.
    case didDiscardSceneSessions
    /// ``ApplicationDelegate/willTerminate()``.
    case willTerminate
    /// ``StateRestorationDelegate/shouldSaveApplicationState()``.
    case shouldSaveApplicationState
    /// ``StateRestorationDelegate/willEncodeRestorableState(_:)``.
    case willEncodeRestorableState
    /// ``SceneDelegate/encodeRestorableState(_:)``.
    case encodeRestorableState
    /// ``StateRestorationDelegate/shouldRestoreApplicationState(_:)``.
    case shouldRestoreApplicationState
    /// ``SceneDelegate/decodeRestorableState(_:)``.
    case decodeRestorableState
    /// ``StateRestorationDelegate/didDecodeRestorableState(_:)``.
    case didDecodeRestorableState
    /// ``ApplicationDelegate/significantTimeChange()``.
    case significantTimeChange
    /// ``ApplicationDelegate/systemTimeZoneDidChange(from:to:)``.
    case systemTimeZoneDidChange
    /// ``ApplicationDelegate/currentLocaleDidChange(from:to:)``.
    case currentLocaleDidChange
    /// ``ApplicationDelegate/didReceiveMemoryWarning()``.
    case didReceiveMemoryWarning
}
