/// What one ``LifecycleController/tick()`` did.
public enum TickOutcome: Sendable, Hashable {
    /// No deadline was due; nothing changed.
    case nothingDue
    /// The background deadline was reached and the app is now `suspended`. `expired` lists the
    /// background tasks whose expiration handlers ran first (and ended them), in the order they
    /// began (empty when the app held none).
    case suspended(expired: [BackgroundTaskID])
    /// The background time ran out while background tasks were open: their expiration handlers
    /// ran (`expired`, in the order the tasks began), `unended` (some of them) were still not
    /// ended afterwards, so the app was terminated as the seed says ("failure to call endBackgroundTask: … will result in
    /// the termination of your app"): `willTerminate` ran and the app is `notRunning`.
    case terminated(expired: [BackgroundTaskID], unended: [BackgroundTaskID])
}
