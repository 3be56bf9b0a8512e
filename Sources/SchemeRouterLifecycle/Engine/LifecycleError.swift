/// Why a ``LifecycleController`` refused an event. Nothing changed and no hook ran.
public enum LifecycleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The event is not allowed in the app's current state (for example `resignActive` while
    /// `background`, or `receive` before `launch`).
    case illegalTransition(event: LifecycleEvent, state: AppState)
    /// The event is not allowed for this scene in its state (for example `enterBackground` while
    /// `foregroundActive`: resign first).
    case illegalSceneTransition(event: LifecycleEvent, session: String, state: SceneState)
    /// No session has this identifier (never created, or closed).
    case unknownSession(event: LifecycleEvent, session: String)
    /// The app uses scenes, which move one at a time: name the scene (the app-wide form of the
    /// event is for an app without scenes, whose one scene is implicit).
    case sceneRequired(event: LifecycleEvent)
    /// The event was sent from inside a hook, an observer or an expiration handler while the
    /// controller was still handling `during`. Events are handled one at a time; send it after
    /// the current one returns. (Beginning and ending background tasks are allowed in hooks.)
    case reentrantEvent(event: LifecycleEvent, during: LifecycleEvent)
    /// A launch into the background was asked to open a URL. A URL launch is a foreground launch
    /// (the app is "launched and moved to the foreground so that it can open the URL");
    /// launch into the foreground, or pass the URL in `queued` so it wakes the app.
    case urlLaunchIntoBackground(url: String)
    /// No background task with this ID is outstanding: it was already ended, or it expired.
    case unknownBackgroundTask(BackgroundTaskID)
    /// The app exits on suspend (``LifecycleConfiguration/exitsOnSuspend``), so it never runs in
    /// the background: `event` (a launch into the background) is refused.
    case exitsOnSuspend(event: LifecycleEvent)

    /// A sentence for logs and error output.
    public var description: String {
        switch self {
        case .illegalTransition(let event, let state):
            "illegal lifecycle transition: \(event.rawValue) while \(state.rawValue)"
        case .illegalSceneTransition(let event, let session, let state):
            "illegal scene transition: \(event.rawValue) for scene \(session) while \(state.rawValue)"
        case .unknownSession(let event, let session):
            "\(event.rawValue): no scene session \(session)"
        case .sceneRequired(let event):
            "\(event.rawValue) is for an app without scenes; it uses scenes, which follow their windows one by one"
        case .reentrantEvent(let event, let during):
            "\(event.rawValue) sent while \(during.rawValue) is still being handled; "
                + "lifecycle events are handled one at a time"
        case .urlLaunchIntoBackground(let url):
            "cannot launch into the background to open \(url): a URL launch is a foreground launch"
        case .unknownBackgroundTask(let id):
            "no outstanding background task \(id)"
        case .exitsOnSuspend(let event):
            "\(event.rawValue) into the background refused: the app exits on suspend and never runs in the background"
        }
    }
}
