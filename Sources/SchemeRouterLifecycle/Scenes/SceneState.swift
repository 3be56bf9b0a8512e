/// The state of one scene (one window of the app), as in UIKit's scene state figure.
///
/// A scene is created `unattached`; a scene the user asked for moves quickly to the foreground;
/// closing its UI moves it to the `background` and later `suspended`; the system may disconnect a
/// `background` or `suspended` scene at any time, which returns it to `unattached`.
/// The raw values are the names the runtime prints in its trace.
public enum SceneState: String, Sendable, CaseIterable {
    /// Not connected: before ``SceneDelegate/willConnect(to:options:)`` returns, or after
    /// ``SceneDelegate/didDisconnect()``.
    case unattached
    /// On screen but not receiving events (the window is visible without focus).
    case foregroundInactive
    /// On screen and receiving events (the window has focus).
    case foregroundActive
    /// Not on screen (the window is minimised or hidden) and still running.
    case background
    /// Not on screen and running no code.
    case suspended

    /// `true` for the two foreground states.
    public var isForeground: Bool { self == .foregroundInactive || self == .foregroundActive }
}
