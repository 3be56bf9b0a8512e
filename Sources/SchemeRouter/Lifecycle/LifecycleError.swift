/// Why a ``LifecycleController`` refused an event. The controller's state is unchanged and no
/// hook ran.
public enum LifecycleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The event is not allowed in the app's current state (for example `resignActive` while
    /// `background`).
    case illegalTransition(event: LifecycleEvent, state: AppState)
    /// The event was sent from inside a hook, an observer or an expiration handler while the
    /// controller was still handling `during`. Events are handled one at a time; send it after
    /// the current one returns. (Beginning and ending background tasks are allowed in hooks.)
    case reentrantEvent(event: LifecycleEvent, during: LifecycleEvent)
    /// A launch into the background was asked to open a URL. A URL launch is a foreground launch
    /// (the app is "launched and moved to the foreground so that it can open the URL");
    /// launch into the foreground, or pass the URL in `queued` so it wakes the app.
    case urlLaunchIntoBackground(url: String)
    /// The launch URL matches no route of the app, or a value is invalid: the app is not
    /// launched for it (no hook ran), as the runtime refuses it before launching.
    case launchURLRejected(url: String, reason: RouteError)
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
        case .reentrantEvent(let event, let during):
            "\(event.rawValue) sent while \(during.rawValue) is still being handled; "
                + "lifecycle events are handled one at a time"
        case .urlLaunchIntoBackground(let url):
            "cannot launch into the background to open \(url): a URL launch is a foreground launch"
        case .launchURLRejected(let url, let reason):
            "cannot launch to open \(url): \(reason)"
        case .unknownBackgroundTask(let id):
            "no outstanding background task \(id)"
        case .exitsOnSuspend(let event):
            "\(event.rawValue) into the background refused: the app exits on suspend and never runs in the background"
        }
    }
}
