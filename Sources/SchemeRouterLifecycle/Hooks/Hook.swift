/// One hook a ``LifecycleController`` calls, on the app delegate or on a scene delegate, as named
/// in the runtime's trace. The raw values are the exact names the trace prints.
///
/// An app without scenes has one implicit scene whose hooks are the app delegate's own:
/// ``open``, ``didBecomeActive``, ``willResignActive``, ``willEnterForeground`` and
/// ``didEnterBackground`` come from it with no session in their ``HookRecord``. In an app with
/// scenes the same transitions come from each scene's delegate, with its session.
public enum Hook: String, Sendable, CaseIterable {
    /// ``ApplicationDelegate/willFinishLaunching(options:)``.
    case willFinishLaunching
    /// The state restoration step between the two launch hooks, recorded whether or not anything
    /// was restored (see ``StatePreservation``), so the launch deadline can name it; the trace
    /// leaves it out.
    case restoreState
    /// ``ApplicationDelegate/didFinishLaunching(options:)``.
    case didFinishLaunching
    /// ``SceneApplicationDelegate/configurationForConnecting(_:options:)``.
    case configurationForConnecting
    /// ``SceneDelegate/willConnect(to:options:)``.
    case willConnect
    /// ``SceneDelegate/didDisconnect()``.
    case didDisconnect
    /// ``ApplicationDelegate/open(_:options:)``: a URL for an app without scenes.
    case open
    /// ``SceneDelegate/openURLContexts(_:)``: a URL for a connected scene.
    case openURLContexts
    /// ``ApplicationDelegate/didBecomeActive()``, or ``SceneDelegate/didBecomeActive()``.
    case didBecomeActive
    /// ``ApplicationDelegate/willResignActive()``, or ``SceneDelegate/willResignActive()``.
    case willResignActive
    /// ``ApplicationDelegate/willEnterForeground()``, or ``SceneDelegate/willEnterForeground()``.
    case willEnterForeground
    /// ``ApplicationDelegate/didEnterBackground()``, or ``SceneDelegate/didEnterBackground()``.
    case didEnterBackground
    /// ``SceneApplicationDelegate/didDiscardSceneSessions(_:)``.
    case didDiscardSceneSessions
    /// ``ApplicationDelegate/willTerminate()``.
    case willTerminate
    /// ``ApplicationDelegate/performAction(_:)``.
    case performAction
    /// A background task's expiration handler (see
    /// ``LifecycleController/beginBackgroundTask(name:expiration:)``).
    case backgroundTaskExpiration
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

    /// The hook a system event calls.
    public init(_ event: SystemEvent.Kind) {
        switch event {
        case .significantTimeChange: self = .significantTimeChange
        case .timeZoneChange: self = .systemTimeZoneDidChange
        case .localeChange: self = .currentLocaleDidChange
        case .memoryWarning: self = .didReceiveMemoryWarning
        }
    }
}
