/// One ``ApplicationDelegate`` hook, as named in the runtime's trace.
///
/// The raw values are the exact names the trace file prints.
public enum Hook: String, Sendable, CaseIterable {
    /// ``ApplicationDelegate/willFinishLaunching(options:)``.
    case willFinishLaunching
    /// The state restoration step between the two launch hooks, recorded whether or not anything
    /// was restored (see ``StatePreservation``); the trace leaves it out.
    case restoreState
    /// ``ApplicationDelegate/didFinishLaunching(options:)``.
    case didFinishLaunching
    /// ``ApplicationDelegate/open(_:options:)``.
    case open
    /// ``ApplicationDelegate/didBecomeActive()``.
    case didBecomeActive
    /// ``ApplicationDelegate/willResignActive()``.
    case willResignActive
    /// ``ApplicationDelegate/didEnterBackground()``.
    case didEnterBackground
    /// ``ApplicationDelegate/willEnterForeground()``.
    case willEnterForeground
    /// ``ApplicationDelegate/willTerminate()``.
    case willTerminate
    /// ``ApplicationDelegate/significantTimeChange()``.
    case significantTimeChange
    /// ``ApplicationDelegate/systemTimeZoneDidChange(from:to:)``.
    case systemTimeZoneDidChange
    /// ``ApplicationDelegate/currentLocaleDidChange(from:to:)``.
    case currentLocaleDidChange
    /// ``ApplicationDelegate/didReceiveMemoryWarning()``.
    case didReceiveMemoryWarning
}
