internal import SchemeRouterSender

/// What one window of a scene app shows, as its toolkit reports it; the runtime moves the
/// window's scene there (``RuntimeLoop/sceneWindowChanged(_:to:)``).
///
/// | window | scene state | hooks from a foreground scene |
/// |---|---|---|
/// | ``focused`` | `foregroundActive` | (`willEnterForeground`), `didBecomeActive` |
/// | ``unfocused`` | `foregroundInactive` | `willResignActive` |
/// | ``hidden`` (minimised) | `background` | (`willResignActive`), `didEnterBackground` |
/// | ``closed`` | forgotten | `close`: as needed `willResignActive`, `didEnterBackground`, `didDisconnect`, then `didDiscardSceneSessions` |
public enum SceneWindowState: String, Sendable, CaseIterable {
    /// Shown and focused.
    case focused
    /// Shown without the focus.
    case unfocused
    /// Minimised or hidden.
    case hidden
    /// Closed by the user: the scene's session is discarded.
    case closed
}
