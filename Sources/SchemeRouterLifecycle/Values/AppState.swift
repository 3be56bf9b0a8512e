/// The execution state of an app, as UIKit's `UIApplication.State` plus the two states the
/// system tracks for it (`notRunning` and `suspended`).
///
/// The raw values are the names the runtime prints in its trace.
public enum AppState: String, Sendable, CaseIterable {
    /// Not launched yet, or terminated.
    case notRunning
    /// In the foreground but not receiving events: launching, being interrupted, or between
    /// `willResignActive` and `didEnterBackground`.
    case inactive
    /// In the foreground and receiving events.
    case active
    /// Running in the background, until its background deadline passes.
    case background
    /// In memory but running no code; the next URL wakes it.
    case suspended
}
