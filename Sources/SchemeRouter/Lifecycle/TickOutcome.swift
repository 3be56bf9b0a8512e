/// What one ``LifecycleController/tick()`` did.
public enum TickOutcome: Sendable, Hashable {
    /// No deadline was due; nothing changed.
    case nothingDue
    /// The background deadline was reached and the app is now `suspended`. `expired` lists the
    /// background tasks whose expiration handlers ran first, in the order they began (empty when
    /// the app held none).
    case suspended(expired: [BackgroundTaskID])
}
